import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { MEDIA_SYNC_CHUNK, syncMediaWithStorage } from "~/.server/models/media";
import { createProject, deleteProject, getProject } from "~/.server/models/projects";
import { createService, getService, updateService } from "~/.server/models/services";
import { getSetting, updateSetting } from "~/.server/models/settings";
import { getPublishedContent, listSectionStates, publishDraft, saveDraft } from "~/.server/models/site-content";
import { DiskStorage, type Storage, setStorage } from "~/.server/storage";
import { newObjectBase } from "~/.server/storage/upload";
import { action as mediaAction, loader as mediaLoader } from "~/routes/admin/media";
import { loader as projectsLoader } from "~/routes/admin/projects";
import { loader as serviceLoader } from "~/routes/public/service";
import { action as uploadAction } from "~/routes/api/uploads";
import { MEDIA_PAGE_SIZE } from "~/validation/paging";
import { projectInput, serviceInput } from "../factories";
import { useS3Server } from "../setup/s3-server";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, getRequest, ORIGIN, postRequest } from "./admin-support";

// Admin: Media's Replace, paging and background sync (docs/decisions/0094-media-replace-and-paging.md), through the
// real upload route and Media's loader and action: every place that names the old file names the new one (a service,
// a project's featured image and gallery, one in the Trash, site content published and in draft, a setting, History),
// the library's row keeps its alt text, the old file and its copies are gone, and a refused replace changes nothing.

useTestDatabase();

