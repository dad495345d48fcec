import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DiskStorage, setStorage, type Storage } from "~/.server/storage";
import { pruneUploads } from "~/.server/storage/prune";
import { handleUpload } from "~/.server/storage/upload";
import { startup } from "~/.server/ops/startup";
import { createAdmin, serviceInput } from "../factories";
import { createService } from "~/.server/models/services";
import { useTestDatabase } from "../setup/database";

// docs/security.md "No leftovers after a crash": a process killed mid-upload leaves neither temp files (after the
// next start) nor copies without their original.

const database = useTestDatabase();
let dir: string;
let storage: DiskStorage;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-crash-"));
  storage = new DiskStorage(dir);
  setStorage(storage);
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  setStorage(undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

const tempFilesIn = (root: string) =>
  fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => path.basename(f).endsWith(".tmp"));

/** Another process that starts writing an upload into `root` and never finishes: it stays until killed. */
async function writerInAnotherProcess(root: string): Promise<ChildProcess> {
  const script = path.join(root, "..", `writer-${path.basename(root)}.mts`);
  const disk = path.resolve("app/.server/storage/disk.ts");
  fs.writeFileSync(
    script,
    `import { PassThrough } from "node:stream";
     import { DiskStorage } from ${JSON.stringify(disk)};
     const body = new PassThrough();
     body.write(Buffer.alloc(64 * 1024, 1));
     void new DiskStorage(process.argv[2]).put("service-images/featured/0123456789abcdef-1.jpg", body, "image/jpeg");
     setInterval(() => {}, 1000);`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", script, root], { stdio: "ignore" });
  children.push(child);
  await expect.poll(() => tempFilesIn(root).length, { timeout: 15_000 }).toBe(1);
  fs.rmSync(script);
  return child;
}

describe("after kill -9 during an upload", () => {
  it("the next start removes the killed writer's temp file, but not a live writer's", async () => {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-live-"));
    try {
      const killed = await writerInAnotherProcess(dir);
      killed.kill("SIGKILL");
      await new Promise((resolve) => killed.once("exit", resolve));
      const leftover = tempFilesIn(dir);
      expect(leftover).toHaveLength(1);

      // A second instance sharing the disk is still writing: its temp file must survive our start.
      const live = await writerInAnotherProcess(otherDir);
      expect(await new DiskStorage(otherDir).removeStaleTempFiles()).toEqual([]);
      expect(tempFilesIn(otherDir)).toHaveLength(1);
      live.kill("SIGKILL");

      await startup({ demoContent: false });
      expect(tempFilesIn(dir)).toEqual([]);
      // Nothing else was touched: the upload never existed.
      expect(fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(dir, f)).isFile())).toEqual([]);
    } finally {
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it("a start-up in a restarted container (same process id as the killed one) still removes its temp files", async () => {
    const file = path.join(dir, "service-images", "featured", `.0123456789abcdef-1.jpg.${process.pid}-a1b2c3.tmp`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "half");
    expect(await storage.removeStaleTempFiles()).toEqual([]);
    expect(await storage.removeStaleTempFiles({ atStartup: true })).toEqual([path.relative(dir, file)]);
  });
});

describe("write order", () => {
  it("stores the original before any copy, so an upload cut short never leaves copies without their original", async () => {
    // Keys whose write has finished; `started` counts writes begun, so a cut stops the next one.
    const puts: string[] = [];
    let started = 0;
    let cutAfter = Number.POSITIVE_INFINITY;
    // The real disk store, with a process that "dies" (never returns) after a number of writes.
    const dying: Storage = Object.assign(Object.create(storage) as DiskStorage, {
      async put(key: string, body: Buffer, type: string) {
        if (started >= cutAfter) return new Promise<void>(() => {});
        started++;
        await storage.put(key, body, type);
        puts.push(key);
      },
    });
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#0f5f7a" } }).png().toBuffer();
    const request = () => {
      const form = new FormData();
      form.set("bucket", "service-images");
      form.set("folder", "featured");
      form.set("file", new Blob([png], { type: "image/png" }), "photo.png");
      return new Request("http://localhost:3000/api/uploads", { method: "POST", body: form });
    };
    const [uploaded] = await handleUpload(request(), dying);
    expect(puts[0]).toBe(uploaded.url.replace("/uploads/", ""));
    expect(puts.slice(1).every((key) => /-w\d+\.(webp|avif)$/.test(key))).toBe(true);

    for (cutAfter = 1; cutAfter < 5; cutAfter++) {
      puts.length = 0;
      started = 0;
      void handleUpload(request(), dying);
      await expect.poll(() => puts.length, { timeout: 10_000 }).toBe(cutAfter);
      const stored = puts.filter((key) => fs.existsSync(path.join(dir, key)));
      expect(stored[0]).toMatch(/\.png$/);
    }

    // Whatever a crash left is unreferenced; prune takes copies before the original.
    const admin = await createAdmin();
    await createService(serviceInput({ featured_image_url: uploaded.url }), admin.id);
    const result = await pruneUploads({ database: database.current(), storage, apply: true, minAgeHours: 0 });
    const groups = result.unreferenced.map((g) => g.objects.map((o) => o.key));
    expect(groups).toHaveLength(4);
    for (const keys of groups) expect(keys.at(-1)).toMatch(/\.png$/);
  });

  it("prune removes copies left without their original at once, and temp files over an hour old", async () => {
    const admin = await createAdmin();
    const kept = "service-images/featured/00000000000000aa-1.jpg";
    await storage.put(kept, Buffer.from("kept"), "image/jpeg");
    await createService(serviceInput({ featured_image_url: `/uploads/${kept}` }), admin.id);
    // What older versions left after a crash: copies written first, original never.
    const copies = ["service-images/gallery/00000000000000bb-2-w480.webp", "service-images/gallery/00000000000000bb-2-w960.webp"];
    for (const key of copies) await storage.put(key, Buffer.from("copy"), "image/webp");
    const oldTemp = path.join(dir, "service-images", "gallery", ".00000000000000cc-3.jpg.1-deadbe.tmp");
    fs.writeFileSync(oldTemp, "half");
    const hourAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(oldTemp, hourAgo, hourAgo);

    const dryRun = await pruneUploads({ database: database.current(), storage });
    expect(dryRun.unreferenced.map((g) => g.base)).toEqual(["service-images/gallery/00000000000000bb-2"]);
    expect(dryRun.tempFiles).toEqual([path.relative(dir, oldTemp)]);
    expect(fs.existsSync(oldTemp)).toBe(true);

    const applied = await pruneUploads({ database: database.current(), storage, apply: true });
    expect(applied.deleted.sort()).toEqual(copies);
    expect(applied.tempFiles).toEqual([path.relative(dir, oldTemp)]);
    expect(fs.existsSync(oldTemp)).toBe(false);
    expect(await storage.exists(kept)).toBe(true);
  });
});
