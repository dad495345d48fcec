import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import * as tar from "tar";
import { type Database, openSqlite } from "../db/connection";
import { type ExportFile, exportData, importData } from "../models/site-data";

// Backups, restores and moving a site between engines (docs/product.md#commands). A backup is one .tar.gz holding
// manifest.json, the database (an online SQLite snapshot, or a portable JSON export from Postgres)
// and the uploads folder. Restore expects the server to be stopped.

export interface BackupOptions {
  database: Database;
  dataDir: string;
  outDir?: string;
}

/** The folders under DATA_DIR a backup carries beside the database (on disk storage; a bucket keeps its own). */
const FILE_FOLDERS = ["uploads", "private"] as const;

/** Writes DATA_DIR/backups/backup-<time>.tar.gz and returns its path. */
export async function createBackup({ database, dataDir, outDir }: BackupOptions): Promise<string> {
  const dir = outDir ?? path.join(dataDir, "backups");
  fs.mkdirSync(dir, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "site-backup-"));
  try {
    const entries = ["manifest.json"];
    if (database.engine === "sqlite" && database.file) {
      // SQLite's online backup: a consistent snapshot while the site keeps serving.
      const source = new SQLite(database.file, { readonly: true, fileMustExist: true });
      try {
        await source.backup(path.join(work, "database.sqlite"));
      } finally {
        source.close();
      }
      entries.push("database.sqlite");
    } else {
      // Postgres: a portable export (no pg_dump needed, restorable into either engine).
      fs.writeFileSync(path.join(work, "database.json"), JSON.stringify(await exportData(database)));
      entries.push("database.json");
    }
    // The files on disk: uploads, and the contact form's private attachments (docs/decisions/0018-enquiry-attachments.md).
    for (const folder of FILE_FOLDERS) {
      const source = path.join(dataDir, folder);
      if (!fs.existsSync(source)) continue;
      fs.cpSync(source, path.join(work, folder), { recursive: true });
      entries.push(folder);
    }
    fs.writeFileSync(
      path.join(work, "manifest.json"),
      JSON.stringify({ format: "atoll-site-backup", version: 1, engine: database.engine, createdAt: new Date().toISOString() }, null, 2),
    );
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(dir, `backup-${stamp}.tar.gz`);
    await tar.c({ gzip: true, file, cwd: work, portable: true }, entries);
    return file;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Puts a backup back: the database (into whichever engine `database` is), the uploads and the private attachments.
 * For SQLite the caller must not hold the database open; pass `database` only for Postgres.
 */
export async function restoreBackup(options: { file: string; dataDir: string; database?: Database }): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "site-restore-"));
  try {
    await tar.x({ file: options.file, cwd: work, strict: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(work, "manifest.json"), "utf8")) as { format?: string };
    if (manifest.format !== "atoll-site-backup") throw new Error("Not a site backup");
    const snapshot = path.join(work, "database.sqlite");
    const json = path.join(work, "database.json");

    if (options.database && options.database.engine === "postgres") {
      let data: ExportFile;
      if (fs.existsSync(snapshot)) {
        const source = openSqlite(snapshot);
        data = await exportData(source);
        await source.close();
      } else {
        data = JSON.parse(fs.readFileSync(json, "utf8")) as ExportFile;
      }
      await importData(options.database, data);
    } else {
      const target = path.join(options.dataDir, "site.db");
      fs.mkdirSync(options.dataDir, { recursive: true });
      for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
      if (fs.existsSync(snapshot)) {
        fs.copyFileSync(snapshot, `${target}.restoring`);
        fs.renameSync(`${target}.restoring`, target);
      } else {
        fs.rmSync(target, { force: true });
        const fresh = openSqlite(target);
        await importData(fresh, JSON.parse(fs.readFileSync(json, "utf8")) as ExportFile);
        await fresh.close();
      }
    }

    for (const folder of FILE_FOLDERS) {
      const target = path.join(options.dataDir, folder);
      const restored = path.join(work, folder);
      fs.rmSync(target, { recursive: true, force: true });
      if (fs.existsSync(restored)) fs.cpSync(restored, target, { recursive: true });
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