interface Item {
  key: string;
  url: string;
  name: string;
  alt: string;
  uses: Array<{ label: string; href: string | null }>;
}
interface Paging {
  page: number;
  pageCount: number;
  total: number;
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-replace-"));
  setStorage(new DiskStorage(dir));
});
afterEach(() => {
  setStorage(undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

const png = (width: number, height: number, color = "#1d6f8a") => sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
/** The smallest thing the upload's sniffing takes for an MP4: an `ftyp` box with an MP4 brand, then some bytes. */
const mp4 = () => {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(24, 0);
  box.write("ftypisom\0\0\u0002\0isomiso2", 4, "latin1");
  return box;
};
const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#aa5500" } }).jpeg().toBuffer();

async function upload(cookie: string, file: { name: string; data: Buffer; type?: string }, folder = "gallery"): Promise<{ status: number; url?: string }> {
  const form = new FormData();
  form.append("bucket", "site-assets");
  form.append("folder", folder);
  form.append("file", new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/png" }), file.name);
  const response = (await uploadAction({ request: new Request(`${ORIGIN}/api/uploads`, { method: "POST", body: form, headers: { cookie, origin: ORIGIN } }), params: {}, context: {} } as never)) as Response;
  const body = (await response.json()) as { files?: Array<{ url: string }> };
  return { status: response.status, url: body.files?.[0]?.url };
}

async function library(cookie: string, query = ""): Promise<{ items: Item[]; paging: Paging }> {
  const answer = await call<{ items: Item[]; paging: Paging }>(mediaLoader, getRequest(`/admin/media${query}`, cookie));
  expect(answer.status).toBe(200);
  return answer.data;
}

const keyOf = (url: string) => url.replace(/^.*?\/(site-assets\/)/, "$1");
const baseOf = (key: string) => key.replace(/\.[a-z0-9]+$/, "");
const storedKeys = () => fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(dir, f)).isFile());
const replace = (cookie: string, fileKey: string, newKey: string) =>
  call<{ message: string; detail?: string }>(mediaAction, postRequest("/admin/media", { intent: "replace", file_key: fileKey, new_key: newKey }, cookie));

/** Every place the site can name a file, all naming `url`. */
async function useEverywhere(url: string, adminId: string) {
  const service = await createService(serviceInput({ title: "Seawalls", featured_image_url: url }), adminId);
  // History: the service's first version names the file; the current one names it too.
  await updateService(service.id, serviceInput({ title: "Seawalls and jetties", featured_image_url: url }), adminId);
  const project = await createProject(projectInput({ title: "Reef Villa", featured_image_url: url, gallery_images: [url, "https://example.com/other.jpg"] }), adminId);
  const trashed = await createProject(projectInput({ title: "Old Jetty", gallery_images: [url] }), adminId);
  await deleteProject(trashed.id, adminId);
  const about = (await listSectionStates()).find((s) => s.section === "about")!;
  await saveDraft("about", { ...(about.content as object), image: url } as never, about.revision, adminId);
  await publishDraft("about", about.revision + 1, adminId);
  const again = (await listSectionStates()).find((s) => s.section === "about")!;
  await saveDraft("about", { ...(again.content as object), image: url, imageAlt: "draft" } as never, again.revision, adminId);
  await updateSetting("header_logo_image_url", url);
  return { service, project, trashed };
}

describe("Replace", () => {
  it("puts the new file in every place that used the old one, keeps the alt text, and deletes the old file and its copies", async () => {
    const { admin, cookie } = await adminSession();
    const old = (await upload(cookie, { name: "seawall.png", data: await png(60, 40) })).url!;
    const oldKey = keyOf(old);
    await call(mediaAction, postRequest("/admin/media", { intent: "alt", file_key: oldKey, alt: "A new seawall at Hulhumale" }, cookie));
    const { service, project, trashed } = await useEverywhere(old, admin.id);
    const usesBefore = (await library(cookie)).items.find((i) => i.key === oldKey)!.uses.map((u) => u.label).sort();
    expect(usesBefore.length).toBeGreaterThanOrEqual(5);

    // A JPEG in place of a PNG: the extension changes with the name.
    const fresh = (await upload(cookie, { name: "seawall-finished.jpg", data: await jpeg(80, 50), type: "image/jpeg" })).url!;
    const newKey = keyOf(fresh);
    expect(newKey).toMatch(/\.jpg$/);
    const answer = await replace(cookie, oldKey, newKey);
    expect(answer.status).toBe(200);
    expect(answer.data.message).toBe("Replaced seawall.png with seawall-finished.jpg");

    expect((await getService(service.id))!.featured_image_url).toBe(fresh);
    const reef = (await getProject(project.id))!;
    expect(reef.featured_image_url).toBe(fresh);
    expect(reef.gallery_images).toEqual([fresh, "https://example.com/other.jpg"]);
    const inTrash = await db().selectFrom("projects").select("gallery_images").where("id", "=", trashed.id).executeTakeFirstOrThrow();
    expect(JSON.parse(inTrash.gallery_images)).toEqual([fresh]);
    expect((await getPublishedContent()).about.image).toBe(fresh);
    const aboutState = (await listSectionStates()).find((s) => s.section === "about")!;
    expect(aboutState.hasDraft).toBe(true);
    expect((aboutState.content as { image: string }).image).toBe(fresh);
    expect(await getSetting("header_logo_image_url")).toBe(fresh);
    const versions = await db().selectFrom("service_versions").select("snapshot").where("record_id", "=", service.id).execute();
    expect(versions.length).toBe(2);
    for (const v of versions) expect(v.snapshot).not.toContain(baseOf(oldKey));

    // The public page shows the new file with the library's alt text.
    const page = await call<{ alts: Record<string, string> }>(serviceLoader, getRequest(`/service/${service.id}`), { id: service.id });
    expect(page.data.alts[fresh]).toBe("A new seawall at Hulhumale");

    // One library row: the old one, now the new file, its alt kept; the same uses; the old bytes and copies gone.
    const { items } = await library(cookie);
    expect(items.map((i) => i.key)).toEqual([newKey]);
    expect(items[0]).toMatchObject({ url: fresh, name: "seawall-finished.jpg", alt: "A new seawall at Hulhumale" });
    expect(items[0].uses.map((u) => u.label).sort()).toEqual(usesBefore.map((l) => l.replace("Seawalls”", "Seawalls and jetties”")).sort());
    expect(storedKeys().filter((k) => k.startsWith(baseOf(oldKey)))).toEqual([]);
    expect(storedKeys().filter((k) => k.startsWith(baseOf(newKey))).length).toBeGreaterThan(1);
    const entry = await db().selectFrom("activity_log").select(["action", "entity_id", "detail"]).where("action", "=", "upload.replace").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity_id: newKey });
    expect(entry.detail).toContain("seawall.png → seawall-finished.jpg");
  });

  it("refuses a bad replace and changes nothing: a refused upload, another kind, another folder, a used or unknown file", async () => {
    const { admin, cookie } = await adminSession();
    const old = (await upload(cookie, { name: "roof.png", data: await png(30, 30) })).url!;
    const oldKey = keyOf(old);
    const service = await createService(serviceInput({ title: "Roofing", featured_image_url: old }), admin.id);
    const before = storedKeys().sort();

    // The upload step refuses a file that is not an image: no second step, nothing stored.
    expect((await upload(cookie, { name: "roof.png", data: Buffer.from("not an image at all"), type: "image/png" })).status).toBe(415);
    expect(storedKeys().sort()).toEqual(before);

    const video = (await upload(cookie, { name: "clip.mp4", data: mp4(), type: "video/mp4" }, "hero-backgrounds")).url!;
    const logos = (await upload(cookie, { name: "logo.png", data: await png(20, 20, "#000000") }, "logos")).url!;
    const used = (await upload(cookie, { name: "used.png", data: await png(20, 20, "#ffffff") })).url!;
    await createService(serviceInput({ title: "Tiling", featured_image_url: used }), admin.id);
    const cases: Array<[string, string, number, string]> = [
      [oldKey, keyOf(video), 400, "An image can only be replaced by an image"],
      [oldKey, keyOf(logos), 400, "The new file must be uploaded to the same folder as the old one"],
      [oldKey, keyOf(used), 400, "The new file is already used by Service “Tiling”"],
      [oldKey, oldKey, 400, "The new file is the same file"],
      [oldKey, "site-assets/gallery/0123456789abcdef-1.png", 404, "The new file was not found"],
      ["site-assets/gallery/0123456789abcdef-2.png", keyOf(logos), 404, "File not found"],
      [oldKey, "", 400, "No file was given"],
    ];
    for (const [fileKey, newKey, status, reason] of cases) {
      const answer = await replace(cookie, fileKey, newKey);
      expect(answer.status, reason).toBe(status);
      expect(answer.data.message).toBe("Failed to replace file");
      expect(answer.data.detail).toBe(reason);
    }
    expect((await getService(service.id))!.featured_image_url).toBe(old);
    expect(storedKeys().filter((k) => k.startsWith(baseOf(oldKey))).length).toBeGreaterThan(1);
    expect((await library(cookie)).items.map((i) => i.key)).toContain(oldKey);
  });
});

