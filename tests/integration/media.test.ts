import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { restoreProjectFromTrash, deleteProject, createProject, getProject } from "~/.server/models/projects";
import { createService, getService, restoreServiceVersion, updateService } from "~/.server/models/services";
import { listVersions } from "~/.server/models/versions";
import { DiskStorage, type Storage, setStorage } from "~/.server/storage";
import { pruneUploads } from "~/.server/storage/prune";
import { syncMediaWithStorage } from "~/.server/models/media";
import { newObjectBase } from "~/.server/storage/upload";
import { action as mediaAction, loader as mediaLoader } from "~/routes/admin/media";
import { loader as projectLoader } from "~/routes/public/project";
import { loader as serviceLoader } from "~/routes/public/service";
import { action as uploadAction } from "~/routes/api/uploads";
import { projectInput, serviceInput } from "../factories";
import { useS3Server } from "../setup/s3-server";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, getRequest, ORIGIN, postRequest } from "./admin-support";

// Admin: Media (docs/product.md#media-library, docs/decisions/0088-media-library.md), through its real loader and
// action and the real upload route: what an upload records, where a file is used, alt text on the public pages,
// deleting refused while anything uses a file (a History version and the Trash included), and both stores.

const database = useTestDatabase();

interface Item {
  key: string;
  url: string;
  name: string;
  kind: string;
  bytes: number;
  width: number | null;
  height: number | null;
  alt: string;
  uploadedBy: string | null;
  uses: Array<{ label: string; href: string | null }>;
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-"));
  setStorage(new DiskStorage(dir));
});
afterEach(() => {
  setStorage(undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

const png = (width: number, height: number, color = "#1d6f8a") => sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

/** Uploads through POST /api/uploads as the admin's browser does; answers the stored URLs. */
async function upload(cookie: string, files: Array<{ name: string; data: Buffer }>, bucket = "site-assets", folder = "gallery"): Promise<string[]> {
  const form = new FormData();
  form.append("bucket", bucket);
  form.append("folder", folder);
  for (const file of files) form.append("file", new Blob([new Uint8Array(file.data)], { type: "image/png" }), file.name);
  const response = (await uploadAction({ request: new Request(`${ORIGIN}/api/uploads`, { method: "POST", body: form, headers: { cookie, origin: ORIGIN } }), params: {}, context: {} } as never)) as Response;
  const body = (await response.json()) as { files: Array<{ url: string }> };
  expect(response.status).toBe(200);
  return body.files.map((f) => f.url);
}

async function library(cookie: string, query = ""): Promise<Item[]> {
  const answer = await call<{ items: Item[] }>(mediaLoader, getRequest(`/admin/media${query}`, cookie));
  expect(answer.status).toBe(200);
  return answer.data.items;
}

const byUrl = (items: Item[], url: string) => items.find((item) => item.url === url);
const storedKeys = () => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : []);

describe("the media library", () => {
  it("records each upload with its name, size, dimensions and uploader, and searches and filters it", async () => {
    const { admin, cookie } = await adminSession();
    const [boat, reef] = await upload(cookie, [
      { name: "Boat at dawn.png", data: await png(40, 30) },
      { name: "reef.png", data: await png(20, 50, "#8a1d4f") },
    ]);
    const items = await library(cookie);
    expect(byUrl(items, boat)).toMatchObject({ name: "Boat at dawn.png", kind: "image", width: 40, height: 30, uploadedBy: "Test Admin", alt: "", uses: [] });
    expect(byUrl(items, reef)).toMatchObject({ name: "reef.png", width: 20, height: 50 });
    expect(byUrl(items, boat)!.bytes).toBeGreaterThan(0);

    await createService(serviceInput({ title: "Boat repair", featured_image_url: reef }), admin.id);
    expect((await library(cookie, "?q=boat")).map((i) => i.url)).toEqual([boat]);
    expect((await library(cookie, "?unused=1")).map((i) => i.url)).toEqual([boat]);
    expect(await library(cookie, "?kind=video")).toEqual([]);
    await call(mediaAction, postRequest("/admin/media", { intent: "alt", file_key: byUrl(items, reef)!.key, alt: "Coral under a jetty" }, cookie));
    expect((await library(cookie, "?q=jetty")).map((i) => i.url)).toEqual([reef]);
  });

  it("shows where a file is used, its alt text on both public pages, and refuses to delete it until nothing uses it", async () => {
    const { admin, cookie } = await adminSession();
    const [photo, spare] = await upload(cookie, [
      { name: "villa.png", data: await png(30, 20) },
      { name: "spare.png", data: await png(30, 20, "#222222") },
    ]);
    const service = await createService(serviceInput({ title: "Roofing", featured_image_url: photo }), admin.id);
    const project = await createProject(projectInput({ title: "Villa Hulhumale", gallery_images: [photo] }), admin.id);
    const file = byUrl(await library(cookie), photo)!;
    expect(file.uses.map((u) => u.label).sort()).toEqual(["Project “Villa Hulhumale”", "Service “Roofing”"]);

    const saved = await call(mediaAction, postRequest("/admin/media", { intent: "alt", file_key: file.key, alt: "A white villa by the lagoon" }, cookie));
    expect(saved.status).toBe(200);
    const servicePage = await call<{ alts: Record<string, string> }>(serviceLoader, getRequest(`/service/${service.id}`), { id: service.id });
    const projectPage = await call<{ alts: Record<string, string> }>(projectLoader, getRequest(`/project/${project.id}`), { id: project.id });
    expect(servicePage.data.alts[photo]).toBe("A white villa by the lagoon");
    expect(projectPage.data.alts[photo]).toBe("A white villa by the lagoon");

    const refused = await call<{ message: string; detail: string }>(mediaAction, postRequest("/admin/media", { intent: "delete", file_key: file.key }, cookie));
    expect(refused.status).toBe(400);
    expect(refused.data.message).toBe("Failed to delete file");
    expect(refused.data.detail).toContain("Service “Roofing”");
    expect(refused.data.detail).toContain("Project “Villa Hulhumale”");
    expect(storedKeys().filter((k) => photo.endsWith(k))).toHaveLength(1);

    const spareKey = byUrl(await library(cookie), spare)!.key;
    const before = storedKeys().filter((k) => k.startsWith(spareKey.replace(/\.png$/, ""))).length;
    expect(before).toBeGreaterThan(1);
    const deleted = await call<{ message: string }>(mediaAction, postRequest("/admin/media", { intent: "delete", file_key: spareKey }, cookie));
    expect(deleted.status).toBe(200);
    expect(deleted.data.message).toBe("Deleted spare.png");
    // The original and every resized copy are gone, and the library no longer lists it.
    expect(storedKeys().filter((k) => k.startsWith(spareKey.replace(/\.png$/, "")))).toEqual([]);
    expect(byUrl(await library(cookie), spare)).toBeUndefined();
  });

  it("answers a missing or unknown file and a too-long alt text without changing anything", async () => {
    const { cookie } = await adminSession();
    const [url] = await upload(cookie, [{ name: "a.png", data: await png(10, 10) }]);
    const key = byUrl(await library(cookie), url)!.key;
    expect((await call(mediaAction, postRequest("/admin/media", { intent: "delete" }, cookie))).status).toBe(400);
    expect((await call(mediaAction, postRequest("/admin/media", { intent: "delete", file_key: "site-assets/gallery/nothing.png" }, cookie))).status).toBe(404);
    expect((await call(mediaAction, postRequest("/admin/media", { intent: "alt", file_key: "../etc/passwd", alt: "x" }, cookie))).status).toBe(404);
    expect((await call(mediaAction, postRequest("/admin/media", { intent: "alt", file_key: key, alt: "x".repeat(301) }, cookie))).status).toBe(400);
    expect(byUrl(await library(cookie), url)!.alt).toBe("");
  });
});

describe("references survive restore from History and Trash", () => {
  it("a file only a History version names cannot be deleted, and restoring that version shows it again", async () => {
    const { admin, cookie } = await adminSession();
    const [first, second] = await upload(cookie, [
      { name: "first.png", data: await png(10, 10) },
      { name: "second.png", data: await png(10, 10, "#333333") },
    ]);
    const service = await createService(serviceInput({ title: "Plumbing", featured_image_url: first }), admin.id);
    await updateService(service.id, serviceInput({ title: "Plumbing", featured_image_url: second }), admin.id);
    const firstFile = byUrl(await library(cookie), first)!;
    expect(firstFile.uses).toEqual([{ label: "History of service “Plumbing”", href: `/admin/services/${service.id}/history` }]);
    await call(mediaAction, postRequest("/admin/media", { intent: "alt", file_key: firstFile.key, alt: "Copper pipes" }, cookie));

    const refused = await call<{ detail: string }>(mediaAction, postRequest("/admin/media", { intent: "delete", file_key: firstFile.key }, cookie));
    expect(refused.status).toBe(400);
    expect(refused.data.detail).toContain("History of service “Plumbing”");

    const oldest = (await listVersions("service", service.id)).at(-1)!;
    expect((await restoreServiceVersion(service.id, oldest.id, admin.id)).kind).toBe("ok");
    expect((await getService(service.id))!.featured_image_url).toBe(first);
    expect(storedKeys().some((k) => first.endsWith(k))).toBe(true);
    const page = await call<{ alts: Record<string, string> }>(serviceLoader, getRequest(`/service/${service.id}`), { id: service.id });
    expect(page.data.alts[first]).toBe("Copper pipes");
  });

  it("a file of a project in the Trash cannot be deleted, and the restored project still shows it", async () => {
    const { admin, cookie } = await adminSession();
    const [photo] = await upload(cookie, [{ name: "jetty.png", data: await png(10, 10) }]);
    const project = await createProject(projectInput({ title: "Jetty", gallery_images: [photo] }), admin.id);
    await deleteProject(project.id, admin.id);
    const file = byUrl(await library(cookie), photo)!;
    expect(file.uses.map((u) => u.label)).toContain("Project “Jetty” (in the Trash)");
    const refused = await call<{ detail: string }>(mediaAction, postRequest("/admin/media", { intent: "delete", file_key: file.key }, cookie));
    expect(refused.status).toBe(400);
    expect(refused.data.detail).toContain("Project “Jetty” (in the Trash)");

    expect(await restoreProjectFromTrash(project.id)).toBe(true);
    expect((await getProject(project.id))!.gallery_images).toEqual([photo]);
    expect(storedKeys().some((k) => photo.endsWith(k))).toBe(true);
    expect(byUrl(await library(cookie), photo)!.uses.map((u) => u.label)).toContain("Project “Jetty”");
  });
});

describe("files from before the library", () => {
  it("are listed from storage with their stored name and size; a file pruned since leaves the list", async () => {
    const { cookie } = await adminSession();
    const storage = new DiskStorage(dir);
    const key = `${newObjectBase("service-images", "featured")}.png`;
    await storage.put(key, await png(64, 48), "image/png");
    // The page reads the table only; the background pass brings the store in (docs/decisions/0094-media-replace-and-paging.md).
    expect(byUrl(await library(cookie), `/uploads/${key}`)).toBeUndefined();
    expect(await syncMediaWithStorage(storage)).toEqual({ added: 1, removed: 0 });
    const found = byUrl(await library(cookie), `/uploads/${key}`)!;
    expect(found).toMatchObject({ key, width: 64, height: 48, uploadedBy: null, uses: [] });

    await db().updateTable("media").set({ created_at: new Date(Date.now() - 3_600_000).toISOString() }).where("key", "=", key).execute();
    // Something must be referenced, or the prune refuses to empty the store.
    const [kept] = await upload(cookie, [{ name: "kept.png", data: await png(10, 10) }]);
    await createService(serviceInput({ featured_image_url: kept }), null);
    const pruned = await pruneUploads({ database: database.current(), storage, apply: true, minAgeHours: 0 });
    // Being listed in the library is not being used: the prune still deletes it.
    expect(pruned.deleted).toContain(key);
    await syncMediaWithStorage(storage);
    expect(byUrl(await library(cookie), `/uploads/${key}`)).toBeUndefined();
  });
});

describe("the media library on S3", () => {
  const s3 = useS3Server();

  it("lists, deletes and refuses as on disk", async () => {
    const bucket: Storage = s3().storage();
    setStorage(bucket);
    const { admin, cookie } = await adminSession();
    const [used, unused] = await upload(cookie, [
      { name: "used.png", data: await png(12, 12) },
      { name: "unused.png", data: await png(12, 12, "#444444") },
    ]);
    await createService(serviceInput({ title: "Tiling", featured_image_url: used }), admin.id);
    const items = await library(cookie);
    expect(byUrl(items, used)!.uses.map((u) => u.label)).toEqual(["Service “Tiling”"]);
    expect((await call(mediaAction, postRequest("/admin/media", { intent: "delete", file_key: byUrl(items, used)!.key }, cookie))).status).toBe(400);
    const unusedKey = byUrl(items, unused)!.key;
    expect((await call(mediaAction, postRequest("/admin/media", { intent: "delete", file_key: unusedKey }, cookie))).status).toBe(200);
    const left: string[] = [];
    for await (const object of bucket.list()) left.push(object.key);
    expect(left.some((k) => k.startsWith(unusedKey.replace(/\.png$/, "")))).toBe(false);
    expect(left).toContain(byUrl(items, used)!.key);
  });
});
