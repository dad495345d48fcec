import { type Kysely, sql } from "kysely";
import type { Database } from "../db";
import { migrate } from "../db/migrate";

// The whole database, table by table, read and written generically (it must work on tables and columns this
// code has never heard of): the portable export and import behind backups and moving a site between engines
// (docs/product.md#commands), and the uploads prune's search for references (app/.server/storage/prune.ts).

export const EXPORT_FORMAT = "atoll-site-export";

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: 1;
  engine: Database["engine"];
  createdAt: string;
  tables: Record<string, Record<string, unknown>[]>;
}

/** Parents before children, so inserts satisfy foreign keys; unknown (newer) tables go last. */
const TABLE_ORDER = ["user", "session", "account", "verification", "profiles", "categories", "services", "projects", "contact_details", "site_settings", "rate_limits", "enquiries", "enquiry_events", "enquiry_attachments", "reply_templates", "site_counters", "site_content", "site_content_versions"];
const SKIP = new Set(["kysely_migration", "kysely_migration_lock"]);

// The export walks every table generically, so it works on untyped table names.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of any table, read generically
type AnyDb = Kysely<any>;

async function tableNames(db: AnyDb): Promise<string[]> {
  const names = (await db.introspection.getTables()).map((t) => t.name).filter((n) => !SKIP.has(n));
  const rank = (n: string) => (TABLE_ORDER.includes(n) ? TABLE_ORDER.indexOf(n) : TABLE_ORDER.length);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Every row of every table, as plain JSON values (dates as ISO strings). */
export async function exportData(database: Database): Promise<ExportFile> {
  const db = database.db as unknown as AnyDb;
  const read = async (conn: AnyDb) => {
    const tables: ExportFile["tables"] = {};
    for (const name of await tableNames(conn)) {
      const rows = (await conn.selectFrom(name).selectAll().execute()) as Record<string, unknown>[];
      tables[name] = rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
      );
    }
    return tables;
  };
  // One snapshot of every table: a repeatable-read transaction on Postgres (SQLite reads are already consistent here).
  const tables =
    database.engine === "postgres" ? await db.transaction().setIsolationLevel("repeatable read").execute(read) : await read(db);
  return { format: EXPORT_FORMAT, version: 1, engine: database.engine, createdAt: new Date().toISOString(), tables };
}

/** Replaces all content of `database` with the export, in one transaction. */
export async function importData(database: Database, data: ExportFile): Promise<void> {
  if (data?.format !== EXPORT_FORMAT || data.version !== 1) throw new Error("Not a site export file");
  await migrate(database);
  const db = database.db as unknown as AnyDb;
  const meta = await db.introspection.getTables();
  const names = (await tableNames(db)).filter((n) => n in data.tables);
  const boolColumns = new Map(
    meta.map((t) => [t.name, new Set(t.columns.filter((c) => /^bool/i.test(c.dataType)).map((c) => c.name))]),
  );
  const known = new Map(meta.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  await db.transaction().execute(async (trx) => {
    for (const name of [...names].reverse()) await trx.deleteFrom(name).execute();
    for (const name of names) {
      const bools = boolColumns.get(name) ?? new Set<string>();
      const columns = known.get(name) ?? new Set<string>();
      const rows = data.tables[name].map((row) =>
        Object.fromEntries(
          Object.entries(row)
            .filter(([k]) => columns.has(k))
            .map(([k, v]) => [k, bools.has(k) && typeof v === "number" ? v !== 0 : v]),
        ),
      );
      for (let i = 0; i < rows.length; i += 200) {
        const chunk = rows.slice(i, i + 200);
        if (chunk.length) await trx.insertInto(name).values(chunk).execute();
      }
    }
  });
}

/** Every row of every table of the app's schema but `except`, one table at a time (no snapshot across tables). */
export async function* readEveryTable(database: Database, except: ReadonlySet<string>): AsyncGenerator<{ table: string; rows: Record<string, unknown>[] }> {
  const db = database.db as unknown as AnyDb;
  const tables = await db.introspection.getTables();
  // Postgres lists every schema we may read; the app's tables are the ones its unqualified names find.
  const schema =
    database.engine === "postgres" ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name : undefined;
  for (const table of tables) {
    if ((schema !== undefined && table.schema !== schema) || except.has(table.name)) continue;
    yield { table: table.name, rows: (await db.selectFrom(table.name).selectAll().execute()) as Record<string, unknown>[] };
  }
}
