import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { withDurableWrites } from "../http/durable-routes";
import { type Database, openSqlite } from "./connection";
import { trackWrites } from "./group-commit";
import { setDatabase } from "./index";

// Group commit (docs/decisions/0033-admin-on-a-phone.md): commits do not sync on their own; durable() syncs the WAL
// once for every commit made before it, and a request's loader or action returns only after that.

const dirs: string[] = [];
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "group-commit-"));
  dirs.push(dir);
  return path.join(dir, "site.db");
};

afterEach(() => {
  setDatabase(undefined);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function rawDatabase() {
  const sqlite = new SQLite(tempFile());
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.exec("create table t (id integer primary key, v text)");
  return sqlite;
}

describe("group commit", () => {
  it("counts a commit as owed to the disk until durable() has synced it", async () => {
    const sqlite = rawDatabase();
    const commits = trackWrites(sqlite);
    sqlite.prepare("insert into t (v) values (?)").run("a");
    sqlite.prepare("insert into t (v) values (?)").run("b");
    expect(commits.pending()).toBe(2);
    await commits.durable();
    expect(commits.pending()).toBe(0);
    // Reads owe nothing.
    sqlite.prepare("select * from t").all();
    expect(commits.pending()).toBe(0);
    await commits.release();
    sqlite.close();
  });

  it("owes nothing for a transaction until it commits, so a sync in the middle never covers it", async () => {
    const sqlite = rawDatabase();
    const commits = trackWrites(sqlite);
    sqlite.prepare("begin").run();
    sqlite.prepare("insert into t (v) values (?)").run("a");
    expect(commits.pending()).toBe(0);
    await commits.durable();
    sqlite.prepare("commit").run();
    expect(commits.pending()).toBe(1);
    await commits.durable();
    expect(commits.pending()).toBe(0);
    await commits.release();
    sqlite.close();
  });

  it("counts writes that return rows, and settles on its own for writes nobody waits for", async () => {
    const sqlite = rawDatabase();
    const commits = trackWrites(sqlite);
    expect(sqlite.prepare("insert into t (v) values ('x') returning id").all()).toHaveLength(1);
    expect(commits.pending()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(commits.pending()).toBe(0);
    await commits.release();
    sqlite.close();
  });

  it("syncs again after it let go of the write-ahead log (it reopens the file)", async () => {
    const sqlite = rawDatabase();
    const commits = trackWrites(sqlite);
    sqlite.prepare("insert into t (v) values (?)").run("a");
    await commits.durable();
    await commits.release();
    sqlite.prepare("insert into t (v) values (?)").run("b");
    expect(commits.pending()).toBe(1);
    await commits.durable();
    expect(commits.pending()).toBe(0);
    await commits.release();
    sqlite.close();
  });

  it("the app's SQLite connection commits without a sync of its own and closes with nothing owed", async () => {
    const database = openSqlite(tempFile());
    expect(await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db).then((r) => r.rows[0].synchronous)).toBe(1);
    await sql`create table t (id integer primary key, v text)`.execute(database.db);
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into t (v) values ('a')`.execute(trx);
      await sql`insert into t (v) values ('b')`.execute(trx);
    });
    expect(database.pendingWrites()).toBeGreaterThan(0);
    await database.close();
    expect(database.pendingWrites()).toBe(0);
  });

  it("a route's action returns, or throws, only once its writes are on disk", async () => {
    const database: Database = openSqlite(tempFile());
    setDatabase(database);
    await sql`create table t (id integer primary key, v text)`.execute(database.db);
    await database.durable();
    let pendingInside = 0;
    const build = {
      routes: {
        save: {
          id: "save",
          module: {
            action: async () => {
              await sql`insert into t (v) values ('a')`.execute(database.db);
              pendingInside = database.pendingWrites();
              return { ok: true };
            },
            loader: async () => {
              await sql`insert into t (v) values ('b')`.execute(database.db);
              throw new Response("Not Found", { status: 404 });
            },
          },
        },
      },
    } as unknown as ServerBuild;
    const wrapped = withDurableWrites(build).routes.save!.module;
    const args = {} as never;
    await expect(wrapped.action!(args)).resolves.toEqual({ ok: true });
    expect(pendingInside).toBe(1);
    expect(database.pendingWrites()).toBe(0);
    await expect(wrapped.loader!(args)).rejects.toBeInstanceOf(Response);
    expect(database.pendingWrites()).toBe(0);
    await database.close();
  });
});