describe("where it is used", () => {
  it("links a service or project to its own dialog, which the projects page opens from any page", async () => {
    const { admin, cookie } = await adminSession();
    const url = (await upload(cookie, { name: "dock.png", data: await png(10, 10) })).url!;
    const service = await createService(serviceInput({ title: "Docks", featured_image_url: url }), admin.id);
    const project = await createProject(projectInput({ title: "Dock Villa", gallery_images: [url] }), admin.id);
    const uses = (await library(cookie)).items[0].uses;
    expect(uses.map((u) => u.href).sort()).toEqual([`/admin/projects?edit=${project.id}`, `/admin/services?edit=${service.id}`]);
    // Past the first page of projects: the loader still reads the one named.
    const opened = await call<{ editing: { id: string; title: string } | null }>(projectsLoader, getRequest(`/admin/projects?edit=${project.id}&page=9`, cookie));
    expect(opened.data.editing).toMatchObject({ id: project.id, title: "Dock Villa" });
    for (const bad of ["nothing-here", "../x", ""]) {
      const none = await call<{ editing: unknown }>(projectsLoader, getRequest(`/admin/projects?edit=${encodeURIComponent(bad)}`, cookie));
      expect(none.status).toBe(200);
      expect(none.data.editing).toBeNull();
    }
  });
});

