// Starts the production server for browser tests in a fresh temporary DATA_DIR, removed on exit.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const name = process.argv[2] ?? "server";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `site-e2e-${name}-`));
const child = spawn(process.execPath, ["server.mjs"], { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir } });
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => child.kill("SIGTERM"));
}
child.on("exit", (code) => {
  cleanup();
  process.exit(code ?? 0);
});
