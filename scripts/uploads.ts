// `npm run uploads -- prune [--apply] [--min-age-hours N]`: lists (or, with --apply, deletes) the uploads no
// content refers to any more. docs/deploy.md "Reclaiming unused uploads"; the rules are in app/.server/storage/prune.ts.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { closeDatabase, getDatabase } from "~/.server/db";
import { sqliteFileIn } from "~/.server/db/connection";
import { migrate } from "~/.server/db/migrate";
import { env } from "~/.server/env";
import { DiskStorage, storageFromEnv } from "~/.server/storage";
import { DEFAULT_MIN_AGE_HOURS, PruneRefusedError, type UploadGroup, pruneUploads } from "~/.server/storage/prune";

const USAGE = `Usage:
  npm run uploads -- prune [--apply] [--min-age-hours N]

  Lists uploaded files that no service, project, setting or profile refers to (a dry run).
  --apply             delete them (take a backup first: npm run backup)
  --min-age-hours N   never touch files younger than N hours (default ${DEFAULT_MIN_AGE_HOURS})`;

class UsageError extends Error {}

function parseCommand(argv: string[]): { apply: boolean; minAgeHours: number } | "help" {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { apply: { type: "boolean" }, "min-age-hours": { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return "help";
  const [command, ...extra] = positionals;
  if (command !== "prune") throw new UsageError(command ? `Unknown command "${command}"` : "Missing command");
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}"`);
  const age = values["min-age-hours"];
  const minAgeHours = age === undefined ? DEFAULT_MIN_AGE_HOURS : Number(age);
  if (age !== undefined && (age.trim() === "" || !Number.isFinite(minAgeHours) || minAgeHours < 0)) {
    throw new UsageError(`--min-age-hours takes a number of hours >= 0, not "${age}"`);
  }
  return { apply: values.apply ?? false, minAgeHours };
}

function human(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${n.toFixed(1)} ${units[unit]}`;
}
/** Exact bytes, and a readable size when it differs. */
const size = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${bytes} bytes (${human(bytes)})`);
const total = (groups: UploadGroup[]) => ({
  files: groups.reduce((n, g) => n + g.objects.length, 0),
  bytes: groups.reduce((n, g) => n + g.bytes, 0),
});
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function printGroups(groups: UploadGroup[]): void {
  for (const group of groups) {
    console.log(`  ${group.base}  (${plural(group.objects.length, "file")}, ${human(group.bytes)})`);
    for (const object of group.objects) console.log(`    ${object.key}`);
  }
}

async function main(): Promise<number> {
  let command;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command === "help") {
    console.log(USAGE);
    return 0;
  }
  // Without a database the answer would be "nothing is used": refuse rather than create an empty one.
  if (!env.DATABASE_URL && !fs.existsSync(sqliteFileIn(env.DATA_DIR))) {
    console.error(`No database at ${sqliteFileIn(env.DATA_DIR)}: set DATA_DIR to the site's data directory, or DATABASE_URL.`);
    return 1;
  }
  const database = getDatabase();
  await migrate(database);
  const storage = storageFromEnv(env);
  const where = storage instanceof DiskStorage ? storage.root : `bucket ${env.S3_BUCKET}`;
  const result = await pruneUploads({ database, storage, apply: command.apply, minAgeHours: command.minAgeHours });

  const age = plural(command.minAgeHours, "hour");
  const unreferenced = total(result.unreferenced);
  if (result.unreferenced.length === 0) {
    console.log(`No unreferenced uploads older than ${age} in ${where}.`);
  } else if (command.apply) {
    const deleted = new Set(result.deleted);
    const gone = result.unreferenced
      .map((group) => {
        const objects = group.objects.filter((o) => deleted.has(o.key));
        return { ...group, objects, bytes: objects.reduce((n, o) => n + o.size, 0) };
      })
      .filter((group) => group.objects.length > 0);
    const sum = total(gone);
    console.log(`Deleted from ${where}:`);
    printGroups(gone);
    console.log(`Deleted ${plural(sum.files, "file")} of ${plural(gone.length, "upload")}, ${size(sum.bytes)}.`);
  } else {
    console.log(`Unreferenced uploads older than ${age} in ${where} (dry run: nothing deleted):`);
    printGroups(result.unreferenced);
    console.log(
      `${plural(unreferenced.files, "file")} of ${plural(result.unreferenced.length, "upload")}, ${size(unreferenced.bytes)}, would be deleted.`,
    );
    console.log("Re-run with --apply to delete them (take a backup first: npm run backup).");
    if (result.kept === 0) {
      console.log("Warning: the database refers to none of the stored uploads, so --apply will refuse. Check DATA_DIR or DATABASE_URL.");
    }
  }
  console.log(`Kept: ${plural(result.kept, "upload")} in use.`);
  if (result.young.length > 0) {
    console.log(`Not yet: ${plural(result.young.length, "unreferenced upload")} younger than ${age} (an admin may still have its dialog open).`);
  }
  if (result.leftAlone.length > 0) {
    console.log(`Left alone: ${plural(result.leftAlone.length, "file")} whose names the server does not make:`);
    for (const object of result.leftAlone) console.log(`  ${object.key}`);
  }
  if (result.tempFiles.length > 0) {
    console.log(`${command.apply ? "Removed" : "Would remove"} ${plural(result.tempFiles.length, "temp file")} of interrupted writes:`);
    for (const file of result.tempFiles) console.log(`  ${file}`);
  }
  for (const failure of result.failed) console.error(`Could not delete ${failure.key}: ${failure.error}`);
  return result.failed.length > 0 ? 1 : 0;
}

main()
  .then(async (code) => {
    await closeDatabase();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof PruneRefusedError ? message : `Prune failed: ${message}`);
    await closeDatabase();
    process.exit(1);
  });
