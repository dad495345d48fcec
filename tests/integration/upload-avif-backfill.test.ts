import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createPageCache } from "~/.server/cache/page-cache";
import { createProject } from "~/.server/models/projects";
import { DiskStorage, type Storage } from "~/.server/storage";
import { avifBackfillDone, backfillAvif, makeMissingAvif, startAvifBackfill, stopAvifBackfill } from "~/.server/storage/avif-backfill";
import { AVIF_MARKER_KEYS, avifMarkerKey } from "~/.server/storage/keys";
import { serveStoredUploads } from "~/.server/storage/serve";
import { handleUpload } from "~/.server/storage/upload";
import { bucketAvifWidths, responsiveSources, setBucketAvifWidths } from "~/lib/images";
import ProjectPage, { loader as projectLoader } from "~/routes/public/project";
import { projectInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { useS3Server } from "../setup/s3-server";

// Every upload has a 480 and an 800 px AVIF beside the 960 px one, and uploads stored before those existed get them:
// from the job the server starts, or when a browser first asks for one (docs/decisions/0038-upload-avif-480.md,
// docs/decisions/0051-avif-800.md). Behind S3_PUBLIC_URL no request reaches the app, so pages name a
// width only once the job's marker for it says every upload has it (docs/decisions/0043-avif-480-marker-for-s3-public-url.md).

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
const PUBLIC_URL = "https://media.example.mv/site";
const keyOf = (url: string) => url.replace(/^\/uploads\//, "").replace(`${PUBLIC_URL}/`, "");
const avifKey = (url: string, width: number) => keyOf(url).replace(/\.[a-z]+$/, `-w${width}.avif`);
const avif480 = (url: string) => avifKey(url, 480);
const avif800 = (url: string) => avifKey(url, 800);
/** The AVIF srcset an upload's page names, with these widths. */
const avifSrcset = (prefix: string, url: string, widths: number[]) => widths.map((w) => `${prefix}${avifKey(url, w)} ${w}w`).join(", ");

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

    it("an upload stores a 480 and an 800 px AVIF that the image's srcset offers", async () => {
      const [file] = await handleUpload(uploadRequest(await photo("#1d6f8a")), storage);
      for (const width of [480, 800]) {
        const meta = await sharp((await storage.get(avifKey(file.url, width)))!).metadata();
        expect(meta).toMatchObject({ format: "heif", compression: "av1", width });
      }
      const sources = responsiveSources(file.url)!;
      expect(sources.avif).toBe(avifSrcset("/uploads/", file.url, [480, 800, 960]));
    });

    it("the backfill gives older uploads the AVIF widths they lack, passes over an unreadable one, and has nothing left the next time", async () => {
      const [oldest] = await handleUpload(uploadRequest(await photo("#8a1d4f"), "service-images", "featured"), storage);
      const [older] = await handleUpload(uploadRequest(await photo("#1d8a4f"), "service-images", "featured"), storage);
      const [current] = await handleUpload(uploadRequest(await photo("#4f8a1d")), storage);
      // As stored before either width existed, and before the 800 px one did.
      await storage.delete(avif480(oldest.url));
      await storage.delete(avif800(oldest.url));
      await storage.delete(avif800(older.url));
      const untouched = [await storage.get(avif480(older.url)), await storage.get(avif480(current.url)), await storage.get(avif800(current.url))];
      await storage.put(BROKEN_KEY, BROKEN, "image/jpeg");

      const report = await backfillAvif(storage);
      // Three files made; the unreadable original counts once, though it lacks both widths.
      expect(report).toMatchObject({ made: 3, unreadable: 1 });
      for (const [url, width] of [[oldest.url, 480], [oldest.url, 800], [older.url, 800]] as const) {
        const made = await sharp((await storage.get(avifKey(url, width)))!).metadata();
        expect(made).toMatchObject({ format: "heif", width, height: Math.round((width * 900) / 1400) });
      }
      const after = [await storage.get(avif480(older.url)), await storage.get(avif480(current.url)), await storage.get(avif800(current.url))];
      after.forEach((file, i) => expect(file!.equals(untouched[i]!)).toBe(true));
      expect(await storage.exists(BROKEN_KEY.replace(".jpg", "-w480.avif"))).toBe(false);
      expect(await storage.exists(BROKEN_KEY.replace(".jpg", "-w800.avif"))).toBe(false);

      expect(await backfillAvif(storage)).toMatchObject({ made: 0, unreadable: 1 });
      await storage.delete(BROKEN_KEY);
    });

    it("a request for a missing 480 or 800 px AVIF makes it; one whose original is unreadable or missing is a 404", async () => {
      const [older] = await handleUpload(uploadRequest(await photo("#2f2f6a")), storage);
      await storage.delete(avif480(older.url));
      await storage.delete(avif800(older.url));
      await storage.put(BROKEN_KEY, BROKEN, "image/jpeg");
      const server = await serving(storage, dir);
      try {
        for (const width of [480, 800]) {
          const res = await fetch(`${server.origin}/uploads/${avifKey(older.url, width)}`);
          expect(res.status).toBe(200);
          expect(res.headers.get("content-type")).toBe("image/avif");
          expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(width);
          expect(await storage.exists(avifKey(older.url, width))).toBe(true);
        }
        // Not a width the server makes on request: a plain miss.
        expect((await fetch(`${server.origin}/uploads/${avifKey(older.url, 640)}`)).status).toBe(404);

        expect((await fetch(`${server.origin}/uploads/${BROKEN_KEY.replace(".jpg", "-w800.avif")}`)).status).toBe(404);
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

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "avif-backfill-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
suite("on disk", () => ({ storage: new DiskStorage(tmp), dir: tmp }));

const s3 = useS3Server();
suite("in an S3 bucket", () => ({ storage: s3().storage() }));

/**
 * A public project page as the server sends it: the route's own loader and component (a real database, the real
 * store), behind the rendered-page cache in front of it in server/app.ts. Closed when the test ends.
 */
async function publicSite() {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(createPageCache().middleware);
  app.get("/project/:id", async (req, res) => {
    const request = new Request(`http://localhost${req.originalUrl}`);
    const loaderData = await projectLoader({ params: { id: req.params.id }, request, context: {} } as never);
    const Stub = createRoutesStub([{ id: "project", path: "/project/:id", Component: ProjectPage as never }]);
    res.type("html").send(`<!DOCTYPE html>${renderToString(createElement(Stub, { initialEntries: [req.originalUrl], hydrationData: { loaderData: { project: loaderData } } }))}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    async get(pathname: string) {
      const res = await fetch(`${origin}${pathname}`, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" } });
      return { status: res.status, cache: res.headers.get("x-page-cache"), html: await res.text() };
    },
  };
}

describe("behind S3_PUBLIC_URL, where image requests never reach the app", () => {
  useTestDatabase();
  const bucket = useS3Server("direct");
  afterEach(async () => {
    await stopAvifBackfill();
    setBucketAvifWidths([480, 800]);
    for (const marker of AVIF_MARKER_KEYS) await bucket().storage().delete(marker);
  });

  /** An upload stored before the given AVIF widths existed, shown as a project's featured image. */
  async function olderProject(storage: Storage, lacking: number[] = [480, 800]) {
    const [file] = await handleUpload(uploadRequest(await photo("#6a2f2f"), "project-images", "featured"), storage);
    for (const width of lacking) await storage.delete(avifKey(file.url, width));
    const project = await createProject(projectInput({ title: "Harbour jetty", featured_image_url: file.url }), null);
    const srcset = (widths: number[]) => avifSrcset(`${PUBLIC_URL}/`, file.url, widths);
    return { url: file.url, page: `/project/${project.id}`, srcset, file480: `${PUBLIC_URL}/${avif480(file.url)}`, file800: `${PUBLIC_URL}/${avif800(file.url)}` };
  }

  it("names no late AVIF width until a pass leaves none missing; then writes the markers and the cached page re-renders with them", async () => {
    const storage = bucket().storage(PUBLIC_URL);
    const older = await olderProject(storage);
    expect(older.url.startsWith(`${PUBLIC_URL}/project-images/featured/`)).toBe(true);
    // An original that cannot be read, with a 960 px AVIF a page shows now: naming its missing 480 would break it.
    const broken = "project-images/featured/0123456789abcdef-1763740800000";
    await storage.put(`${broken}.jpg`, BROKEN, "image/jpeg");
    await storage.put(`${broken}-w960.avif`, (await storage.get(avifKey(older.url, 960))) as Buffer, "image/avif");
    const site = await publicSite();
    try {
      await startAvifBackfill(storage);
      expect(bucketAvifWidths()).toEqual([]);
      const first = await site.get(older.page);
      expect(first).toMatchObject({ status: 200, cache: "miss" });
      expect(first.html).toContain(`srcSet="${older.srcset([960])}"`);
      expect(first.html).not.toContain(older.file480);
      expect(first.html).not.toContain(older.file800);

      // The job made the older upload's files, but could not make the broken one's: no marker, nothing named.
      await avifBackfillDone();
      expect(await storage.exists(avif480(older.url))).toBe(true);
      expect(await storage.exists(avif800(older.url))).toBe(true);
      for (const marker of AVIF_MARKER_KEYS) expect(await storage.exists(marker)).toBe(false);
      const cached = await site.get(older.page);
      expect(cached.cache).toBe("hit");
      expect(cached.html).not.toContain(older.file480);

      // The broken upload goes (as the prune command would take it); the next start's pass leaves nothing missing.
      await storage.delete(`${broken}.jpg`);
      await storage.delete(`${broken}-w960.avif`);
      await stopAvifBackfill();
      await startAvifBackfill(storage);
      expect(bucketAvifWidths()).toEqual([]);
      await avifBackfillDone();
      for (const marker of AVIF_MARKER_KEYS) expect(await storage.exists(marker)).toBe(true);
      expect(bucketAvifWidths()).toEqual([480, 800]);
      const fresh = await site.get(older.page);
      expect(fresh.cache).toBe("miss");
      expect(fresh.html).toContain(`srcSet="${older.srcset([480, 800, 960])}"`);
    } finally {
      await storage.delete(`${broken}.jpg`);
      await storage.delete(`${broken}-w960.avif`);
    }
  });

  it("an upgrade: a bucket whose 480 px marker is there keeps naming it, and names the 800 px AVIF once its own pass is complete", async () => {
    const storage = bucket().storage(PUBLIC_URL);
    // Stored after the 480 px AVIF existed and before the 800 px one did; the 480 px job had finished.
    const older = await olderProject(storage, [800]);
    await storage.put(avifMarkerKey(480), Buffer.from("done\n"), "text/plain");
    const site = await publicSite();
    // The pass's marker waits until the page has been read: without the hold, a pass quicker than the render
    // adopts 800 px first and the page names it, which says nothing of what the page names before.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const gated: typeof storage = Object.create(storage);
    gated.put = async (key, ...rest) => {
      if (key === avifMarkerKey(800)) await held;
      return storage.put(key, ...rest);
    };
    await startAvifBackfill(gated);
    expect(bucketAvifWidths()).toEqual([480]);
    const first = await site.get(older.page);
    expect(first.html).toContain(`srcSet="${older.srcset([480, 960])}"`);
    expect(first.html).not.toContain(older.file800);

    release();
    await avifBackfillDone();
    expect(await storage.exists(avif800(older.url))).toBe(true);
    expect(await storage.exists(avifMarkerKey(800))).toBe(true);
    expect(bucketAvifWidths()).toEqual([480, 800]);
    const fresh = await site.get(older.page);
    expect(fresh.cache).toBe("miss");
    expect(fresh.html).toContain(`srcSet="${older.srcset([480, 800, 960])}"`);
  });

  it("names the late AVIF widths in the first render when their markers are there at start", async () => {
    const storage = bucket().storage(PUBLIC_URL);
    const older = await olderProject(storage);
    // Another instance finished the job, this upload's files included.
    await backfillAvif(storage);
    for (const marker of AVIF_MARKER_KEYS) await storage.put(marker, Buffer.from("done\n"), "text/plain");
    setBucketAvifWidths([]);
    const site = await publicSite();
    await startAvifBackfill(storage);
    const first = await site.get(older.page);
    expect(first.cache).toBe("miss");
    expect(first.html).toContain(`srcSet="${older.srcset([480, 800, 960])}"`);
  });

  it("without S3_PUBLIC_URL names every AVIF width at once (the app makes a missing one) and writes no marker", async () => {
    const storage = bucket().storage();
    const [file] = await handleUpload(uploadRequest(await photo("#2f6a2f"), "project-images", "featured"), storage);
    await storage.delete(avif480(file.url));
    await storage.delete(avif800(file.url));
    const project = await createProject(projectInput({ featured_image_url: file.url }), null);
    const site = await publicSite();
    await startAvifBackfill(storage);
    const first = await site.get(`/project/${project.id}`);
    expect(first.html).toContain(`srcSet="${avifSrcset("/uploads/", file.url, [480, 800, 960])}"`);
    await avifBackfillDone();
    expect(await storage.exists(avif480(file.url))).toBe(true);
    expect(await storage.exists(avif800(file.url))).toBe(true);
    for (const marker of AVIF_MARKER_KEYS) expect(await storage.exists(marker)).toBe(false);
  });
});
