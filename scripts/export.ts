// `npm run export -- FILE.json`: every table as portable JSON (to move a site, e.g. from SQLite to Postgres).
// `npm run import -- FILE.json`: replaces the configured database's content with an export (stop the server first).
import fs from "node:fs";
import { type ExportFile, exportData, importData } from "~/.server/models/site-data";
import { closeDatabase, getDatabase } from "~/.server/db";
import { migrate } from "~/.server/db/migrate";

const [mode, file] = process.argv.slice(2);
if (!file || (mode !== "export" && mode !== "import")) {
  console.error("Usage: npm run export -- FILE.json  |  npm run import -- FILE.json");
  process.exit(2);
}
try {
  const database = getDatabase();
  await migrate(database);
  if (mode === "export") {
    fs.writeFileSync(file, JSON.stringify(await exportData(database)));
    console.log(`Exported ${database.engine} database to ${file}`);
  } else {
    await importData(database, JSON.parse(fs.readFileSync(file, "utf8")) as ExportFile);
    console.log(`Imported ${file} into the ${database.engine} database`);
  }
} catch (error) {
  console.error(`${mode} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
