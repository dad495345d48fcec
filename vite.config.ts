import { createHash } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { catalogueCheck } from "./app/i18n/catalogue-check";
import { dv } from "./app/i18n/dv";
import { en } from "./app/i18n/en";

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

/** What the chunking below reads of the module graph (rolldown's ChunkingContext). */
interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/** A route module as React Router's client build names its entry. */
const ROUTE_QUERY = "?__react-router-build-client-route";
const routeEntry = (file: string) => new RegExp(`[\\\\/]app[\\\\/]${file}\\?__react-router-build-client-route$`);
const SHELL_ROUTES = [routeEntry("root\\.tsx"), routeEntry("routes[\\\\/]admin[\\\\/]layout\\.tsx")];
const DASHBOARD_ROUTE = routeEntry("routes[\\\\/]admin[\\\\/]dashboard\\.tsx");
const LIST_ROUTES = routeEntry("routes[\\\\/]admin[\\\\/](services|projects)\\.tsx");
/** Public pages are never hydrated (docs/decisions/0007-public-pages-without-hydration.md): their client chunks never load. */
const PUBLIC_ROUTES = routeEntry("routes[\\\\/]public[\\\\/][^\\\\/]+");
const isAppModule = (id: string) => /[\\/]app[\\/]/.test(id) && !/node_modules|\?/.test(id);
const isRouteFile = (id: string) => /[\\/]app[\\/](root\.tsx|routes[\\/])/.test(id);

/**
 * The client build's chunks: few and large, so that an admin page on a phone's slow line costs few round trips
 * (docs/decisions/0039-admin-chunks-by-page.md; before: 29-43 files per admin page, after: 8-9).
 * - react: React, React DOM and React Router, which every hydrated page runs.
 * - icons: every lucide icon (9 KiB gzipped in all; the dashboard alone used all five of its former icon chunks).
 * - admin: the app's modules the root and the admin layout import (the shell every admin page shows), and those
 *   the dashboard, the first page after signing in, shares with another page.
 * - records: what the services and projects lists share with another page (card actions, images, badges, switches).
 * Everything else follows Rolldown's own splitting: a page's own modules go with its route, what loads lazily (dialogs,
 * the drawer, toasts, charts) stays in its own chunks. The groups name app modules only; Rolldown adds the modules
 * they import (Radix, tailwind-merge), as tree-shaking leaves them, to the same chunk.
 */
function clientChunks() {
  // For each app module, the hydrated route entries (and "lazy" for a dynamically imported module) that reach it
  // through static imports of app modules.
  const reachedBy = new Map<string, string[]>();
  function walk(id: string, graph: ModuleGraph, found: Set<string>, seen: Set<string>) {
    const info = graph.getModuleInfo(id);
    if (!info || seen.has(id)) return;
    seen.add(id);
    if (info.isEntry && !PUBLIC_ROUTES.test(id)) found.add(id);
    if (info.dynamicImporters.length > 0) found.add("lazy");
    for (const importer of info.importers) if (isAppModule(importer) || importer.endsWith(ROUTE_QUERY)) walk(importer, graph, found, seen);
  }
  function entries(id: string, graph: ModuleGraph): string[] {
    if (!isAppModule(id) || isRouteFile(id)) return [];
    let found = reachedBy.get(id);
    if (!found) {
      const set = new Set<string>();
      walk(id, graph, set, new Set());
      reachedBy.set(id, (found = [...set]));
    }
    return found;
  }
  return {
    groups: [
      { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
      { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 18 },
      {
        name: (id: string, graph: ModuleGraph) => {
          const by = entries(id, graph);
          const shell = by.some((e) => SHELL_ROUTES.some((route) => route.test(e)));
          return shell || (by.length >= 2 && by.some((e) => DASHBOARD_ROUTE.test(e))) ? "admin" : null;
        },
        priority: 10,
      },
      {
        name: (id: string, graph: ModuleGraph) => {
          const by = entries(id, graph);
          return by.length >= 2 && by.some((e) => LIST_ROUTES.test(e)) ? "records" : null;
        },
        priority: 9,
      },
    ],
  };
}

/**
 * The client build's scripts and styles, compressed once here (brotli 11 and gzip 9 beside each file) instead of on
 * every request: server/app.ts serves the file the browser accepts (docs/decisions/0053-precompressed-client-assets.md).
 */
const precompressed = () =>
  compression({
    include: /\.(js|css)$/,
    threshold: 1024,
    algorithms: [defineAlgorithm("brotliCompress", { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm("gzip", { level: 9 })],
    logLevel: "silent",
  });

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server bundle is our Express app (server/app.ts), which embeds the React Router build:
  // one artifact to start, and startup/shutdown hooks next to the request handler.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : { rolldownOptions: { output: { codeSplitting: clientChunks() } } },
  resolve: { tsconfigPaths: true },
  // The server bundle carries the pure-JavaScript packages it imports instead of loading them from node_modules
  // at start: they are ESM spread over hundreds of files (kysely alone is 262), and resolving and loading some
  // thousand modules was most of a start's CPU. Native and CommonJS packages (better-sqlite3, sharp, pg, the S3
  // client, express, pino) stay external (docs/decisions/0045-server-bundle-carries-its-esm-packages.md). The dev
  // server loads them from node_modules as they are.
  ssr: command !== "build" ? undefined : { noExternal: ["kysely", "better-auth", /^@better-auth\//, "better-call", "zod", "jose", /^@noble\//, "lucide-react", "radix-ui", /^@radix-ui\//, "recharts"] },
  // `npm run build` fails when a language's fixed words lack a key of the English ones or have one more
  // (docs/decisions/0089-fixed-words-as-typed-catalogues.md).
  plugins: [catalogueCheck(en, { dv }), islands(), tailwindcss(), reactRouter(), ...(command === "build" && !isSsrBuild ? [precompressed()] : [])],
}));
