import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import express from "express";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/.server/env";
import { DiskStorage, type ListedObject, S3Storage, type Storage, storageFromEnv } from "~/.server/storage";
import { parseRange, serveStoredUploads } from "~/.server/storage/serve";
import { type S3Server, startS3Server, startS3ServerProcess } from "../setup/s3-server";

// The storage contract, run against the disk driver and against the S3 driver talking to an S3-compatible
// server (s3rver) on loopback; then the /uploads handler that serves a bucket through the app.

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Every file under a directory, relative, sorted. */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** What list() yields under a prefix (the bucket is shared by the tests of this file), sorted by key. */
async function listUnder(storage: Storage, prefix: string): Promise<ListedObject[]> {
  const found: ListedObject[] = [];
  for await (const object of storage.list()) if (object.key.startsWith(`${prefix}/`)) found.push(object);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString();
}

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const s3Storage = (publicUrl?: string) => s3.storage(publicUrl);

const drivers: Array<[string, () => { storage: Storage; cleanup: () => void }]> = [
  [
    "disk",
    () => {
      const dir = tempDir("storage-disk-");
      return { storage: new DiskStorage(dir), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  ["s3", () => ({ storage: s3Storage(), cleanup: () => undefined })],
];

describe.each(drivers)("%s driver", (_name, make) => {
  let storage: Storage;
  let cleanup: () => void;
  let prefix: string;
  beforeEach(() => {
    ({ storage, cleanup } = make());
    // The bucket outlives a test; each test writes under its own prefix.
    prefix = `t${Math.random().toString(16).slice(2, 10)}`;
  });
  afterEach(() => cleanup());

  it("puts, reads, streams, stats and deletes an object", async () => {
    const key = `${prefix}/site-assets/logos/a1-1.png`;
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();

    await storage.put(key, Buffer.from("0123456789"), "image/png");
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key))?.toString()).toBe("0123456789");
    expect(await readAll((await storage.stream(key))!)).toBe("0123456789");
    expect(await readAll((await storage.stream(key, { start: 2, end: 5 }))!)).toBe("2345");
    expect(await storage.stat(key)).toMatchObject({ size: 10, contentType: "image/png" });

    await storage.put(key, Buffer.from("replaced"), "image/png");
    expect((await storage.get(key))?.toString()).toBe("replaced");

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key);
  });

  it("takes a stream as the body", async () => {
    const key = `${prefix}/project-images/gallery/b2-2.webm`;
    await storage.put(key, Readable.from([Buffer.from("part one, "), Buffer.from("part two")]), "video/webm");
    expect((await storage.get(key))?.toString()).toBe("part one, part two");
  });

  it("lists every object with its size and time, nested keys included", async () => {
    const before = Date.now() - 60_000;
    await storage.put(`${prefix}/service-images/featured/a1-1.jpg`, Buffer.from("12345"), "image/jpeg");
    await storage.put(`${prefix}/service-images/featured/a1-1-w480.webp`, Buffer.from("123"), "image/webp");
    await storage.put(`${prefix}/x.png`, Buffer.from(""), "image/png");
    const listed = await listUnder(storage, prefix);
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: `${prefix}/service-images/featured/a1-1-w480.webp`, size: 3 },
      { key: `${prefix}/service-images/featured/a1-1.jpg`, size: 5 },
      { key: `${prefix}/x.png`, size: 0 },
    ]);
    for (const object of listed) {
      expect(object.modified).toBeInstanceOf(Date);
      expect(object.modified.getTime()).toBeGreaterThan(before);
    }
    await storage.delete(`${prefix}/x.png`);
    expect((await listUnder(storage, prefix)).map((o) => o.key)).not.toContain(`${prefix}/x.png`);
  });

  it("refuses keys that could leave the store", async () => {
    for (const key of ["../escape.png", "/abs.png", "a//b.png", ".hidden", "a/../b.png", "a/.b.png", "a\\b.png", "a/b.png?x", ""]) {
      await expect(storage.put(key, Buffer.from("x"), "image/png"), key).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.publicUrl(key), key).toThrow(/Invalid storage key/);
    }
  });
});

