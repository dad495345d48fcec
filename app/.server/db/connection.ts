import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { trackWrites } from "./group-commit";
import { reuseStatements } from "./sqlite-statements";
import type { DB } from "./schema";

export type Engine = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Where the SQLite file lives (undefined on Postgres). */
  file?: string;
  /**
   * Resolves once every write made so far is on disk (SQLite: app/.server/db/group-commit.ts). Postgres has
   * made a write durable by the time it answers.
   */
  durable(): Promise<void>;
  /** Commits not yet known to be on disk (always 0 on Postgres). */
  pendingWrites(): number;
  close(): Promise<void>;
}

// node-pg parses int8 (count(*), bigint) as strings by default; our counts and counters fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers work during a write; busy_timeout makes a second process wait for the lock instead of
  // failing. An acknowledged write survives power loss: commits do not sync (NORMAL), and whatever answers a
  // request after writing waits for durable() first, one sync of the WAL shared by every commit before it
  // (group commit, docs/decisions/0033-admin-on-a-phone.md), instead of a sync per commit that blocks the event loop.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  const commits = trackWrites(sqlite);
  // Prepared once per SQL text, booleans bound as 0/1 (docs/decisions/0040-admin-save-path.md).
  reuseStatements(sqlite);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Statistics for the query planner, gathered (in a bounded sample) for tables that have grown since the last
  // time: without them SQLite picks the folder index and sorts every enquiry of the inbox for its 50 newest.
  sqlite.pragma("optimize = 0x10002");
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    engine: "sqlite",
    file,
    durable: commits.durable,
    pendingWrites: commits.pending,
    async close() {
      await commits.durable();
      await commits.release();
      await db.destroy();
    },
  };
}

export function openPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  pool.on("error", (error) => {
    // An idle client losing its connection must not crash the process; the next query reconnects.
    console.error(JSON.stringify({ level: "error", msg: "postgres pool error", err: error.message }));
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: "postgres",
    durable: async () => {},
    pendingWrites: () => 0,
    async close() {
      await db.destroy();
    },
  };
}

/** Where the SQLite database of a data directory lives. */
export const sqliteFileIn = (dataDir: string) => path.resolve(dataDir, "site.db");

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openSqlite(sqliteFileIn(options.dataDir));
}
