import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import SQLite from "better-sqlite3";
import { openSqlite } from "./connection";
import { reuseStatements } from "./sqlite-statements";

// Statements prepared once per SQL text, booleans bound as 0/1 (docs/decisions/0040-admin-save-path.md), through
// the connection the app opens.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function open() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-statements-"));
  dirs.push(dir);
  return { database: openSqlite(path.join(dir, "site.db")), dir };
}

describe("prepared statements", () => {
  it("prepares a SQL text once, keeps the most recently used texts up to its size, and binds booleans passed one by one", () => {
    const { dir } = open();
    const sqlite = new SQLite(path.join(dir, "raw.db"));
    reuseStatements(sqlite, 2);
    const first = sqlite.prepare("select ? as x");
    expect(sqlite.prepare("select ? as x")).toBe(first);
    expect(first.get(true)).toEqual({ x: 1 });
    expect(sqlite.prepare("select ? as x").get(false)).toEqual({ x: 0 });
    expect(sqlite.prepare("select ?, ? as y").all([1, true])).toEqual([{ "?": 1, y: 1 }]);
    // Two more texts: the first, now the least recently used, is prepared anew.
    sqlite.prepare("select 2");
    sqlite.prepare("select 3");
    expect(sqlite.prepare("select ? as x")).not.toBe(first);
    sqlite.close();
  });

  it("answers the same query again with the same rows, and binds booleans as 0/1 both in Kysely and in raw SQL", async () => {
    const { database } = open();
    const { db } = database;
    await sql`create table flags (id integer primary key, name text, on_ integer)`.execute(db);
    for (const [name, on] of [
      ["a", true],
      ["b", false],
      ["c", true],
    ] as const) {
      await sql`insert into flags (name, on_) values (${name}, ${on})`.execute(db);
    }
    const onNames = async (on: boolean) => (await sql<{ name: string }>`select name from flags where on_ = ${on} order by name`.execute(db)).rows.map((r) => r.name);
    expect(await onNames(true)).toEqual(["a", "c"]);
    // The same text again (now from the cache) with another parameter.
    expect(await onNames(false)).toEqual(["b"]);
    expect(await onNames(true)).toEqual(["a", "c"]);
    expect((await sql<{ on_: number }>`select on_ from flags where name = ${"b"}`.execute(db)).rows).toEqual([{ on_: 0 }]);
    await database.close();
  });

  it("still counts every commit of a reused statement as owed to the disk (group commit)", async () => {
    const { database } = open();
    const { db } = database;
    await sql`create table t (id integer primary key, v text)`.execute(db);
    await database.durable();
    for (const v of ["a", "b", "c"]) await sql`insert into t (v) values (${v})`.execute(db);
    expect(database.pendingWrites()).toBe(3);
    await database.durable();
    expect(database.pendingWrites()).toBe(0);
    await database.close();
  });

  it("runs a query again while the same query is still iterating its rows", () => {
    const { dir } = open();
    const sqlite = new SQLite(path.join(dir, "raw.db"));
    reuseStatements(sqlite);
    sqlite.exec("create table t (id integer primary key, v text); insert into t (v) values ('a'), ('b')");
    const seen: string[] = [];
    for (const row of sqlite.prepare("select v from t order by v").iterate() as Iterable<{ v: string }>) {
      seen.push(row.v);
      // The iterating statement is busy: the same text gets a statement of its own meanwhile.
      expect(sqlite.prepare("select v from t order by v").all()).toEqual([{ v: "a" }, { v: "b" }]);
    }
    expect(seen).toEqual(["a", "b"]);
    sqlite.close();
  });
});
