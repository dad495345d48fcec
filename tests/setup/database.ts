import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, afterEach, beforeEach, inject } from "vitest";
import { setDatabase } from "~/.server/db";
import { type Database, openPostgres, openSqlite } from "~/.server/db/connection";
import { migrate } from "~/.server/db/migrate";
import { mailQueueIdle } from "~/.server/mail/mail-queue";
import { ensureDefaultSettings } from "~/.server/models/settings";

export const ENGINE = (process.env.TEST_ENGINE ?? "sqlite") as "sqlite" | "postgres";

// Running every migration for each test cost more than most tests themselves (and on Postgres the migration
// lock made parallel files wait for each other), so each run migrates one template database once and every
// test database is a copy of it: a file copy on SQLite, CREATE DATABASE ... TEMPLATE on Postgres. Both are
// built by whichever test file needs one first, under a lock that the other worker processes wait on.

/** The migrated SQLite template of this run (a closed file, so a plain copy is a consistent database). */
async function sqliteTemplate(): Promise<string> {
  const dir = inject("templateDir");
  const file = path.join(dir, "template.db");
  if (fs.existsSync(file)) return file;
  const lock = new SQLite(path.join(dir, "build.lock"));
  try {
    lock.pragma("busy_timeout = 120000");
    lock.exec("BEGIN EXCLUSIVE");
    try {
      if (!fs.existsSync(file)) {
        const building = path.join(dir, "building.db");
        const database = openSqlite(building);
        await migrate(database);
        // Closing the last connection checkpoints the WAL into the file and removes it.
        await database.close();
        fs.renameSync(building, file);
      }
    } finally {
      lock.exec("COMMIT");
    }
  } finally {
    lock.close();
  }
  return file;
}

// An arbitrary constant, not the app's migration lock: workers wait here while one builds the template.
const TEMPLATE_LOCK = 7_340_077;

/** The name of this run's migrated Postgres template database. */
async function postgresTemplate(url: string): Promise<string> {
  const name = inject("templatePostgres");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) {
      // Built under another name and renamed when complete: a worker never copies a half-migrated template.
      const building = `${name}_building`;
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building}`);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${building}`;
      // Closed before anyone copies it: CREATE DATABASE ... TEMPLATE refuses a template with open sessions. (More
      // than one connection: the migration holds one for its lock while it runs on another.)
      const database = openPostgres(dbUrl.toString(), { max: 4 });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      await client.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await client.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]).catch(() => undefined);
    await client.end();
  }
  return name;
}

