import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { type ActionFunction, createStaticHandler } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auth } from "~/.server/auth/auth";
import { DiskStorage, setStorage } from "~/.server/storage";
import { variantUrl } from "~/lib/images";
import { action } from "~/routes/api/uploads";
import { ADMIN_PASSWORD, createAdmin, createMember } from "../factories";
import { useTestDatabase } from "../setup/database";
import { type S3Server, startS3Server } from "../setup/s3-server";

// POST /api/uploads, called as the router calls it: a real Request with a multipart body, signed in
// through better-auth's cookie. Every refusal is checked to leave the store untouched.

useTestDatabase();

const SITE = "http://localhost:3000"; // PUBLIC_URL in vitest.config.ts
const MB = 1024 * 1024;
const NAME = /^\/uploads\/([a-z-]+)\/([a-z-]+)\/([0-9a-f]{16})-(\d{13})\.([a-z0-9]+)$/;

// ---- requests ----

async function signIn(email: string): Promise<string> {
  const res = await auth().api.signInEmail({ body: { email, password: ADMIN_PASSWORD }, asResponse: true });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

interface FilePart {
  data: Uint8Array | string;
  filename?: string;
  type?: string;
  field?: string;
}

interface UploadOptions {
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  bucket?: string;
  folder?: string;
  files: FilePart[];
  /** Put the files before the bucket and folder fields. */
  filesFirst?: boolean;
}

function uploadRequest(options: UploadOptions): Request {
  const form = new FormData();
  const fields = () => {
    if (options.bucket !== undefined) form.append("bucket", options.bucket);
    if (options.folder !== undefined) form.append("folder", options.folder);
  };
  if (!options.filesFirst) fields();
  for (const f of options.files) {
    const data = typeof f.data === "string" ? f.data : new Uint8Array(f.data);
    form.append(f.field ?? "file", new Blob([data], { type: f.type ?? "application/octet-stream" }), f.filename ?? "upload.bin");
  }
  if (options.filesFirst) fields();
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.origin !== null) headers.set("Origin", options.origin ?? SITE);
  return new Request(`${SITE}/api/uploads`, { method: "POST", body: form, headers });
}

interface Answer {
  status: number;
  body: { error?: string; files?: Array<{ url: string; type: string; size: number; width?: number; height?: number }> };
}

/**
 * Posts to the upload route the way React Router answers a resource route (its public static handler's
 * queryRoute): a refusal thrown by requireAdmin arrives as the Response the caller gets. `onAnswer` runs the
 * moment the action has answered, before the router's own steps: the body-limit tests count bytes read then.
 */
async function call(request: Request, onAnswer?: () => void): Promise<Answer> {
  const upload = async (args: Parameters<ActionFunction>[0]) => {
    try {
      return await action(args as unknown as Parameters<typeof action>[0]);
    } finally {
      onAnswer?.();
    }
  };
  const handler = createStaticHandler([{ id: "uploads", path: "/api/uploads", action: upload }]);
  let response: unknown;
  try {
    response = await handler.queryRoute(request);
  } catch (thrown) {
    response = thrown;
  }
  if (!(response instanceof Response)) throw response;
  return { status: response.status, body: await response.json() };
}

// ---- files ----

const solid = (width: number, height: number, background = "#3a7bd5") => sharp({ create: { width, height, channels: 3, background } });

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit PNG of width x height that compresses to a few KB and decodes to width*height pixels.
 * Written by hand: sharp takes ~20 s to encode a 20000x20000 image.
 */
function pixelBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The head of an ISO media file with the given brands, padded out: enough for a type check, not a playable video. */
function isoMedia(major: string, compatible: string[]): Buffer {
  const ftyp = Buffer.alloc(16 + 4 * compatible.length);
  ftyp.writeUInt32BE(ftyp.length, 0);
  ftyp.write("ftyp", 4, "latin1");
  ftyp.write(major, 8, "latin1");
  compatible.forEach((b, i) => ftyp.write(b, 16 + 4 * i, "latin1"));
  return Buffer.concat([ftyp, crypto.randomBytes(4096)]);
}

function webmHead(docType = "webm"): Buffer {
  const doc = Buffer.from(docType, "latin1");
  const ebml = Buffer.concat([Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | doc.length]), doc]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | ebml.length]), ebml, crypto.randomBytes(4096)]);
}

