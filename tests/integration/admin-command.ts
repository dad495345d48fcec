import { execFile } from "node:child_process";
import path from "node:path";
import type { useTestDatabase } from "../setup/database";

/** Runs the admin command as an operator would (`npm run admin` is `tsx scripts/admin.ts`), on this test's database: one
 * node process with tsx's loader, not npx starting tsx starting node (three processes, 0.5 s more CPU a run). */
export function runAdminCommand(database: ReturnType<typeof useTestDatabase>, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = database.current().file;
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn", ...(file ? { DATA_DIR: path.dirname(file) } : { DATABASE_URL: database.current().url }) };
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], { env }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}