/** A new database on TEST_DATABASE_URL's server, copied from this run's migrated template; returns its name. */
async function createPostgresCopy(url: string): Promise<string> {
  const name = `site_test_${crypto.randomBytes(6).toString("hex")}`;
  const template = await postgresTemplate(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return name;
}

function postgresUrl(url: string, name: string): string {
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return dbUrl.toString();
}

async function dropPostgres(url: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}

// The schema of a database: relations, columns, constraints, triggers and functions. A test that changes it
// (drops a table to see the error page) leaves a database that cannot be reset to the template by its rows.
const SCHEMA_FINGERPRINT = `
  select md5(coalesce((
    select string_agg(format('%s:%s:%s:%s', c.relname, c.relkind, a.attname, a.atttypid), ',' order by c.relname, a.attnum)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')), '')
    || (select count(*) from pg_constraint)::text || (select count(*) from pg_trigger)::text
    || (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema'))::text
    || (select count(*) from pg_namespace)::text) as fingerprint`;

/**
 * One Postgres database for all the tests of a file, put back to the template's exact rows after each test.
 *
 * A database per test cost two expensive server operations per test: CREATE DATABASE ... TEMPLATE writes the
 * whole copy (8.8 MB, mostly catalogs) through the WAL, and DROP DATABASE forces a checkpoint, which waits on
 * the disk. Deleting what a test wrote and restoring the template's few rows gives the next test the same
 * contents for a few milliseconds (docs/decisions/0035-test-suite-speed.md). A
 * test that changed the schema gets its database dropped and the next test a new copy, as before.
 */
class ReusedPostgres {
  #name: string | undefined;
  #snapshot: { fingerprint: string; tables: string[]; rows: Map<string, unknown[]> } | undefined;

  constructor(private readonly url: string) {}

  /** The database for the next test: a new copy the first time (or after a schema change), else the reset one. */
  async take(): Promise<string> {
    if (!this.#name) {
      this.#name = await createPostgresCopy(this.url);
      this.#snapshot = await this.#query(this.#name, async (client) => {
        const { rows: fp } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
        const { rows: tables } = await client.query<{ name: string }>(
          `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
        );
        const rows = new Map<string, unknown[]>();
        for (const { name } of tables) {
          const { rows: data } = await client.query<{ row: unknown }>(`select row_to_json(t) as row from ${name} t`);
          if (data.length) rows.set(name, data.map((d) => d.row));
        }
        const { rowCount } = await client.query("select 1 from pg_sequences where schemaname not in ('pg_catalog', 'information_schema')");
        // Nothing restores a sequence's position: the day the schema gets one, this says so instead of leaking.
        if (rowCount) throw new Error("the template has sequences: reset them in ReusedPostgres too");
        return { fingerprint: fp[0].fingerprint, tables: tables.map((t) => t.name), rows };
      });
    }
    return this.#name;
  }

  /** After a test: ends every connection it left open, then restores the template's rows (or drops a changed schema). */
  async reset(): Promise<void> {
    const name = this.#name;
    const snapshot = this.#snapshot;
    if (!name || !snapshot) return;
    const kept = await this.#query(name, async (client) => {
      // As DROP DATABASE ... WITH (FORCE) did: nothing of this test (a second pool, a child process) writes on.
      await client.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
      const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
      if (rows[0].fingerprint !== snapshot.fingerprint) return false;
      await client.query("begin");
      // Replica mode skips foreign-key checks, so the tables empty in any order.
      await client.query("set local session_replication_role = replica");
      await client.query(snapshot.tables.map((t) => `delete from ${t};`).join("\n"));
      for (const [table, data] of snapshot.rows) {
        await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [JSON.stringify(data)]);
      }
      await client.query("commit");
      return true;
    });
    if (!kept) await this.drop();
  }

  async drop(): Promise<void> {
    const name = this.#name;
    this.#name = undefined;
    this.#snapshot = undefined;
    if (name) await dropPostgres(this.url, name);
  }

  async #query<T>(name: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: postgresUrl(this.url, name) });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }
}

/** A new, migrated, empty database: a temp SQLite file, or a new Postgres database on TEST_DATABASE_URL's server. */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void>; reopen(): Database; url?: string }> {
  let database: Database;
  let databaseUrl: string | undefined;
  let drop: () => Promise<void>;
  let reopen: () => Database;
  if (ENGINE === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
    const name = await createPostgresCopy(url);
    const dbUrl = postgresUrl(url, name);
    database = openPostgres(dbUrl, { max: 4 });
    databaseUrl = dbUrl;
    reopen = () => openPostgres(dbUrl, { max: 2 });
    drop = () => dropPostgres(url, name);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-test-"));
    fs.copyFileSync(await sqliteTemplate(), path.join(dir, "site.db"));
    database = openSqlite(path.join(dir, "site.db"));
    // The app syncs every commit to disk so a write survives power loss; a throwaway test database has no
    // power loss to survive, and syncing each commit was a good part of the suite's time.
    await sql`pragma synchronous = OFF`.execute(database.db);
    reopen = () => openSqlite(path.join(dir, "site.db"));
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  return {
    ...database,
    /** A second, independent connection to the same database: what another instance would have. */
    reopen,
    /** On Postgres, the DATABASE_URL of this database (for a child process). */
    url: databaseUrl,
    async drop() {
      await database.close();
      await drop();
    },
  };
}

/** Gives every test in the file its own fresh database, installed as the app's database. */
export function useTestDatabase(): { current: () => Awaited<ReturnType<typeof createTestDatabase>> } {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const url = process.env.TEST_DATABASE_URL;
  const reused = ENGINE === "postgres" && url ? new ReusedPostgres(url) : undefined;
  beforeEach(async () => {
    // Workers keep modules between files (isolate: false): a worker must never carry one project's engine into another's.
    if (ENGINE !== (process.env.TEST_ENGINE ?? "sqlite")) throw new Error(`TEST_ENGINE is ${process.env.TEST_ENGINE} but this module was loaded for ${ENGINE}`);
    if (reused && url) {
      const dbUrl = postgresUrl(url, await reused.take());
      const opened = openPostgres(dbUrl, { max: 4 });
      // drop() only closes this test's pool: afterEach puts the database back for the next test.
      database = { ...opened, reopen: () => openPostgres(dbUrl, { max: 2 }), url: dbUrl, drop: () => opened.close() };
    } else {
      database = await createTestDatabase();
    }
    setDatabase(database);
    await ensureDefaultSettings();
  });
  afterEach(async () => {
    // Background mail sends of this test finish on its own database, not the next test's.
    await mailQueueIdle();
    setDatabase(undefined);
    await database?.drop();
    database = undefined;
    await reused?.reset();
  });
  afterAll(async () => {
    await reused?.drop();
  });
  return {
    current: () => {
      if (!database) throw new Error("no test database");
      return database;
    },
  };
}
