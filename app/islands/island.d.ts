/** vite.config.ts: `import url from "./x.ts?island"` is the URL of x.ts built on its own. */
declare module "*?island" {
  const url: string;
  export default url;
}
