import { getMigrations } from "better-auth/db/migration";
import { Migrator, sql } from "kysely";
import { authOptions } from "../auth";
import type { Database } from "./connection";
import { migrationProvider } from "./migrations";

export interface MigrationOutcome {
  /** True when this run created the schema: the database was new. */
  created: boolean;
  applied: string[];
}

// An arbitrary constant: the Postgres advisory lock that serialises migrations of instances starting together.
const MIGRATION_LOCK = 7_340_001;

/** Creates better-auth's tables, then applies ours. Safe to run on every start and from several instances at once. */
export async function migrate(database: Database): Promise<MigrationOutcome> {
  if (database.engine !== "postgres") return run(database);
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      return await run({ ...database, db: conn });
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

async function run(database: Database): Promise<MigrationOutcome> {
  // better-auth's CLI needs Node 22; its programmatic migration API does the same work here.
  const { runMigrations } = await getMigrations(authOptions(database));
  await runMigrations();
  const migrator = new Migrator({ db: database.db, provider: migrationProvider(database.engine) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = results.filter((r) => r.status === "Success").map((r) => r.migrationName);
  return { created: applied.includes("0001_initial"), applied };
}