describe("disk driver", () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir("storage-disk-");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes DATA_DIR/uploads/<key> and links it at /uploads/<key>", async () => {
    const storage = new DiskStorage(dir);
    await storage.put("service-images/featured/abc-1.jpg", Buffer.from("jpeg"), "image/jpeg");
    expect(fs.readFileSync(path.join(dir, "service-images/featured/abc-1.jpg"), "utf8")).toBe("jpeg");
    expect(storage.publicUrl("service-images/featured/abc-1.jpg")).toBe("/uploads/service-images/featured/abc-1.jpg");
    // No temp file is left behind.
    expect(listFiles(dir)).toEqual(["service-images/featured/abc-1.jpg"]);
  });

  it("leaves nothing behind, not even a temp file, when a write fails half-way", async () => {
    const storage = new DiskStorage(dir);
    const broken = new Readable({
      read() {
        this.push(Buffer.from("first half"));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(storage.put("site-assets/avatars/x-1.png", broken, "image/png")).rejects.toThrow(/client went away/);
    expect(await storage.exists("site-assets/avatars/x-1.png")).toBe(false);
    expect(listFiles(dir)).toEqual([]);
  });

  it("lists nothing for a store not yet written to, and never a write's temp file or a dot directory", async () => {
    for await (const object of new DiskStorage(path.join(dir, "missing")).list()) expect.unreachable(object.key);
    const storage = new DiskStorage(dir);
    await storage.put("project-images/gallery/c1-1.png", Buffer.from("png"), "image/png");
    // What an interrupted put leaves, and what other tools keep beside the files.
    fs.writeFileSync(path.join(dir, "project-images/gallery/.c2-2.png.0a1b2c3d4e5f.tmp"), "half");
    fs.mkdirSync(path.join(dir, ".cache/deep"), { recursive: true });
    fs.writeFileSync(path.join(dir, ".cache/deep/x.png"), "x");
    const keys: string[] = [];
    for await (const object of storage.list()) keys.push(object.key);
    expect(keys).toEqual(["project-images/gallery/c1-1.png"]);
  });

  it("keeps the previous file whole when a replacement fails", async () => {
    const storage = new DiskStorage(dir);
    await storage.put("a/b-1.png", Buffer.from("old"), "image/png");
    const broken = new Readable({
      read() {
        this.destroy(new Error("boom"));
      },
    });
    await expect(storage.put("a/b-1.png", broken, "image/png")).rejects.toThrow(/boom/);
    expect((await storage.get("a/b-1.png"))?.toString()).toBe("old");
    expect(listFiles(dir)).toEqual(["a/b-1.png"]);
  });
});

describe("S3 driver", () => {
  it("stores the content type and a year of caching with the object", async () => {
    const storage = s3Storage();
    await storage.put("site-assets/hero-backgrounds/c3-3.mp4", Buffer.from("video"), "video/mp4");
    const head = await storage.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: "site-assets/hero-backgrounds/c3-3.mp4" }));
    expect(head.ContentType).toBe("video/mp4");
    expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
    // Stored where any S3 client finds it: path style, bucket then key.
    const direct = await fetch(`${s3.endpoint}/${s3.bucket}/site-assets/hero-backgrounds/c3-3.mp4`);
    expect(await direct.text()).toBe("video");
  });

  it("lists past the first page of ListObjectsV2", async () => {
    const paging = await startS3ServerProcess();
    try {
      const storage = new S3Storage({ endpoint: paging.endpoint, bucket: paging.bucket, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", listPageSize: 2 });
      const keys = [1, 2, 3, 4, 5].map((n) => `project-images/gallery/p${n}-${n}.webp`);
      for (const key of keys) await storage.put(key, Buffer.from(key), "image/webp");
      // Count the pages asked for: a middleware is how the SDK lets a caller watch its requests.
      let pages = 0;
      storage.client.middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === "ListObjectsV2Command") pages += 1;
          return next(args);
        },
        { step: "initialize", name: "countPages" },
      );
      const listed: string[] = [];
      for await (const object of storage.list()) listed.push(object.key);
      expect(listed).toEqual(keys);
      expect(pages).toBe(3);
    } finally {
      await paging.close();
    }
  });

  it("links objects through the app by default, or at S3_PUBLIC_URL", () => {
    expect(s3Storage().publicUrl("a/b-1.png")).toBe("/uploads/a/b-1.png");
    expect(s3Storage("https://cdn.example.com/site/").publicUrl("a/b-1.png")).toBe("https://cdn.example.com/site/a/b-1.png");
  });

  it("reports a missing bucket as an error, not as a missing object", async () => {
    const storage = new S3Storage({ endpoint: s3.endpoint, bucket: "no-such-bucket", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
    await expect(storage.put("a/b-1.png", Buffer.from("x"), "image/png")).rejects.toThrow();
  });
});

