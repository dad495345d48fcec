import type SQLite from "better-sqlite3";

// Kysely's SQLite driver prepares every query anew (better-sqlite3's prepare() compiles the SQL each time), and an
// admin save runs the same dozen statements on every request: a prepared statement is kept per SQL text and
// reused (docs/decisions/0040-admin-save-path.md). better-sqlite3 refuses to bind JavaScript booleans; they are
// bound as 0/1 here, where it costs a glance at each parameter, instead of by a Kysely plugin that copied every
// query's whole tree to find them.

/** Distinct SQL texts kept; a query with a list of varying length (`in (?, ?, ...)`) is one text per length. */
export const STATEMENT_CACHE_SIZE = 500;

const toSqlite = (value: unknown): unknown => (typeof value === "boolean" ? (value ? 1 : 0) : value);

/** Parameters as better-sqlite3 takes them (an array, an object of named ones, or each as an argument), booleans as 0/1. */
function bindable(params: unknown[]): unknown[] {
  let changed = false;
  const out = params.map((param) => {
    if (typeof param === "boolean") {
      changed = true;
      return toSqlite(param);
    }
    if (Array.isArray(param) && param.some((v) => typeof v === "boolean")) {
      changed = true;
      return param.map(toSqlite);
    }
    return param;
  });
  return changed ? out : params;
}

export function reuseStatements(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): void {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const cached = cache.get(source);
    // A statement still iterating its rows cannot run again until it is done: such a caller gets a fresh one.
    if (cached && !cached.busy) {
      // Most recently used last, so the first entry is the one to evict.
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = prepare(source);
    for (const method of ["run", "all", "get", "iterate"] as const) {
      const original = (statement[method] as (...params: unknown[]) => unknown).bind(statement);
      (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => original(...bindable(params));
    }
    if (!cached) {
      cache.set(source, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
