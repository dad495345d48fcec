// The production HTTP server: static client assets, the app from the server build, start-up
// (migrations, admin, demo content) and graceful shutdown. `--dev` serves through Vite instead.
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";

const DEV = process.argv.includes("--dev");
const BUILD_DIR = process.env.BUILD_DIR || "build";
const BUILD_PATH = path.resolve(BUILD_DIR, "server/index.js");

async function loadDev() {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  const mod = await viteDevServer.ssrLoadModule("./server/app.ts");
  return { mod, viteDevServer };
}

const { mod, viteDevServer } = DEV ? await loadDev() : { mod: await import(pathToFileURL(BUILD_PATH).href), viteDevServer: undefined };
const { env, logger } = mod;

const report = await mod.startup();

const server = express();
server.disable("x-powered-by");

// In-flight requests, counted so that SIGTERM can wait for them: the HTTP server's own close
// callback can fire while a request's body is still arriving.
// One compression layer for everything: pages, data and static files.
server.use(compression());

let inFlight = 0;
let stopping = false;
server.use((req, res, next) => {
  // Readiness: a stopping instance tells the load balancer to send no new requests.
  if (stopping && req.path === "/readyz") {
    res.status(503).json({ status: "stopping" });
    return;
  }
  inFlight++;
  res.once("close", () => inFlight--);
  if (stopping) res.setHeader("Connection", "close");
  next();
});
if (viteDevServer) {
  server.use(viteDevServer.middlewares);
  server.use(async (req, res, next) => {
    try {
      const fresh = await viteDevServer.ssrLoadModule("./server/app.ts");
      return fresh.app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // The app serves the client build's static files itself, after its security headers (server/app.ts).
  server.use(mod.app);
}

const httpServer = server.listen(env.PORT, env.HOST, () => {
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
  logger.info({ port, engine: env.DATABASE_URL ? "postgres" : "sqlite" }, "listening");
  const lines = [`\n  Site:   ${url}/`, `  Admin:  ${url}/admin/login`];
  if (report.generatedAdmin) {
    lines.push(
      `  Sign in with  ${report.generatedAdmin.email}  /  ${report.generatedAdmin.password}`,
      "  (shown once; change it with: npm run admin -- password --email EMAIL --password NEW)",
    );
  } else if (env.ADMIN_EMAIL) {
    lines.push(`  Sign in as ${env.ADMIN_EMAIL} with ADMIN_PASSWORD.`);
  } else {
    lines.push("  Sign in with the admin account printed on first start, or make one: npm run admin -- create --email E --password P");
  }
  process.stdout.write(`${lines.join("\n")}\n\n`);
});

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, inFlight }, "shutting down: finishing in-flight requests");
  const force = setTimeout(() => {
    logger.error({ inFlight }, "shutdown timed out; exiting");
    process.exit(1);
  }, 10_000);
  force.unref();
  // Stop accepting connections, drop idle keep-alive ones, wait for the requests already running.
  httpServer.close();
  httpServer.closeIdleConnections();
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 25));
  await mod.shutdown();
  await viteDevServer?.close();
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