describe("storageFromEnv", () => {
  it("uses the disk under DATA_DIR/uploads unless S3_BUCKET is set", () => {
    const disk = storageFromEnv(parseEnv({ DATA_DIR: "/srv/site-data" }));
    expect(disk).toBeInstanceOf(DiskStorage);
    expect((disk as DiskStorage).root).toBe(path.resolve("/srv/site-data/uploads"));
    expect(disk.publicUrl("a/b-1.png")).toBe("/uploads/a/b-1.png");

    const bucket = storageFromEnv(
      parseEnv({ S3_BUCKET: "site", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "eu-west-1", S3_PUBLIC_URL: "https://media.example.mv" }),
    );
    expect(bucket).toBeInstanceOf(S3Storage);
    expect((bucket as S3Storage).bucket).toBe("site");
    expect(bucket.publicUrl("a/b-1.png")).toBe("https://media.example.mv/a/b-1.png");
  });
});

describe("parseRange", () => {
  it("reads one byte range and refuses impossible ones", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=9-3", 100)).toBe("unsatisfiable");
  });
});

describe("/uploads served from a bucket", () => {
  let base: string;
  let close: () => Promise<void>;
  const storage = () => s3Storage();

  beforeAll(async () => {
    const app = express();
    app.use("/uploads", serveStoredUploads(storage()));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
    await storage().put("project-images/gallery/d4-4.webp", Buffer.from("0123456789"), "image/webp");
  });
  afterAll(async () => {
    await close?.();
  });

  it("answers with the type, a year of caching, nosniff and a sandbox", async () => {
    const res = await fetch(`${base}/uploads/project-images/gallery/d4-4.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(await res.text()).toBe("0123456789");

    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(`${base}/uploads/project-images/gallery/d4-4.webp`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);

    const head = await fetch(`${base}/uploads/project-images/gallery/d4-4.webp`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("10");
  });

  it("serves byte ranges (video seeking)", async () => {
    const res = await fetch(`${base}/uploads/project-images/gallery/d4-4.webp`, { headers: { Range: "bytes=3-6" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 3-6/10");
    expect(await res.text()).toBe("3456");
    const beyond = await fetch(`${base}/uploads/project-images/gallery/d4-4.webp`, { headers: { Range: "bytes=20-" } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe("bytes */10");
  });

  it("answers 404 for missing objects, odd names and types we never store, 405 for writes", async () => {
    for (const p of ["project-images/gallery/missing-1.webp", "..%2F..%2Fetc%2Fpasswd", ".hidden.png", "project-images/gallery/d4-4.svg", "%E0%A4%A"]) {
      expect((await fetch(`${base}/uploads/${p}`)).status, p).toBe(404);
    }
    expect((await fetch(`${base}/uploads/project-images/gallery/d4-4.webp`, { method: "PUT", body: "x" })).status).toBe(405);
  });
});