describe("the Media page is paged", () => {
  it("reads one page of the table, keeps the filters across pages, and reads a page past the end as the last", async () => {
    const { cookie } = await adminSession();
    const storage = new DiskStorage(dir);
    const total = MEDIA_PAGE_SIZE + 5;
    // Rows straight into the table: the page reads the table only, whatever the store holds.
    const rows = Array.from({ length: total }, (_, i) => {
      const key = `${newObjectBase("site-assets", "gallery")}${i}.png`;
      return { key, url: storage.publicUrl(key), file_name: i % 2 ? `odd_${i}.png` : `even-${i}.png`, kind: "image", bytes: 10, width: 1, height: 1, uploaded_by: null, created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() };
    });
    await db().insertInto("media").values(rows).execute();
    const first = await library(cookie);
    expect(first.paging).toMatchObject({ page: 1, pageCount: 2, total });
    expect(first.items).toHaveLength(MEDIA_PAGE_SIZE);
    expect(first.items[0].name).toBe(`even-${total - 1}.png`);
    const second = await library(cookie, "?page=2");
    expect(second.items).toHaveLength(5);
    expect(new Set([...first.items, ...second.items].map((i) => i.key)).size).toBe(total);
    expect((await library(cookie, "?page=999")).paging.page).toBe(2);
    expect((await library(cookie, "?page=abc")).paging.page).toBe(1);
    // Search in the database: `_` is a character here, not LIKE's wildcard; "even" and "unused" filter across pages.
    expect((await library(cookie, "?q=odd_")).paging.total).toBe(14);
    expect((await library(cookie, "?q=d_1")).items.map((i) => i.name).sort()).toEqual(["odd_1.png", "odd_11.png", "odd_13.png", "odd_15.png", "odd_17.png", "odd_19.png"]);
    expect((await library(cookie, "?q=%25")).paging.total).toBe(0);
    await createService(serviceInput({ featured_image_url: rows[0].url }), null);
    const unused = await library(cookie, "?unused=1&page=2");
    expect(unused.paging).toMatchObject({ page: 2, total: total - 1 });
    expect(unused.items.map((i) => i.key)).not.toContain(rows[0].key);
  });
});

describe("the background sync", () => {
  it("adds stored files without a row and removes, chunk by chunk, rows whose files are gone", async () => {
    const storage = new DiskStorage(dir);
    const stored = `${newObjectBase("site-assets", "gallery")}.png`;
    await storage.put(stored, await png(16, 8), "image/png");
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const gone = Array.from({ length: 7 }, (_, i) => ({ key: `site-assets/gallery/${"f".repeat(15)}${i}-1.png`, url: `/uploads/x${i}`, file_name: `gone${i}.png`, kind: "image", bytes: 1, width: null, height: null, uploaded_by: null, created_at: hourAgo }));
    await db().insertInto("media").values(gone).execute();
    expect(MEDIA_SYNC_CHUNK).toBeGreaterThan(2);
    expect(await syncMediaWithStorage(storage, 3)).toEqual({ added: 1, removed: 7 });
    const left = await db().selectFrom("media").select(["key", "width", "height"]).execute();
    expect(left).toEqual([{ key: stored, width: 16, height: 8 }]);
    expect(await syncMediaWithStorage(storage, 3)).toEqual({ added: 0, removed: 0 });
  });
});

describe("Replace on S3", () => {
  const s3 = useS3Server();

  it("replaces the references and deletes the old objects from the bucket", async () => {
    const bucket: Storage = s3().storage();
    setStorage(bucket);
    const { admin, cookie } = await adminSession();
    const old = (await upload(cookie, { name: "old.png", data: await png(12, 12) })).url!;
    const fresh = (await upload(cookie, { name: "new.png", data: await png(12, 12, "#444444") })).url!;
    const service = await createService(serviceInput({ title: "Tiling", featured_image_url: old }), admin.id);
    const answer = await replace(cookie, keyOf(old), keyOf(fresh));
    expect(answer.status).toBe(200);
    expect((await getService(service.id))!.featured_image_url).toBe(fresh);
    const left: string[] = [];
    for await (const object of bucket.list()) left.push(object.key);
    expect(left.some((k) => k.startsWith(baseOf(keyOf(old))))).toBe(false);
    expect(left).toContain(keyOf(fresh));
  });
});
