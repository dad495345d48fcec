import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeEach } from "vitest";
import { setDatabase } from "~/.server/db";
import { type Database, openPostgres, openSqlite } from "~/.server/db/connection";
import { migrate } from "~/.server/db/migrate";
import { mailQueueIdle } from "~/.server/mail-queue";
import { ensureDefaultSettings } from "~/.server/models/settings";

export const ENGINE = (process.env.TEST_ENGINE ?? "sqlite") as "sqlite" | "postgres";

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
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
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
    database = openSqlite(path.join(dir, "site.db"));
    reopen = () => openSqlite(path.join(dir, "site.db"));
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  await migrate(database);
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
