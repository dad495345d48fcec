import { LRUCache } from "lru-cache";
import { type Database, getDatabase } from "../db";
import { logger } from "../logger";
import { incrementCounter, readCounter } from "../models/counters";

// Public content cache (fast pages, docs/performance.md): visitors are served from memory; every admin write bumps a content
// version kept in the database, which clears this instance at once and every other instance within
// VERSION_CHECK_MS (several instances: docs/deploy.md#several-machines), without a database round trip per page view.

export const VERSION_CHECK_MS = 1000;

/**
 * Entries kept at most. Every distinct key asked for takes one (`service:<id>`, hits and misses alike), so a
 * crawler asking for random ids must not grow it without limit (docs/security.md "Bounded memory"). A site of
 * a few hundred records fits whole; past that the least recently used entry goes.
 */
export const MAX_CACHE_ENTRIES = 1000;

interface CacheEntry {
  version: number;
  value: Promise<unknown>;
}

interface CacheState {
  version: number;
  checkedAt: number;
  checking: Promise<number> | null;
  entries: LRUCache<string, CacheEntry>;
}

const states = new WeakMap<Database, CacheState>();

function state(): CacheState {
  const database = getDatabase();
  let s = states.get(database);
  if (!s) {
    s = { version: -1, checkedAt: 0, checking: null, entries: new LRUCache<string, CacheEntry>({ max: MAX_CACHE_ENTRIES }) };
    states.set(database, s);
  }
  return s;
}

const VERSION_COUNTER = "content_version";

const readVersion = () => readCounter(VERSION_COUNTER);

async function currentVersion(s: CacheState): Promise<number> {
  if (Date.now() - s.checkedAt < VERSION_CHECK_MS && s.version >= 0) return s.version;
  s.checking ??= readVersion()
    .then((v) => {
      if (v !== s.version) s.entries.clear();
      s.version = v;
      s.checkedAt = Date.now();
      return v;
    })
    .finally(() => {
      s.checking = null;
    });
  return s.checking;
}

/**
 * The content version this instance currently believes in, re-read from the database at most once per
 * VERSION_CHECK_MS. The rendered-page cache (page-cache.ts) labels its entries with it.
 */
export async function contentVersion(): Promise<number> {
  return currentVersion(state());
}

/** The value for `key`, loaded once per content version. A failed load is not cached. */
export async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const s = state();
  const version = await currentVersion(s);
  const hit = s.entries.get(key);
  if (hit && hit.version === version) return hit.value as Promise<T>;
  const value = load();
  s.entries.set(key, { version, value });
  value.catch(() => {
    if (s.entries.peek(key)?.value === value) s.entries.delete(key);
  });
  return value;
}

/** Entries held now by this instance for the current database (for tests and the memory script). */
export function cacheSize(): number {
  return state().entries.size;
}

/** Called by every write that changes what visitors see. */
export async function bumpContentVersion(): Promise<void> {
  const s = state();
  s.entries.clear();
  s.checkedAt = 0;
  try {
    await incrementCounter(VERSION_COUNTER);
  } catch (error) {
    logger.error({ err: error }, "could not bump the content version");
  }
}
