// `npm start`: builds if there is no build, then runs the production server.
// With NODE_ENV unset, it runs in production mode for one machine: the auth secret is generated
// once under DATA_DIR (docs/decisions/0005-npm-start-production-mode.md). An operator who sets
// NODE_ENV=production must set AUTH_SECRET.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverEnv, serverNodeFlags } from "./server-process.mjs";

if (!fs.existsSync(path.join(process.env.BUILD_DIR || "build", "server/index.js"))) {
  console.log("No build found: building (first start only)...");
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = "production";
  if (!process.env.AUTH_SECRET) {
    const file = path.resolve(process.env.DATA_DIR || "./data", ".auth-secret");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
    process.env.AUTH_SECRET = fs.readFileSync(file, "utf8").trim();
  }
}

// The server runs as a child process, so that the allocator settings and V8 flags it needs are in place when its
// process starts (scripts/server-process.mjs); an operator's own values win. Signals are passed on, so SIGTERM still
// drains and exits cleanly.
const child = spawn(process.execPath, [...serverNodeFlags(), fileURLToPath(new URL("../server.mjs", import.meta.url))], { stdio: "inherit", env: serverEnv() });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