// ---- the store ----

let dir: string;

function storedFiles(): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, "");
const readStored = (url: string) => fs.readFileSync(path.join(dir, keyOf(url)));

let cookie: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
  setStorage(new DiskStorage(dir));
  const admin = await createAdmin();
  cookie = await signIn(admin.email);
});

afterEach(() => {
  setStorage(undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("POST /api/uploads: images", () => {
  it("re-encodes a PNG without its metadata (no GPS) and writes the responsive variants", async () => {
    const png = await solid(1200, 800)
      .withExif({ IFD0: { Copyright: "Photographer" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "4/1 10/1 30/1" } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();

    const { status, body } = await call(uploadRequest({ cookie, bucket: "service-images", folder: "featured", files: [{ data: png, filename: "site.png", type: "image/png" }] }));

    expect(status).toBe(200);
    expect(body.files).toHaveLength(1);
    const [file] = body.files!;
    const match = NAME.exec(file.url);
    expect(match, file.url).not.toBeNull();
    expect(match!.slice(1, 3)).toEqual(["service-images", "featured"]);
    expect(match![5]).toBe("png");
    expect(Math.abs(Number(match![4]) - Date.now())).toBeLessThan(60_000);
    expect(file).toMatchObject({ type: "image/png", width: 1200, height: 800 });

    const stored = readStored(file.url);
    expect(stored.length).toBe(file.size);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("eXIf"))).toBe(false);
    expect(stored.includes(Buffer.from("Photographer"))).toBe(false);

    // Exactly the files app/lib/images.ts links to, no larger than the source.
    const expected = [
      file.url,
      variantUrl(file.url, 480),
      variantUrl(file.url, 960),
      variantUrl(file.url, 1600),
      variantUrl(file.url, 480, "avif"),
      variantUrl(file.url, 800, "avif"),
      variantUrl(file.url, 960, "avif"),
    ];
    expect(storedFiles()).toEqual(expected.map(keyOf).sort());
    const widths = await Promise.all(expected.slice(1).map(async (url) => (await sharp(readStored(url)).metadata()).width));
    expect(widths).toEqual([480, 960, 1200, 480, 800, 960]);
    for (const avif of expected.slice(4)) expect((await sharp(readStored(avif)).metadata()).format).toBe("heif");
  });

  it("turns a photo upright by its EXIF orientation and drops the tag", async () => {
    const jpeg = await solid(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const { status, body } = await call(uploadRequest({ cookie, bucket: "project-images", folder: "featured", files: [{ data: jpeg, filename: "p.jpg" }] }));
    expect(status).toBe(200);
    expect(body.files![0]).toMatchObject({ type: "image/jpeg", width: 100, height: 300 });
    expect(body.files![0].url).toMatch(/\.jpg$/);
    const meta = await sharp(readStored(body.files![0].url)).metadata();
    expect(meta).toMatchObject({ width: 100, height: 300 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it("caps the stored original at 2560 px wide", async () => {
    const webp = await solid(3200, 400).webp().toBuffer();
    const { status, body } = await call(uploadRequest({ cookie, bucket: "site-assets", folder: "hero-backgrounds", files: [{ data: webp, filename: "wide.webp" }] }));
    expect(status).toBe(200);
    expect(body.files![0]).toMatchObject({ type: "image/webp", width: 2560, height: 320 });
    expect((await sharp(readStored(body.files![0].url)).metadata()).width).toBe(2560);
  });

  it("keeps the format of each accepted type, by content and not by name", async () => {
    const cases: Array<[Buffer, string, string]> = [
      [await solid(64, 48).jpeg().toBuffer(), "jpg", "image/jpeg"],
      [await solid(64, 48).webp().toBuffer(), "webp", "image/webp"],
      [await solid(64, 48).gif().toBuffer(), "gif", "image/gif"],
      [await solid(64, 48).avif({ effort: 0 }).toBuffer(), "avif", "image/avif"],
    ];
    for (const [data, ext, type] of cases) {
      // A misleading name and declared type change nothing.
      const { status, body } = await call(uploadRequest({ cookie, bucket: "site-assets", folder: "logos", files: [{ data, filename: "logo.png", type: "image/png" }] }));
      expect(status, ext).toBe(200);
      expect(body.files![0].url, ext).toMatch(new RegExp(`\\.${ext}$`));
      expect(body.files![0]).toMatchObject({ type, width: 64, height: 48 });
    }
  });

  it("keeps an animated GIF animated", async () => {
    const frames = await Promise.all(["#f00", "#0f0", "#00f"].map((c) => solid(40, 30, c).png().toBuffer()));
    const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    const { status, body } = await call(uploadRequest({ cookie, bucket: "project-images", folder: "gallery", files: [{ data: gif, filename: "a.gif" }] }));
    expect(status).toBe(200);
    expect(body.files![0]).toMatchObject({ type: "image/gif", width: 40, height: 30 });
    expect((await sharp(readStored(body.files![0].url)).metadata()).pages).toBe(3);
    expect((await sharp(readStored(variantUrl(body.files![0].url, 480))).metadata()).pages).toBe(3);
  });

  it("accepts a request from the site's own pages", async () => {
    const png = await solid(16, 16).png().toBuffer();
    const answer = await call(
      uploadRequest({ cookie, headers: { "Sec-Fetch-Site": "same-origin" }, bucket: "site-assets", folder: "logos", files: [{ data: png, filename: "a.png" }] }),
    );
    expect(answer.status).toBe(200);
  });

  it("takes up to 10 gallery files in one request, each with its own name", async () => {
    const files = await Promise.all(Array.from({ length: 10 }, (_, i) => solid(32 + i, 24).png().toBuffer()));
    const { status, body } = await call(uploadRequest({ cookie, bucket: "project-images", folder: "gallery", files: files.map((data) => ({ data, filename: "g.png" })) }));
    expect(status).toBe(200);
    expect(body.files).toHaveLength(10);
    expect(new Set(body.files!.map((f) => f.url)).size).toBe(10);
    expect(body.files!.map((f) => f.width)).toEqual(files.map((_, i) => 32 + i));
    expect(storedFiles()).toHaveLength(70); // each: the original and six variants
  });
});

describe("POST /api/uploads: video", () => {
  it("takes MP4 and WebM for the hero background only, stored as sent", async () => {
    const mp4 = isoMedia("isom", ["isom", "iso2", "avc1", "mp41"]);
    const mp4Answer = await call(uploadRequest({ cookie, bucket: "site-assets", folder: "hero-backgrounds", files: [{ data: mp4, filename: "hero.mov" }] }));
    expect(mp4Answer.status).toBe(200);
    expect(mp4Answer.body.files![0]).toEqual({ url: expect.stringMatching(/\.mp4$/), type: "video/mp4", size: mp4.length });
    expect(readStored(mp4Answer.body.files![0].url).equals(mp4)).toBe(true);

    const webm = webmHead();
    const webmAnswer = await call(uploadRequest({ cookie, bucket: "site-assets", folder: "hero-backgrounds", files: [{ data: webm, filename: "hero.webm" }] }));
    expect(webmAnswer.status).toBe(200);
    expect(webmAnswer.body.files![0]).toMatchObject({ type: "video/webm", size: webm.length });
    expect(storedFiles()).toHaveLength(2);

    const gallery = await call(uploadRequest({ cookie, bucket: "project-images", folder: "gallery", files: [{ data: mp4, filename: "clip.mp4" }] }));
    expect(gallery).toEqual({ status: 415, body: { error: "Unsupported file type" } });
    expect(storedFiles()).toHaveLength(2);
  });

  it("refuses QuickTime, Matroska and HEIC", async () => {
    for (const data of [isoMedia("qt  ", ["qt  "]), webmHead("matroska"), isoMedia("heic", ["mif1", "heic"])]) {
      const answer = await call(uploadRequest({ cookie, bucket: "site-assets", folder: "hero-backgrounds", files: [{ data, filename: "x.mp4" }] }));
      expect(answer).toEqual({ status: 415, body: { error: "Unsupported file type" } });
    }
    expect(storedFiles()).toEqual([]);
  });
});

describe("POST /api/uploads: refusals store nothing", () => {
  afterEach(() => {
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a file over the folder's limit with 413", async () => {
    const png = await solid(64, 64).png().toBuffer();
    const big = Buffer.concat([png, crypto.randomBytes(2 * MB)]);
    const avatar = await call(uploadRequest({ cookie, bucket: "site-assets", folder: "avatars", files: [{ data: big, filename: "me.png" }] }));
    expect(avatar).toEqual({ status: 413, body: { error: "File size must be less than 2MB" } });

    const huge = Buffer.concat([png, crypto.randomBytes(5 * MB)]);
    const featured = await call(uploadRequest({ cookie, bucket: "service-images", folder: "featured", files: [{ data: huge, filename: "f.png" }] }));
    expect(featured).toEqual({ status: 413, body: { error: "File size must be less than 5MB" } });
  });

  it("holds files sent before the folder field to the folder's limit", async () => {
    const png = await solid(64, 64).png().toBuffer();
    const big = Buffer.concat([png, crypto.randomBytes(3 * MB)]);
    const answer = await call(uploadRequest({ cookie, bucket: "site-assets", folder: "logos", filesFirst: true, files: [{ data: big, filename: "logo.png" }] }));
    expect(answer).toEqual({ status: 413, body: { error: "File size must be less than 2MB" } });
  });

  it("stops reading an oversize body as soon as the limit is passed", async () => {
    const boundary = "----limit-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="bucket"\r\n\r\nsite-assets\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\navatars\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const png = await solid(8, 8).png().toBuffer();
    const chunk = crypto.randomBytes(64 * 1024);
    const total = 100 * MB; // never sent in full
    let pulled = 0;
    let stopped = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        controller.enqueue(png);
      },
      pull(controller) {
        if (stopped || pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(`${SITE}/api/uploads`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { Cookie: cookie, Origin: SITE, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    let pulledAtAnswer = 0;
    const answer = await call(request, () => {
      pulledAtAnswer = pulled;
      stopped = true;
    });
    expect(answer).toEqual({ status: 413, body: { error: "File size must be less than 2MB" } });
    // The 2 MB limit plus what the stream had queued: not the 100 MB on offer.
    expect(pulledAtAnswer).toBeLessThan(3 * MB);
  });

  it("refuses a Content-Length far above the limit before reading the files", async () => {
    let pulled = 0;
    let stopped = false;
    const request = (length: number, prefix?: Buffer) => {
      // highWaterMark 0: a chunk is made only when the action reads one.
      const body = new ReadableStream<Uint8Array>(
        {
          start(controller) {
            if (prefix) controller.enqueue(prefix);
          },
          pull(controller) {
            if (stopped) return controller.close();
            pulled += 1;
            controller.enqueue(new Uint8Array(1024));
          },
        },
        { highWaterMark: 0 },
      );
      return new Request(`${SITE}/api/uploads`, {
        method: "POST",
        body,
        duplex: "half",
        headers: { Cookie: cookie, Origin: SITE, "Content-Type": "multipart/form-data; boundary=xyz", "Content-Length": String(length) },
      } as RequestInit);
    };

    // Above anything any folder allows: refused unread.
    expect(await call(request(500 * MB))).toEqual({ status: 413, body: { error: "Upload is too large" } });
    expect(pulled).toBe(0);

    // Above what the avatars folder allows (one 2 MB file): refused once the folder field is read.
    const fields = Buffer.from(
      `--xyz\r\nContent-Disposition: form-data; name="bucket"\r\n\r\nsite-assets\r\n--xyz\r\nContent-Disposition: form-data; name="folder"\r\n\r\navatars\r\n` +
        `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`,
    );
    expect(await call(request(20 * MB, fields))).toEqual({ status: 413, body: { error: "File size must be less than 2MB" } });
    // A few KB at most (the rest of the body is then dropped in the background, which may have begun): not 20 MB.
    expect(pulled).toBeLessThan(100);
    stopped = true;
  });

  it("stops reading a body without Content-Length at the folder's ceiling", async () => {
    // An endless field value: no part ever ends, so only the byte count can stop it.
    const fields = Buffer.from(
      `--xyz\r\nContent-Disposition: form-data; name="bucket"\r\n\r\nsite-assets\r\n--xyz\r\nContent-Disposition: form-data; name="folder"\r\n\r\nlogos\r\n` +
        `--xyz\r\nContent-Disposition: form-data; name="note"\r\n\r\n`,
    );
    let pulled = 0;
    let stopped = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(fields);
      },
      pull(controller) {
        if (stopped) return controller.close();
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request(`${SITE}/api/uploads`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { Cookie: cookie, Origin: SITE, "Content-Type": "multipart/form-data; boundary=xyz" },
    } as RequestInit);
    let pulledAtAnswer = 0;
    const answer = await call(request, () => {
      pulledAtAnswer = pulled;
      stopped = true;
    });
    expect(answer).toEqual({ status: 413, body: { error: "File size must be less than 2MB" } });
    // The logos ceiling: one 2 MB file plus 1 MB of form overhead.
    expect(pulledAtAnswer).toBeLessThan(4 * MB);
  });

  it("refuses SVG, and HTML or text named .png, with 415", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`;
    const html = `<!doctype html><html><body><script>fetch('/api/auth/sign-out')</script>${"x".repeat(500)}</body></html>`;
    const cases: FilePart[] = [
      { data: svg, filename: "logo.svg", type: "image/svg+xml" },
      { data: html, filename: "photo.png", type: "image/png" },
      { data: "hello", filename: "tiny.png", type: "image/png" },
      { data: new Uint8Array(crypto.randomBytes(2048)), filename: "noise.jpg", type: "image/jpeg" },
    ];
    for (const file of cases) {
      expect(await call(uploadRequest({ cookie, bucket: "site-assets", folder: "logos", files: [file] })), file.filename).toEqual({
        status: 415,
        body: { error: "Unsupported file type" },
      });
    }
  });

  it("refuses a decompression bomb fast with 400", async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(100 * 1024);
    const started = Date.now();
    const answer = await call(uploadRequest({ cookie, bucket: "project-images", folder: "gallery", files: [{ data: bomb, filename: "bomb.png" }] }));
    expect(answer).toEqual({ status: 400, body: { error: "Image is too large to process" } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("refuses corrupt and truncated images with 400, not 500", async () => {
    const png = await solid(400, 300).png().toBuffer();
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).jpeg().toBuffer();
    const cases = [
      Buffer.concat([png.subarray(0, 8), crypto.randomBytes(1000)]),
      png.subarray(0, Math.floor(png.length / 2)),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPVP8 "), crypto.randomBytes(500)]),
    ];
    for (const [i, data] of cases.entries()) {
      expect(await call(uploadRequest({ cookie, bucket: "project-images", folder: "featured", files: [{ data, filename: "c.png" }] })), `case ${i}`).toEqual({
        status: 400,
        body: { error: "Could not read the image" },
      });
    }
  });

  it("refuses more files than the folder allows", async () => {
    const png = await solid(16, 16).png().toBuffer();
    const eleven = Array.from({ length: 11 }, () => ({ data: png, filename: "g.png" }));
    expect(await call(uploadRequest({ cookie, bucket: "project-images", folder: "gallery", files: eleven }))).toEqual({
      status: 400,
      body: { error: "Maximum 10 files allowed" },
    });
    expect(await call(uploadRequest({ cookie, bucket: "service-images", folder: "featured", files: eleven.slice(0, 2) }))).toEqual({
      status: 400,
      body: { error: "Maximum 1 files allowed" },
    });
    expect(await call(uploadRequest({ cookie, bucket: "project-images", folder: "gallery", filesFirst: true, files: eleven }))).toEqual({
      status: 400,
      body: { error: "Maximum 10 files allowed" },
    });
  });

  it("refuses a request without valid fields or files with 400", async () => {
    const png = await solid(16, 16).png().toBuffer();
    const file = { data: png, filename: "a.png" };
    expect((await call(uploadRequest({ cookie, bucket: "secrets", folder: "featured", files: [file] }))).body).toEqual({ error: "Invalid bucket" });
    expect((await call(uploadRequest({ cookie, bucket: "service-images", folder: "../../etc", files: [file] }))).body).toEqual({ error: "Invalid folder" });
    expect(await call(uploadRequest({ cookie, bucket: "service-images", files: [file] }))).toEqual({ status: 400, body: { error: "Invalid folder" } });
    expect(await call(uploadRequest({ cookie, bucket: "service-images", folder: "featured", files: [] }))).toEqual({ status: 400, body: { error: "No file uploaded" } });
    expect(await call(uploadRequest({ cookie, bucket: "service-images", folder: "featured", files: [{ data: new Uint8Array(0), filename: "e.png" }] }))).toEqual({
      status: 400,
      body: { error: "File is empty" },
    });
    expect(await call(uploadRequest({ cookie, bucket: "service-images", folder: "featured", files: [{ ...file, field: "avatar" }] }))).toEqual({
      status: 400,
      body: { error: "Malformed upload" },
    });
    const json = new Request(`${SITE}/api/uploads`, {
      method: "POST",
      body: JSON.stringify({ bucket: "service-images" }),
      headers: { Cookie: cookie, Origin: SITE, "Content-Type": "application/json" },
    });
    expect(await call(json)).toEqual({ status: 400, body: { error: "Expected a multipart/form-data upload" } });
    const broken = new Request(`${SITE}/api/uploads`, {
      method: "POST",
      body: "--xyz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n\x89PNG",
      headers: { Cookie: cookie, Origin: SITE, "Content-Type": "multipart/form-data; boundary=xyz" },
    });
    expect(await call(broken)).toEqual({ status: 400, body: { error: "Malformed upload" } });
  });

  it("refuses a signed-out visitor (401) and a signed-in non-admin (403)", async () => {
    const png = await solid(16, 16).png().toBuffer();
    const files = [{ data: png, filename: "a.png" }];
    expect(await call(uploadRequest({ bucket: "site-assets", folder: "logos", files }))).toEqual({ status: 401, body: { error: "Not authenticated" } });
    expect(await call(uploadRequest({ cookie: "better-auth.session_token=forged.value", bucket: "site-assets", folder: "logos", files }))).toMatchObject({ status: 401 });

    const member = await createMember();
    const memberCookie = await signIn(member.email);
    expect(await call(uploadRequest({ cookie: memberCookie, bucket: "site-assets", folder: "logos", files }))).toEqual({ status: 403, body: { error: "Forbidden" } });

    // A signed-out session no longer uploads.
    await auth().api.signOut({ headers: new Headers({ Cookie: cookie }) });
    expect(await call(uploadRequest({ cookie, bucket: "site-assets", folder: "logos", files }))).toMatchObject({ status: 401 });
  });

  it("refuses a cross-origin request from a signed-in admin with 403", async () => {
    const png = await solid(16, 16).png().toBuffer();
    const files = [{ data: png, filename: "a.png" }];
    const refused = { status: 403, body: { error: "Cross-site request refused" } };
    expect(await call(uploadRequest({ cookie, origin: "https://evil.example", bucket: "site-assets", folder: "logos", files }))).toEqual(refused);
    expect(await call(uploadRequest({ cookie, origin: "http://localhost:3000.evil.example", bucket: "site-assets", folder: "logos", files }))).toEqual(refused);
    expect(await call(uploadRequest({ cookie, origin: "null", bucket: "site-assets", folder: "logos", files }))).toEqual(refused);
    expect(await call(uploadRequest({ cookie, origin: null, bucket: "site-assets", folder: "logos", files }))).toEqual(refused);
    expect(
      await call(uploadRequest({ cookie, headers: { "Sec-Fetch-Site": "cross-site" }, bucket: "site-assets", folder: "logos", files })),
    ).toEqual(refused);
    expect(
      await call(uploadRequest({ cookie, headers: { "Sec-Fetch-Site": "same-site" }, bucket: "site-assets", folder: "logos", files })),
    ).toEqual(refused);
  });
});

describe("POST /api/uploads on the S3 driver", () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("stores the original and its variants in the bucket, linked through /uploads", async () => {
    const storage = s3.storage();
    setStorage(storage);
    const png = await solid(700, 500).png().toBuffer();
    const { status, body } = await call(uploadRequest({ cookie, bucket: "project-images", folder: "gallery", files: [{ data: png, filename: "g.png" }] }));
    expect(status).toBe(200);
    const url = body.files![0].url;
    expect(url).toMatch(NAME);
    for (const u of [url, variantUrl(url, 480), variantUrl(url, 960), variantUrl(url, 1600), variantUrl(url, 480, "avif"), variantUrl(url, 800, "avif"), variantUrl(url, 960, "avif")]) {
      expect(await storage.exists(keyOf(u)), u).toBe(true);
    }
    expect((await sharp((await storage.get(keyOf(variantUrl(url, 480, "avif"))))!).metadata()).width).toBe(480);
    expect(await storage.stat(keyOf(url))).toMatchObject({ contentType: "image/png", size: body.files![0].size });
    expect((await sharp((await storage.get(keyOf(url)))!).metadata()).width).toBe(700);
    // Nothing went to the disk.
    expect(storedFiles()).toEqual([]);
  });
});
