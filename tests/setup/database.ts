import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, inject } from "vitest";
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

/** A new, migrated, empty database: a temp SQLite file, or a new Postgres database on TEST_DATABASE_URL's server. */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void>; reopen(): Database; url?: string }> {
  let database: Database;
  let databaseUrl: string | undefined;
  let drop: () => Promise<void>;
  let reopen: () => Database;
  if (ENGINE === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
    const name = `site_test_${crypto.randomBytes(6).toString("hex")}`;
    const template = await postgresTemplate(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.end();
    }
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    database = openPostgres(dbUrl.toString(), { max: 4 });
    databaseUrl = dbUrl.toString();
    reopen = () => openPostgres(dbUrl.toString(), { max: 2 });
    drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
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
  beforeEach(async () => {
    database = await createTestDatabase();
    setDatabase(database);
    await ensureDefaultSettings();
  });
  afterEach(async () => {
    // Background mail sends of this test finish on its own database, not the next test's.
    await mailQueueIdle();
    setDatabase(undefined);
    await database?.drop();
    database = undefined;
  });
  return {
    current: () => {
      if (!database) throw new Error("no test database");
      return database;
    },
  };
}
