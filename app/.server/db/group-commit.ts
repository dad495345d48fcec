import fs from "node:fs/promises";
import type SQLite from "better-sqlite3";
import { logger } from "../logger";

// Group commit for SQLite (docs/decisions/0033-admin-on-a-phone.md): commits do not wait for the disk
// (`synchronous=NORMAL` in WAL mode: a commit survives the process dying, not a power cut), and nothing is
// acknowledged before the disk has it: a request that wrote waits for `durable()`, one fdatasync of the WAL file,
// run off the event loop and shared by every commit made before it started. With `synchronous=FULL` each commit
// blocked the event loop for its own fsync (about 4 ms on the machine we measured), three times per admin save.
// SQLite itself syncs the WAL before each checkpoint and the database file after it, and the WAL header when the
// file is reused, so a write that is in neither the synced WAL nor the database file is one nobody was told of.

export interface GroupCommit {
  /** Resolves once every write made before the call is on disk. */
  durable(): Promise<void>;
  /** Writes made and not yet known to be on disk. */
  pending(): number;
  /** Lets go of the write-ahead log's file (after the last durable(), before the database closes). */
  release(): Promise<void>;
}

export function trackWrites(sqlite: SQLite.Database): GroupCommit {
  const walFile = `${sqlite.name}-wal`;
  let written = 0;
  let synced = 0;
  let inflight: Promise<void> | null = null;
  // The WAL stays open between syncs (docs/decisions/0040-admin-save-path.md): opening and closing it for each sync
  // cost two more trips through the thread pool. SQLite deletes the WAL only when the last connection to the
  // database closes, and this connection is open for as long as the handle is kept; it reuses the file (from its
  // start, same inode) after a checkpoint.
  let wal: fs.FileHandle | null = null;

  const flush = (): Promise<void> => {
    if (inflight) return inflight;
    const covers = written;
    inflight = (async () => {
      try {
        wal ??= await fs.open(walFile, "r");
        await wal.datasync();
      } catch (error) {
        // No WAL file: the last connection checkpointed it into the database file and synced that.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
      synced = Math.max(synced, covers);
    })().finally(() => {
      inflight = null;
    });
    return inflight;
  };

  const durable = async (): Promise<void> => {
    const target = written;
    // A sync already running may have started before this caller's last write: then one more is needed.
    while (synced < target) await flush();
  };

  let scheduled = false;
  const wrote = () => {
    written++;
    // Writes nobody waits for (background jobs) reach the disk within the same turn of the event loop too.
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      durable().catch((error: unknown) => {
        // The next durable() retries, and a request waiting on it fails with the error.
        logger.warn({ err: error }, "syncing the database's write-ahead log failed");
      });
    });
  };

  // A write outside a transaction commits at once; inside one, the COMMIT does. Either way the commit has happened
  // when a statement that writes (or commits) returns and no transaction is open: only then is a sync owed, so a
  // sync that runs in the middle of a transaction never counts as covering it.
  const committed = () => {
    if (!sqlite.inTransaction) wrote();
  };
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    // BEGIN and COMMIT are "read-only" to SQLite (they write nothing themselves), so COMMIT is named here.
    if (statement.readonly && !/^\s*(commit|end)\b/i.test(source)) return statement;
    // Kysely runs writes with run(), and writes that return rows with all().
    for (const method of ["run", "all", "get"] as const) {
      const original = (statement[method] as (...params: unknown[]) => unknown).bind(statement);
      (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
        try {
          return original(...params);
        } finally {
          committed();
        }
      };
    }
    return statement;
  }) as typeof sqlite.prepare;
  const exec = sqlite.exec.bind(sqlite);
  sqlite.exec = ((source: string) => {
    try {
      return exec(source);
    } finally {
      committed();
    }
  }) as typeof sqlite.exec;

  const release = async () => {
    await inflight?.catch(() => {});
    const handle = wal;
    wal = null;
    await handle?.close();
  };

  return { durable, pending: () => written - synced, release };
}
