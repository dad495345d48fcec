import { createHash } from "node:crypto";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";

/**
 * `import url from "./x.ts?island"`: the URL of x.ts built on its own (bundled, minified) as a
 * hashed file in the client's assets, for a <script type="module"> on pages that are not hydrated
 * (docs/decisions/0007-public-pages-without-hydration.md). The server build gets the same URL
 * (same content, same hash) without writing the file; the dev server serves the source as it is.
 */
function islands(): Plugin {
  let dev = false;
  return {
    name: "site-islands",
    configResolved(config) {
      dev = config.command === "serve";
    },
    async load(id, options) {
      const [file, query] = id.split("?");
      if (query !== "island") return null;
      if (dev) return `export default ${JSON.stringify(`/${path.relative(process.cwd(), file)}`)};`;
      const result = await esbuild({
        entryPoints: [file],
        bundle: true,
        minify: true,
        format: "esm",
        target: "es2022",
        write: false,
        legalComments: "none",
      });
      const code = result.outputFiles[0].text;
      const fileName = `assets/${path.basename(file, path.extname(file))}-${createHash("sha256").update(code).digest("base64url").slice(0, 10)}.js`;
      if (!options?.ssr) this.emitFile({ type: "asset", fileName, source: code });
      this.addWatchFile(file);
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
  };
}

const CLIENT_CHUNKS = {
  groups: [
    { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
    { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 10, entriesAware: true, entriesAwareMergeThreshold: 8 * 1024 },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle is our Express app (server/app.ts), which embeds the React Router build:
  // one artifact to start, and startup/shutdown hooks next to the request handler.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : { rolldownOptions: { output: { codeSplitting: CLIENT_CHUNKS } } },
  resolve: { tsconfigPaths: true },
  plugins: [islands(), tailwindcss(), reactRouter()],
}));
