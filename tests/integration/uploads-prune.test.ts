import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { createEnquiry } from "~/.server/models/enquiries";
import { updateProfile } from "~/.server/models/profiles";
import { createProject } from "~/.server/models/projects";
import { createService } from "~/.server/models/services";
import { updateSetting } from "~/.server/models/settings";
import { DiskStorage, contentTypeForKey } from "~/.server/storage";
import { AVIF_MARKER_KEYS } from "~/.server/storage/keys";
import { PruneRefusedError, pruneUploads, uploadBase } from "~/.server/storage/prune";
import { newObjectBase } from "~/.server/storage/upload";
import type { UploadBucket, UploadFolder } from "~/validation/constants";
import { createAdmin, projectInput, serviceInput } from "../factories";
import { useS3Server } from "../setup/s3-server";
import { useTestDatabase } from "../setup/database";

// `npm run uploads -- prune`: uploads nothing refers to are found and, with --apply, deleted; everything the
// content names, anything young and anything the server did not name stays. Real database, real stores.

const database = useTestDatabase();
const VARIANTS = ["-w480.webp", "-w960.webp", "-w1600.webp", "-w960.avif"];
const TWO_DAYS_AGO = new Date(Date.now() - 48 * 3_600_000);

let dir: string;
let storage: DiskStorage;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "prune-uploads-"));
  storage = new DiskStorage(dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Stores a file under `key`, dated `modified` (two days ago unless told). */
async function store(key: string, modified = TWO_DAYS_AGO): Promise<string> {
  await storage.put(key, Buffer.from(`bytes of ${key}`), contentTypeForKey(key) ?? "application/octet-stream");
  fs.utimesSync(path.join(storage.root, key), modified, modified);
  return key;
}

/** An upload as the pipeline stores it: a server-made base, the original and (for an image) its variants. */
async function upload(bucket: UploadBucket, folder: UploadFolder, ext = "jpg", modified = TWO_DAYS_AGO) {
  const base = newObjectBase(bucket, folder);
  const keys = [];
  keys.push(await store(`${base}.${ext}`, modified));
  for (const suffix of ext === "mp4" ? [] : VARIANTS) keys.push(await store(`${base}${suffix}`, modified));
  return { base, keys, url: `/uploads/${base}.${ext}` };
}

const stored = (keys: string[]) => keys.filter((key) => fs.existsSync(path.join(storage.root, key)));

describe("uploadBase", () => {
  it("knows the server's names and nothing else", () => {
    const base = "project-images/gallery/0123456789abcdef-1763740800000";
    for (const suffix of [".jpg", ".webm", "-w480.webp", "-w960.avif", "-w2400.webp"]) expect(uploadBase(`${base}${suffix}`)).toBe(base);
    for (const key of [
      "notes/readme.txt",
      "service-images/featured/photo.jpg",
      "service-images/featured/0123456789abcdef-1.jpg.bak",
      "service-images/featured/0123456789ABCDEF-1.jpg",
      "service-images/featured/0123456789abcdef-1.svg",
      "other-bucket/featured/0123456789abcdef-1.jpg",
      `backup/${base}.jpg`,
    ]) {
      expect(uploadBase(key), key).toBeNull();
    }
  });
});

describe("pruneUploads", () => {
  it("keeps every upload the content refers to, wherever it is stored, and deletes the rest only with apply", async () => {
    const admin = await createAdmin();
    const featured = await upload("service-images", "featured");
    const gallery = await upload("project-images", "gallery", "png");
    const logo = await upload("site-assets", "logos", "png");
    const avatar = await upload("site-assets", "avatars", "webp");
    const behindCdn = await upload("project-images", "featured");
    const inNewColumn = await upload("site-assets", "hero-backgrounds", "mp4");
    const variantOnly = await upload("service-images", "gallery");
    const orphan = await upload("service-images", "featured");
    const orphanVideo = await upload("site-assets", "hero-backgrounds", "mp4");

    await createService(serviceInput({ featured_image_url: featured.url }), admin.id);
    // A gallery is a JSON list in one text column.
    await createProject(projectInput({ gallery_images: ["/uploads/elsewhere.webp", gallery.url], featured_image_url: `https://media.example.mv/site/${behindCdn.base}.jpg` }), admin.id);
    await updateSetting("header_logo_image_url", logo.url);
    await updateProfile(admin.id, { full_name: "Admin", avatar_url: avatar.url });
    // A column this code has never heard of counts too.
    await db().schema.alterTable("categories").addColumn("banner_video", "text").execute();
    await sql`insert into categories (id, name, type, banner_video) values ('c1', 'Videos', 'both', ${inNewColumn.url})`.execute(db());
    await updateSetting("hero_background_url", `/uploads/${variantOnly.base}-w960.webp`);

    const dryRun = await pruneUploads({ database: database.current(), storage });
    expect(dryRun.unreferenced.map((g) => g.base).sort()).toEqual([orphan.base, orphanVideo.base].sort());
    const orphanGroup = dryRun.unreferenced.find((g) => g.base === orphan.base)!;
    // The variants first, the original last: an interrupted delete never leaves copies without their original.
    expect(orphanGroup.objects.map((o) => o.key)).toEqual([...VARIANTS.map((v) => `${orphan.base}${v}`).sort(), `${orphan.base}.jpg`]);
    expect(orphanGroup.bytes).toBe(orphan.keys.reduce((n, key) => n + `bytes of ${key}`.length, 0));
    expect(dryRun.kept).toBe(7);
    expect(dryRun.deleted).toEqual([]);
    expect(stored(orphan.keys)).toEqual(orphan.keys);

    const applied = await pruneUploads({ database: database.current(), storage, apply: true });
    expect(applied.deleted.sort()).toEqual([...orphan.keys, ...orphanVideo.keys].sort());
    expect(applied.failed).toEqual([]);
    expect(stored([...orphan.keys, ...orphanVideo.keys])).toEqual([]);
    for (const kept of [featured, gallery, logo, avatar, behindCdn, inNewColumn, variantOnly]) expect(stored(kept.keys)).toEqual(kept.keys);
  });

  it("waits for young uploads: a dialog may still be open", async () => {
    await createService(serviceInput({ featured_image_url: (await upload("service-images", "featured")).url }), null);
    const young = await upload("service-images", "gallery", "jpg", new Date(Date.now() - 2 * 3_600_000));
    // An old original with one freshly written variant is young too.
    const mixed = await upload("project-images", "gallery");
    await store(`${mixed.base}-w960.webp`, new Date());

    const result = await pruneUploads({ database: database.current(), storage, apply: true });
    expect(result.young.map((g) => g.base).sort()).toEqual([young.base, mixed.base].sort());
    expect(result.deleted).toEqual([]);
    expect(stored([...young.keys, ...mixed.keys])).toEqual([...young.keys, ...mixed.keys]);

    expect((await pruneUploads({ database: database.current(), storage, minAgeHours: 1 })).unreferenced.map((g) => g.base)).toEqual([young.base]);
    const now = await pruneUploads({ database: database.current(), storage, apply: true, minAgeHours: 0 });
    expect(now.deleted.sort()).toEqual([...young.keys, ...mixed.keys].sort());
  });

  it("leaves alone every file whose name the server does not make", async () => {
    await createService(serviceInput({ featured_image_url: (await upload("service-images", "featured")).url }), null);
    const strangers = [
      await store("notes/readme.txt"),
      await store("service-images/featured/photo.jpg"),
      await store("service-images/featured/0123456789abcdef-1.jpg.bak"),
      await store("service-images/featured/0123456789ABCDEF-1.jpg"),
    ];
    const result = await pruneUploads({ database: database.current(), storage, apply: true, minAgeHours: 0 });
    expect(result.leftAlone.map((o) => o.key)).toEqual([...strangers].sort());
    expect(result.unreferenced).toEqual([]);
    expect(stored(strangers)).toEqual(strangers);
  });

  it("does not let a visitor's enquiry keep a file", async () => {
    await createService(serviceInput({ featured_image_url: (await upload("service-images", "featured")).url }), null);
    const removed = await upload("project-images", "gallery");
    await createEnquiry({
      name: "Visitor",
      email: "visitor@example.com",
      phone: null,
      subject: "Renovation",
      message: `Like this one: http://localhost:3000${removed.url}`,
      source_page: "/",
      ip: "203.0.113.9",
      user_agent: null,
      spam_reason: null,
      notify: false,
    });
    const result = await pruneUploads({ database: database.current(), storage, apply: true });
    expect(result.deleted.sort()).toEqual([...removed.keys].sort());
  });

  it("refuses to delete when the database refers to none of the uploads (the wrong database?)", async () => {
    const orphan = await upload("service-images", "featured");
    expect((await pruneUploads({ database: database.current(), storage })).unreferenced).toHaveLength(1);
    await expect(pruneUploads({ database: database.current(), storage, apply: true })).rejects.toThrow(PruneRefusedError);
    expect(stored(orphan.keys)).toEqual(orphan.keys);
  });

  it("refuses a negative minimum age", async () => {
    await expect(pruneUploads({ database: database.current(), storage, minAgeHours: -1 })).rejects.toThrow(RangeError);
  });
});

describe("pruneUploads on a bucket behind S3_PUBLIC_URL", () => {
  const s3 = useS3Server();

  it("keeps what absolute URLs name and deletes the rest", async () => {
    const bucket = s3().storage("https://media.example.mv/site");
    const put = async (base: string) => {
      for (const key of [`${base}.jpg`, ...VARIANTS.map((v) => `${base}${v}`)]) await bucket.put(key, Buffer.from(key), "image/jpeg");
    };
    const used = newObjectBase("project-images", "featured");
    const unused = newObjectBase("project-images", "gallery");
    await put(used);
    await put(unused);
    await bucket.put("exports/site.json", Buffer.from("{}"), "application/json");
    // The server's own notes, one per late AVIF width (docs/decisions/0043-avif-480-marker-for-s3-public-url.md): kept, and no strangers.
    for (const marker of AVIF_MARKER_KEYS) await bucket.put(marker, Buffer.from("done\n"), "text/plain");
    await createProject(projectInput({ featured_image_url: bucket.publicUrl(`${used}.jpg`) }), null);

    // Objects in a bucket cannot be back-dated: age 0 lets them go at once.
    const result = await pruneUploads({ database: database.current(), storage: bucket, apply: true, minAgeHours: 0 });
    expect(result.deleted).toHaveLength(5);
    expect(result.deleted.every((key) => key.startsWith(unused))).toBe(true);
    expect(result.leftAlone.map((o) => o.key)).toEqual(["exports/site.json"]);
    const left: string[] = [];
    for await (const object of bucket.list()) left.push(object.key);
    expect(left.sort()).toEqual(["exports/site.json", ...AVIF_MARKER_KEYS, `${used}-w1600.webp`, `${used}-w480.webp`, `${used}-w960.avif`, `${used}-w960.webp`, `${used}.jpg`].sort());
  });
});

describe("npm run uploads -- prune", () => {
  /** Runs the script as an operator would (`npm run uploads` is `tsx scripts/uploads.ts`; one node process with tsx's
   * loader rather than npx starting tsx starting node), with this DATA_DIR (and DATABASE_URL) and no bucket. */
  function run(args: string[], site: { DATA_DIR: string; DATABASE_URL?: string }): Promise<{ code: number; stdout: string; stderr: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, ...site, LOG_LEVEL: "warn" };
    for (const name of Object.keys(env)) if (name.startsWith("S3_") || env[name] === undefined) delete env[name];
    return new Promise((resolve) => {
      execFile(process.execPath, ["--import", "tsx", "scripts/uploads.ts", ...args], { env }, (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });
  }

  it("stops when DATA_DIR holds no database instead of making an empty one", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "prune-empty-"));
    try {
      const result = await run(["prune", "--apply"], { DATA_DIR: empty });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`No database at ${path.join(empty, "site.db")}`);
      expect(fs.readdirSync(empty)).toEqual([]);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it("reports, then deletes with --apply; a usage error exits 2", async () => {
    // On SQLite, DATA_DIR is the folder of the test database (DATA_DIR/site.db), as in production.
    const file = database.current().file;
    const dataDir = file ? path.dirname(file) : fs.mkdtempSync(path.join(os.tmpdir(), "prune-data-"));
    try {
      const site = { DATA_DIR: dataDir, DATABASE_URL: database.current().url };
      storage = new DiskStorage(path.join(dataDir, "uploads"));
      const kept = await upload("site-assets", "logos", "png");
      const orphan = await upload("service-images", "featured");
      const young = await upload("project-images", "gallery", "jpg", new Date());
      await store("notes/readme.txt");
      await updateSetting("footer_logo_image_url", kept.url);

      const usage = await run(["prune", "--min-age-hours", "soon"], site);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--min-age-hours takes a number of hours >= 0, not "soon"');
      expect(usage.stderr).toContain("Usage:");
      expect((await run(["tidy"], site)).code).toBe(2);

      const dryRun = await run(["prune"], site);
      expect(dryRun.code, dryRun.stderr).toBe(0);
      expect(dryRun.stdout).toContain("(dry run: nothing deleted)");
      expect(dryRun.stdout).toContain(`  ${orphan.base}  (5 files, `);
      for (const key of orphan.keys) expect(dryRun.stdout).toContain(`    ${key}\n`);
      expect(dryRun.stdout).toMatch(/5 files of 1 upload, \d+ bytes, would be deleted\./);
      expect(dryRun.stdout).toContain("Re-run with --apply");
      expect(dryRun.stdout).toContain("Kept: 1 upload in use.");
      expect(dryRun.stdout).toContain("Not yet: 1 unreferenced upload younger than 24 hours");
      expect(dryRun.stdout).toContain("Left alone: 1 file whose names the server does not make:\n  notes/readme.txt");
      expect(dryRun.stdout).not.toContain(kept.base);
      expect(stored(orphan.keys)).toEqual(orphan.keys);

      const applied = await run(["prune", "--apply"], site);
      expect(applied.code, applied.stderr).toBe(0);
      expect(applied.stdout).toContain("Deleted from ");
      for (const key of orphan.keys) expect(applied.stdout).toContain(`    ${key}\n`);
      expect(applied.stdout).toMatch(/Deleted 5 files of 1 upload, \d+ bytes\./);
      expect(stored(orphan.keys)).toEqual([]);
      expect(stored([...kept.keys, ...young.keys, "notes/readme.txt"])).toEqual([...kept.keys, ...young.keys, "notes/readme.txt"]);
    } finally {
      if (!file) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
