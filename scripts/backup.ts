// `npm run backup`: a consistent snapshot of the database and the uploads in DATA_DIR/backups/backup-<time>.tar.gz.
import { createBackup } from "~/.server/ops/backup";
import { closeDatabase, getDatabase } from "~/.server/db";
import { migrate } from "~/.server/db/migrate";
import { env } from "~/.server/env";

try {
  await migrate(getDatabase());
  const file = await createBackup({ database: getDatabase(), dataDir: env.DATA_DIR, outDir: process.argv[2] });
  console.log(`Backup written: ${file}`);
  await closeDatabase();
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  await closeDatabase();
  process.exit(1);
}
