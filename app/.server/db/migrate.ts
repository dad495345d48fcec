import { getMigrations } from "better-auth/db/migration";
import SQLite from "better-sqlite3";
import { Migrator, sql } from "kysely";
import { authOptions } from "../auth/auth";
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
  return withStartupLock(database, () => run(database));
}

/**
 * Runs `fn` while holding a lock that every process starting on the same database respects: a Postgres
 * advisory lock, or for SQLite an exclusive transaction on a side file next to the database (the OS
 * releases it if the process dies). Kysely's own migration lock is a no-op on SQLite.
 */
export async function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  // Re-entrant: start-up holds the lock and calls migrate inside it.
  if (held.has(database)) return fn();
  held.add(database);
  try {
    if (database.engine === "postgres") {
      return await database.db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
        try {
          return await fn();
        } finally {
          await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
        }
      });
    }
    if (!database.file) return await fn();
    const lock = new SQLite(`${database.file}-startup.lock`);
    try {
      lock.pragma("busy_timeout = 60000");
      lock.exec("BEGIN EXCLUSIVE");
      try {
        return await fn();
      } finally {
        lock.exec("COMMIT");
      }
    } finally {
      lock.close();
    }
  } finally {
    held.delete(database);
  }
}

const held = new WeakSet<Database>();

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
