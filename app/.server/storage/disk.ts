import crypto from "node:crypto";
import type { Dirent, Stats } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { assertKey, contentTypeForKey } from "./keys";
import type { ByteRange, ListedObject, Storage, StoredObjectInfo } from "./types";

const isNotFound = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "ENOENT";

/**
 * Files under one directory (DATA_DIR/uploads by default), served by the HTTP server at /uploads.
 * A write goes to a temp file in the target directory, is fsynced, then renamed over the target, and the
 * directory is fsynced: after a crash a key holds either nothing or the whole file, never a torn one.
 */
export class DiskStorage implements Storage {
  readonly kind = "disk" as const;
  readonly root: string;

  constructor(
    root: string,
    private readonly urlPrefix = "/uploads",
  ) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...assertKey(key).split("/"));
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    // The content type is not stored: the server derives it from the extension, which the key fixes.
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    const created = await fs.mkdir(dir, { recursive: true });
    // A dotfile: never served (the static handler denies dotfiles) and never a valid key. It names the writing
    // process, so a start after a crash can tell its leftovers from another live process's write.
    const temp = path.join(dir, `.${path.basename(target)}.${process.pid}-${crypto.randomBytes(6).toString("hex")}.tmp`);
    const handle = await fs.open(temp, "wx", 0o644);
    try {
      try {
        if (Buffer.isBuffer(body)) await handle.writeFile(body);
        // writeFile on a handle continues at its position and retries short writes.
        else for await (const chunk of body) await handle.writeFile(chunk as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(dir);
    // Directories made just now must be durable in their parent too.
    if (created) await syncDirectory(path.dirname(created));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.pathOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, "r");
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    return handle.createReadStream({ start: range?.start, end: range?.end });
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const stats = await fs.stat(this.pathOf(key));
      if (!stats.isFile()) return null;
      return { size: stats.size, contentType: contentTypeForKey(key), etag: `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"` };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  /**
   * Deletes the temp files of writes that can no longer finish (docs/security.md "No leftovers after a crash"):
   * those of a process that is gone (killed mid-write), and any older than `olderThanMs`, whoever wrote them.
   * A live process's write in progress is left alone. At start-up (`atStartup`), files naming this process's own id
   * are leftovers too: nothing has been written yet, and a restarted container often gets the same id again.
   * Returns the paths removed (with `dryRun`, that would be), relative to the root.
   */
  async removeStaleTempFiles(options: { olderThanMs?: number; now?: number; atStartup?: boolean; dryRun?: boolean } = {}): Promise<string[]> {
    const now = options.now ?? Date.now();
    const removed: string[] = [];
    for await (const file of tempFiles(this.root)) {
      const writer = /\.(\d+)-[0-9a-f]+\.tmp$/.exec(file)?.[1];
      const pid = Number(writer);
      let stale = writer === undefined || (options.atStartup === true && pid === process.pid) || !isRunning(pid);
      if (!stale && options.olderThanMs !== undefined) {
        try {
          stale = now - (await fs.stat(file)).mtimeMs > options.olderThanMs;
        } catch (error) {
          if (isNotFound(error)) continue;
          throw error;
        }
      }
      if (!stale) continue;
      if (!options.dryRun) await fs.rm(file, { force: true });
      removed.push(path.relative(this.root, file));
    }
    return removed;
  }

  list(): AsyncIterable<ListedObject> {
    return walk(this.root, "");
  }

  publicUrl(key: string): string {
    return `${this.urlPrefix}/${assertKey(key)}`;
  }
}

/** What `dir` holds; nothing when it is not there (no uploads yet, or a directory removed while we walk). */
async function entriesOf(dir: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

/** Files under `dir` as keys below `prefix`. Dotfiles (a write's temp file) and dot directories are not objects. */
async function* walk(dir: string, prefix: string): AsyncGenerator<ListedObject> {
  for (const entry of (await entriesOf(dir)).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".")) continue;
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(file, key);
    } else if (entry.isFile()) {
      let stats: Stats;
      try {
        stats = await fs.stat(file);
      } catch (error) {
        if (isNotFound(error)) continue;
        throw error;
      }
      yield { key, size: stats.size, modified: stats.mtime };
    }
  }
}

/** A write's temp file: `.<name>.<pid>-<hex>.tmp` (older versions: `.<name>.<hex>.tmp`). */
const TEMP_FILE = /^\..+\.tmp$/;

async function* tempFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await entriesOf(dir)) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith(".")) yield* tempFiles(file);
    else if (entry.isFile() && TEMP_FILE.test(entry.name)) yield file;
  }
}

/** Whether a process with this id runs on this machine. */
function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, "r");
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows, some network file systems) cannot fsync a directory; the rename still happened.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL" && code !== "EBADF") throw error;
  } finally {
    await handle?.close();
  }
}
