import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskStorage, type Storage } from "~/.server/storage";
import { backfillAvif480, makeMissingAvif } from "~/.server/storage/avif-backfill";
import { serveStoredUploads } from "~/.server/storage/serve";
import { handleUpload } from "~/.server/storage/upload";
import { responsiveSources } from "~/lib/images";
import { useS3Server } from "../setup/s3-server";

// Every upload has a 480 px AVIF beside the 960 px one, and uploads stored before it existed get it: from the
// job the server starts, or when a browser first asks for it (docs/decisions/0038-upload-avif-480.md).

const SITE = "http://localhost:3000";

function uploadRequest(data: Buffer, bucket = "project-images", folder = "gallery"): Request {
  const form = new FormData();
  form.append("bucket", bucket);
  form.append("folder", folder);
  form.append("file", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), "photo.jpg");
  return new Request(`${SITE}/api/uploads`, { method: "POST", body: form, headers: { Origin: SITE } });
}

const photo = (background: string) =>
  sharp({ create: { width: 1400, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();
const keyOf = (url: string) => url.replace(/^\/uploads\//, "");
const avif480 = (url: string) => keyOf(url).replace(/\.[a-z]+$/, "-w480.avif");

/** A JPEG's first bytes, then noise: it passes the type check by name but cannot be decoded. */
const BROKEN = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x5a)]);
const BROKEN_KEY = "service-images/featured/0123456789abcdef-1763740800000.jpg";

async function serving(storage: Storage, dir?: string) {
  const app = express();
  app.use("/uploads", makeMissingAvif(storage));
  app.use("/uploads", dir ? express.static(dir, { fallthrough: false }) : serveStoredUploads(storage));
  // A miss under express.static ends here, as in server/app.ts: a plain 404.
  app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(error.status ?? 500).send("error");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function suite(name: string, makeStorage: () => { storage: Storage; dir?: string }) {
  describe(name, () => {
    let storage: Storage;
    let dir: string | undefined;
    beforeAll(() => {
      ({ storage, dir } = makeStorage());
    });

    it("an upload stores a 480 px AVIF that the image's srcset offers", async () => {
      const [file] = await handleUpload(uploadRequest(await photo("#1d6f8a")), storage);
      const meta = await sharp((await storage.get(avif480(file.url)))!).metadata();
      expect(meta).toMatchObject({ format: "heif", compression: "av1", width: 480 });
      const sources = responsiveSources(file.url)!;
      expect(sources.avif).toBe(`/uploads/${avif480(file.url)} 480w, /uploads/${avif480(file.url).replace("-w480", "-w960")} 960w`);
    });

    it("the backfill gives older uploads the 480 px AVIF, passes over an unreadable one, and has nothing left the next time", async () => {
      const [older] = await handleUpload(uploadRequest(await photo("#8a1d4f"), "service-images", "featured"), storage);
      const [current] = await handleUpload(uploadRequest(await photo("#4f8a1d")), storage);
      // As stored before this variant existed.
      await storage.delete(avif480(older.url));
      const untouched = await storage.get(avif480(current.url));
      await storage.put(BROKEN_KEY, BROKEN, "image/jpeg");

      const report = await backfillAvif480(storage);
      expect(report).toMatchObject({ made: 1, unreadable: 1 });
      const made = await sharp((await storage.get(avif480(older.url)))!).metadata();
      expect(made).toMatchObject({ format: "heif", width: 480, height: Math.round((480 * 900) / 1400) });
      expect((await storage.get(avif480(current.url)))!.equals(untouched!)).toBe(true);
      expect(await storage.exists(BROKEN_KEY.replace(".jpg", "-w480.avif"))).toBe(false);

      expect(await backfillAvif480(storage)).toMatchObject({ made: 0, unreadable: 1 });
      await storage.delete(BROKEN_KEY);
    });

    it("a request for a missing 480 px AVIF makes it; one whose original is unreadable or missing is a 404", async () => {
      const [older] = await handleUpload(uploadRequest(await photo("#2f2f6a")), storage);
      await storage.delete(avif480(older.url));
      await storage.put(BROKEN_KEY, BROKEN, "image/jpeg");
      const server = await serving(storage, dir);
      try {
        const res = await fetch(`${server.origin}/uploads/${avif480(older.url)}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("image/avif");
        expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(480);
        expect(await storage.exists(avif480(older.url))).toBe(true);

        expect((await fetch(`${server.origin}/uploads/${BROKEN_KEY.replace(".jpg", "-w480.avif")}`)).status).toBe(404);
        expect((await fetch(`${server.origin}/uploads/service-images/featured/fedcba9876543210-1763740800000-w480.avif`)).status).toBe(404);
        // The server is still there.
        expect((await fetch(`${server.origin}/uploads/${keyOf(older.url)}`)).status).toBe(200);
      } finally {
        await server.close();
        await storage.delete(BROKEN_KEY);
      }
    });
  });
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "avif480-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
suite("on disk", () => ({ storage: new DiskStorage(tmp), dir: tmp }));

const s3 = useS3Server();
suite("in an S3 bucket", () => ({ storage: s3().storage() }));
