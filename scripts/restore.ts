// `npm run restore -- FILE`: puts a backup back (database and uploads). Stop the server first.
import fs from "node:fs";
import { restoreBackup } from "~/.server/ops/backup";
import { openPostgres } from "~/.server/db/connection";
import { env } from "~/.server/env";

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error("Usage: npm run restore -- path/to/backup-....tar.gz   (stop the server first)");
  process.exit(2);
}
const database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : undefined;
try {
  await restoreBackup({ file, dataDir: env.DATA_DIR, database });
  console.log(`Restored ${file} into ${database ? "Postgres" : `${env.DATA_DIR}/site.db`} and ${env.DATA_DIR}/uploads`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database?.close();
}
