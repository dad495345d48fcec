import type { Kysely } from "kysely";
import { env } from "../env";
import { type Database, openDatabase } from "./connection";
import type { DB } from "./schema";

// The one handle every model uses. The server opens it at start; tests swap in a fresh database.
let current: Database | undefined;

export function getDatabase(): Database {
  current ??= openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  return current;
}

export function setDatabase(database: Database | undefined): void {
  current = database;
}

export function db(): Kysely<DB> {
  return getDatabase().db;
}

/** Waits until every write made so far is on disk: before answering a request that wrote (server/app.ts). */
export function durable(): Promise<void> {
  return current?.durable() ?? Promise.resolve();
}

export async function closeDatabase(): Promise<void> {
  const database = current;
  current = undefined;
  await database?.close();
}

export type { Database, Engine } from "./connection";
