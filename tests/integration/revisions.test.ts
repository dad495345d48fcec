import { describe, expect, it } from "vitest";
import { db, getDatabase } from "~/.server/db";
import { pageCacheKey } from "~/.server/cache/page-cache-key";
import { countProjects, createProject, getProject, listProjects, listPublicProjects, updateProject } from "~/.server/models/projects";
import { createService, getActiveService, getService, listActiveServices, listServices, updateService } from "~/.server/models/services";
import { purgeExpiredTrash, startTrashPurge, stopTrashPurge } from "~/.server/models/trash";
import { listVersions, VERSIONS_KEPT } from "~/.server/models/versions";
import { findReferencedBases } from "~/.server/storage/prune";
import { action as historyAction, loader as historyLoader } from "~/routes/admin/history";
import { action as projectsAction } from "~/routes/admin/projects";
import { action as servicesAction } from "~/routes/admin/services";
import { action as trashAction, loader as trashLoader } from "~/routes/admin/trash";
import { loader as projectPage } from "~/routes/public/project";
import { loader as servicePage } from "~/routes/public/service";
import { loader as sitemapLoader } from "~/routes/public/sitemap";
import { createAdmin, projectInput, serviceInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, getRequest, memberSession, postRequest, signInCookie } from "./admin-support";

// Versions, the Trash and the admin preview of services and projects (docs/decisions/0013-versions-and-trash.md).

useTestDatabase();

const DAY = 86_400_000;
const servicePath = (id: string) => `/admin/services/${id}/history`;
const projectPath = (id: string) => `/admin/projects/${id}/history`;

async function versionRows(table: "service_versions" | "project_versions", recordId: string) {
  return db().selectFrom(table).select(["version", "action"]).where("record_id", "=", recordId).orderBy("version", "asc").execute();
}

/** Everything a refused request must leave as it was. */
async function snapshot() {
  const read = (table: "services" | "projects" | "service_versions" | "project_versions") => db().selectFrom(table).selectAll().orderBy("id").execute();
  return { services: await read("services"), projects: await read("projects"), sv: await read("service_versions"), pv: await read("project_versions") };
}

describe("versions of services and projects", () => {
  it("keeps a version of every save with who and when, and restores one as the current service", async () => {
    const { cookie } = await adminSession();
    const created = await call(servicesAction, postRequest("/admin/services", { intent: "create", title: "Pool Building", short_description: "Pools", is_active: "true" }, cookie));
    const id = created.data.id as string;
    await call(servicesAction, postRequest("/admin/services", { intent: "update", id, title: "Pool Building Pro", short_description: "Better pools", is_active: "true" }, cookie));
    await call(servicesAction, postRequest("/admin/services", { intent: "toggle-active", id, is_active: "false" }, cookie));

    const page = await call<{ versions: Array<{ id: string; version: number; action: string; author: string | null; created_at: string }>; selected: { snapshot: Record<string, unknown> } }>(
      historyLoader,
      getRequest(servicePath(id), cookie),
      { id },
    );
    expect(page.status).toBe(200);
    expect(page.data.versions.map((v) => [v.version, v.action, v.author])).toEqual([
      [3, "status", "Test Admin"],
      [2, "update", "Test Admin"],
      [1, "create", "Test Admin"],
    ]);
    expect(Date.parse(page.data.versions[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
    // The newest version is shown by default: the service as it is now.
    expect(page.data.selected.snapshot).toMatchObject({ title: "Pool Building Pro", is_active: false });

    const first = page.data.versions[2];
    const viewed = await call<{ selected: { snapshot: Record<string, unknown> } }>(historyLoader, getRequest(`${servicePath(id)}?version=${first.id}`, cookie), { id });
    expect(viewed.data.selected.snapshot).toMatchObject({ title: "Pool Building", short_description: "Pools", is_active: true });

    const restored = await call(historyAction, postRequest(servicePath(id), { intent: "restore-version", version_id: first.id }, cookie), { id });
    expect(restored).toMatchObject({ status: 200, data: { ok: true, message: "Service restored to the chosen version" } });
    expect(await getService(id)).toMatchObject({ title: "Pool Building", short_description: "Pools", is_active: true });
    // Visitors see the restored service at once (the content version was bumped).
    expect((await listActiveServices()).map((s) => s.title)).toContain("Pool Building");
    // The state it replaced is still in the history, and the restore is a version of its own.
    expect((await versionRows("service_versions", id)).map((v) => v.action)).toEqual(["create", "update", "status", "restore"]);
  });

  it("restores a project version, keeping the client's fields and lists", async () => {
    const { cookie } = await adminSession();
    const project = await createProject(projectInput({ title: "Jetty", client_email: "c@example.mv", tags: "marine, jetty", budget: "1250.50", duration_months: "7" }), null);
    await updateProject(project.id, projectInput({ title: "Jetty II", is_public: "" }));
    const [, v1] = await listVersions("project", project.id);
    const done = await call(historyAction, postRequest(projectPath(project.id), { intent: "restore-version", version_id: v1.id }, cookie), { id: project.id });
    expect(done.data).toMatchObject({ ok: true, message: "Project restored to the chosen version" });
    expect(await getProject(project.id)).toMatchObject({
      title: "Jetty",
      client_email: "c@example.mv",
      tags: ["marine", "jetty"],
      budget: 1250.5,
      duration_months: 7,
      is_public: true,
    });
    expect((await listPublicProjects()).map((p) => p.title)).toContain("Jetty");
  });

  it("gives back list items that hold a comma as they were", async () => {
    const { cookie } = await adminSession();
    const s = await createService(serviceInput({ title: "Lists" }), null);
    await db()
      .updateTable("services")
      .set({ benefits: JSON.stringify(["Transparent, milestone-based payments", "One team"]) })
      .where("id", "=", s.id)
      .execute();
    await db()
      .updateTable("service_versions")
      .set({ snapshot: JSON.stringify({ ...(await getService(s.id)), id: undefined }) })
      .where("record_id", "=", s.id)
      .execute();
    await updateService(s.id, serviceInput({ title: "Lists", benefits: "Other" }), null);
    const [, first] = await listVersions("service", s.id);
    const done = await call(historyAction, postRequest(servicePath(s.id), { intent: "restore-version", version_id: first.id }, cookie), { id: s.id });
    expect(done.data.ok).toBe(true);
    expect((await getService(s.id))?.benefits).toEqual(["Transparent, milestone-based payments", "One team"]);
  });

  it(`keeps only the newest ${VERSIONS_KEPT} versions of a record`, async () => {
    const s = await createService(serviceInput({ title: "v1" }), null);
    for (let i = 2; i <= VERSIONS_KEPT + 5; i++) await updateService(s.id, serviceInput({ title: `v${i}` }), null);
    const rows = await versionRows("service_versions", s.id);
    expect(rows).toHaveLength(VERSIONS_KEPT);
    expect(rows[0].version).toBe(6);
    expect(rows.at(-1)?.version).toBe(VERSIONS_KEPT + 5);
  });

  it("refuses an unknown version, another record's version or a bad request, and changes nothing", async () => {
    const { cookie } = await adminSession();
    const a = await createService(serviceInput({ title: "A" }), null);
    const b = await createService(serviceInput({ title: "B" }), null);
    await updateService(a.id, serviceInput({ title: "A2" }), null);
    const [otherVersion] = await listVersions("service", b.id);
    const before = await snapshot();

    // The toast's words (message, and the reason under it) are the page's own (docs/decisions/0028-one-message-mechanism.md).
    const failed = "Failed to restore version";
    const cases: Array<[Record<string, string>, number, { message: string; detail?: string }]> = [
      [{ intent: "restore-version", version_id: otherVersion.id }, 404, { message: failed, detail: "Version not found" }],
      [{ intent: "restore-version", version_id: "00000000-0000-0000-0000-000000000000" }, 404, { message: failed, detail: "Version not found" }],
      [{ intent: "restore-version", version_id: "not a version; drop table" }, 404, { message: failed, detail: "Version not found" }],
      [{ intent: "restore-version" }, 400, { message: failed, detail: "No version was given" }],
      [{ intent: "launch" }, 400, { message: "Unknown action" }],
    ];
    for (const [fields, status, words] of cases) {
      const answer = await call(historyAction, postRequest(servicePath(a.id), fields, cookie), { id: a.id });
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.data, JSON.stringify(fields)).toEqual({ ok: false, intent: fields.intent, ...words });
    }
    // Not a form at all: the same failure with its reason.
    const notAForm = new Request(`http://localhost:3000${servicePath(a.id)}`, { method: "POST", body: "{}", headers: { cookie, origin: "http://localhost:3000", "content-type": "application/json" } });
    const garbled = await call(historyAction, notAForm, { id: a.id });
    expect(garbled.status).toBe(400);
    expect(garbled.data).toMatchObject({ ok: false, message: failed, detail: "The request was not a form" });
    expect(await snapshot()).toEqual(before);

    // A history page of a record that does not exist (or is in the Trash) is a 404.
    expect((await call(historyLoader, getRequest(servicePath("missing"), cookie), { id: "missing" })).status).toBe(404);
    expect((await call(historyLoader, getRequest(servicePath("bad id!"), cookie), { id: "bad id!" })).status).toBe(404);
  });

  it("refuses a version whose snapshot today's rules would not accept, and changes nothing", async () => {
    const { cookie } = await adminSession();
    const s = await createService(serviceInput({ title: "Fine" }), null);
    const [v] = await listVersions("service", s.id);
    await db().updateTable("service_versions").set({ snapshot: JSON.stringify({ title: "", service_type: "rocket" }) }).where("id", "=", v.id).execute();
    const answer = await call(historyAction, postRequest(servicePath(s.id), { intent: "restore-version", version_id: v.id }, cookie), { id: s.id });
    expect(answer).toMatchObject({ status: 400, data: { ok: false, message: "Failed to restore version" } });
    expect(await getService(s.id)).toMatchObject({ title: "Fine" });
  });
});

describe("the Trash", () => {
  it("delete moves a service to the Trash, where it can be restored or deleted forever", async () => {
    const { cookie } = await adminSession();
    const s = await createService(serviceInput({ title: "Decking" }), null);
    const deleted = await call(servicesAction, postRequest("/admin/services", { intent: "delete", id: s.id }, cookie));
    expect(deleted.data).toMatchObject({ ok: true, message: "Service deleted successfully" });

    // Gone from the admin list, the public list, the public page and the sitemap.
    expect((await listServices()).map((x) => x.id)).not.toContain(s.id);
    expect((await listActiveServices()).map((x) => x.id)).not.toContain(s.id);
    expect(await getActiveService(s.id)).toBeNull();
    const sitemap = await (sitemapLoader() as Promise<Response>).then((r) => r.text());
    expect(sitemap).not.toContain(s.id);
    expect((await call(servicePage, getRequest(`/service/${s.id}`), { id: s.id })).status).toBe(404);

    const trash = await call<{ services: Array<{ id: string; title: string; deleted_by: string | null }> }>(trashLoader, getRequest("/admin/trash", cookie));
    expect(trash.data.services).toEqual([expect.objectContaining({ id: s.id, title: "Decking", deleted_by: "Test Admin" })]);

    const restored = await call(trashAction, postRequest("/admin/trash", { intent: "restore", kind: "service", id: s.id }, cookie));
    expect(restored.data).toMatchObject({ ok: true, message: "Service restored successfully" });
    expect((await listActiveServices()).map((x) => x.id)).toContain(s.id);
    // Its history came back with it.
    expect(await versionRows("service_versions", s.id)).toHaveLength(1);

    // Delete forever works only from the Trash.
    const notInTrash = await call(trashAction, postRequest("/admin/trash", { intent: "delete-forever", kind: "service", id: s.id }, cookie));
    expect(notInTrash.status).toBe(404);
    expect(await getService(s.id)).not.toBeNull();

    await call(servicesAction, postRequest("/admin/services", { intent: "delete", id: s.id }, cookie));
    const gone = await call(trashAction, postRequest("/admin/trash", { intent: "delete-forever", kind: "service", id: s.id }, cookie));
    expect(gone.data).toMatchObject({ ok: true, message: "Service deleted forever" });
    expect(await db().selectFrom("services").select("id").where("id", "=", s.id).executeTakeFirst()).toBeUndefined();
    expect(await versionRows("service_versions", s.id)).toEqual([]);
  });

  it("keeps trashed projects out of the public list, the page, the sitemap and the dashboard counts", async () => {
    const { cookie } = await adminSession();
    const kept = await createProject(projectInput({ title: "Kept", is_featured: "on" }), null);
    const binned = await createProject(projectInput({ title: "Binned", is_featured: "on" }), null);
    expect(await countProjects()).toEqual({ total: 2, featured: 2, public: 2 });
    const deleted = await call(projectsAction, postRequest("/admin/projects", { intent: "delete", id: binned.id }, cookie));
    expect(deleted.data).toMatchObject({ ok: true, message: "Project deleted successfully" });
    expect(await countProjects()).toEqual({ total: 1, featured: 1, public: 1 });
    expect((await listPublicProjects()).map((p) => p.id)).toEqual([kept.id]);
    expect((await listProjects()).map((p) => p.id)).toEqual([kept.id]);
    expect((await call(projectPage, getRequest(`/project/${binned.id}`), { id: binned.id })).status).toBe(404);
    expect(await (sitemapLoader() as Promise<Response>).then((r) => r.text())).not.toContain(binned.id);
    // Edits of a trashed record are refused like those of a missing one.
    expect((await call(projectsAction, postRequest("/admin/projects", { intent: "update", id: binned.id, title: "Edited" }, cookie))).status).toBe(404);

    const restored = await call(trashAction, postRequest("/admin/trash", { intent: "restore", kind: "project", id: binned.id }, cookie));
    expect(restored.data).toMatchObject({ ok: true, message: "Project restored successfully" });
    expect(await countProjects()).toEqual({ total: 2, featured: 2, public: 2 });
  });

  it("answers bad Trash requests with 400 or 404 and changes nothing", async () => {
    const { cookie } = await adminSession();
    const s = await createService(serviceInput(), null);
    await call(servicesAction, postRequest("/admin/services", { intent: "delete", id: s.id }, cookie));
    const before = await snapshot();
    const cases: Array<[Record<string, string>, number, { message: string; detail?: string }]> = [
      [{ intent: "restore", kind: "planet", id: s.id }, 400, { message: "Failed to restore item", detail: "Choose a service or a project" }],
      [{ intent: "restore", kind: "service" }, 400, { message: "Failed to restore service", detail: "No service was given" }],
      [{ intent: "restore", kind: "project", id: s.id }, 404, { message: "Failed to restore project", detail: "Project not found in the Trash" }],
      [{ intent: "delete-forever", kind: "service", id: "00000000-0000-0000-0000-000000000000" }, 404, { message: "Failed to delete service", detail: "Service not found in the Trash" }],
      [{ intent: "delete-forever", kind: "service", id: "../../etc" }, 404, { message: "Failed to delete service", detail: "Service not found in the Trash" }],
      [{ intent: "empty-everything" }, 400, { message: "Unknown action" }],
    ];
    for (const [fields, status, words] of cases) {
      const answer = await call(trashAction, postRequest("/admin/trash", fields, cookie));
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.data, JSON.stringify(fields)).toEqual({ ok: false, intent: fields.intent, ...words });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("purges records trashed more than 30 days ago, with their versions, so their uploads become prunable", async () => {
    const { cookie } = await adminSession();
    const oldImage = "/uploads/service-images/featured/0123456789abcdef-1700000000000.webp";
    const youngImage = "/uploads/project-images/featured/fedcba9876543210-1700000000001.webp";
    const old = await createService(serviceInput({ title: "Old", featured_image_url: oldImage }), null);
    const young = await createProject(projectInput({ title: "Young", featured_image_url: youngImage }), null);
    const live = await createService(serviceInput({ title: "Live" }), null);
    await call(servicesAction, postRequest("/admin/services", { intent: "delete", id: old.id }, cookie));
    await call(projectsAction, postRequest("/admin/projects", { intent: "delete", id: young.id }, cookie));
    const now = new Date();
    await db().updateTable("services").set({ deleted_at: new Date(now.getTime() - 31 * DAY).toISOString() }).where("id", "=", old.id).execute();
    await db().updateTable("projects").set({ deleted_at: new Date(now.getTime() - 29 * DAY).toISOString() }).where("id", "=", young.id).execute();
    const base = (url: string) => url.split("/").slice(2).join("/").replace(/\.webp$/, "");
    expect(await findReferencedBases(getDatabase())).toContain(base(oldImage));

    expect(await purgeExpiredTrash(now)).toEqual({ services: 1, projects: 0 });
    expect(await db().selectFrom("services").select("id").where("id", "=", old.id).executeTakeFirst()).toBeUndefined();
    expect(await versionRows("service_versions", old.id)).toEqual([]);
    expect(await getService(live.id)).not.toBeNull();
    const referenced = await findReferencedBases(getDatabase());
    expect(referenced).not.toContain(base(oldImage));
    // Still in the Trash (29 days): restorable, and its image is kept.
    expect(referenced).toContain(base(youngImage));
    const trash = await call<{ projects: Array<{ id: string }> }>(trashLoader, getRequest("/admin/trash", cookie));
    expect(trash.data.projects.map((p) => p.id)).toEqual([young.id]);

    // A second run finds nothing more; the day the young one turns 30 it goes too.
    expect(await purgeExpiredTrash(now)).toEqual({ services: 0, projects: 0 });
    expect(await purgeExpiredTrash(new Date(now.getTime() + 2 * DAY))).toEqual({ services: 0, projects: 1 });
  });

  it("runs the purge when the server starts (and then on a timer)", async () => {
    const s = await createService(serviceInput({ title: "Expired" }), null);
    await db().updateTable("services").set({ deleted_at: new Date(Date.now() - 40 * DAY).toISOString() }).where("id", "=", s.id).execute();
    startTrashPurge(60 * 60_000);
    await stopTrashPurge();
    expect(await db().selectFrom("services").select("id").where("id", "=", s.id).executeTakeFirst()).toBeUndefined();
  });
});

describe("admin preview of inactive services and private projects", () => {
  it("shows an inactive service to a signed-in admin only, never cached or indexed", async () => {
    const { cookie } = await adminSession();
    const { cookie: memberCookie } = await memberSession();
    const s = await createService(serviceInput({ title: "Hidden Spa", is_active: "" }), null);
    const url = `/service/${s.id}?preview=1`;

    const admin = await call<{ service: { title: string }; preview: { visible: boolean } }>(servicePage, getRequest(url, cookie), { id: s.id });
    expect(admin.status).toBe(200);
    expect(admin.data.service.title).toBe("Hidden Spa");
    expect(admin.data.preview).toEqual({ visible: false, noun: "service", adminPath: "/admin/services" });
    expect(admin.headers?.get("Cache-Control")).toBe("private, no-store");
    expect(admin.headers?.get("X-Robots-Tag")).toBe("noindex");

    for (const who of [undefined, memberCookie]) {
      const refused = await call<{ message: string }>(servicePage, getRequest(url, who), { id: s.id });
      expect(refused).toMatchObject({ status: 404, thrown: true, data: { message: "Service Not Found" } });
      expect(refused.headers?.get("Cache-Control")).toBe("private, no-store");
    }
    // Without ?preview even an admin gets the visitor's page: the inactive service is not found.
    expect((await call(servicePage, getRequest(`/service/${s.id}`, cookie), { id: s.id })).status).toBe(404);

    // A trashed service has no preview either.
    await call(servicesAction, postRequest("/admin/services", { intent: "delete", id: s.id }, cookie));
    expect((await call(servicePage, getRequest(url, cookie), { id: s.id })).status).toBe(404);
  });

  it("shows a private project to a signed-in admin only, without the client's private fields", async () => {
    const admin = await createAdmin();
    const cookie = await signInCookie(admin.email);
    const p = await createProject(projectInput({ title: "Private Villa", is_public: "", client_email: "owner@example.mv" }), null);
    const shown = await call<{ project: Record<string, unknown>; preview: { visible: boolean } }>(projectPage, getRequest(`/project/${p.id}?preview=1`, cookie), { id: p.id });
    expect(shown.status).toBe(200);
    expect(shown.data.project.title).toBe("Private Villa");
    expect(shown.data.project).not.toHaveProperty("client_email");
    expect(shown.data.preview.visible).toBe(false);
    expect((await call(projectPage, getRequest(`/project/${p.id}?preview=1`), { id: p.id })).status).toBe(404);
  });

  it("never lets the page cache store or serve a preview request", () => {
    for (const url of ["/service/abc?preview=1", "/project/abc?preview", "/?preview=1", "/service/abc?x=1&preview=1"]) {
      expect(pageCacheKey({ method: "GET", url }), url).toBeNull();
    }
    expect(pageCacheKey({ method: "GET", url: "/service/abc" })).not.toBeNull();
  });
});

describe("access: only admins reach the History and Trash pages and their actions", () => {
  for (const who of ["signed out", "non-admin"] as const) {
    it(`${who}: refused, nothing changed`, async () => {
      const { cookie: adminCookie } = await adminSession();
      const s = await createService(serviceInput({ title: "Target" }), null);
      await updateService(s.id, serviceInput({ title: "Target 2" }), null);
      const p = await createProject(projectInput({ title: "Binned" }), null);
      await call(projectsAction, postRequest("/admin/projects", { intent: "delete", id: p.id }, adminCookie));
      const [, v1] = await listVersions("service", s.id);
      const cookie = who === "non-admin" ? (await memberSession()).cookie : undefined;
      const before = await snapshot();

      for (const [loader, path, params] of [
        [historyLoader, servicePath(s.id), { id: s.id }],
        [historyLoader, projectPath(p.id), { id: p.id }],
        [trashLoader, "/admin/trash", {}],
      ] as const) {
        const answer = await call(loader, getRequest(path, cookie), params);
        expect(answer.status, path).toBe(302);
        expect(answer.location).toMatch(/^\/admin\/login/);
      }
      const writes: Array<[unknown, string, Record<string, string>, Record<string, string>]> = [
        [historyAction, servicePath(s.id), { intent: "restore-version", version_id: v1.id }, { id: s.id }],
        [trashAction, "/admin/trash", { intent: "restore", kind: "project", id: p.id }, {}],
        [trashAction, "/admin/trash", { intent: "delete-forever", kind: "project", id: p.id }, {}],
      ];
      for (const [fn, path, fields, params] of writes) {
        const answer = await call(fn, postRequest(path, fields, cookie), params);
        expect(answer.status, `${path} ${fields.intent}`).toBe(who === "signed out" ? 401 : 403);
      }
      expect(await snapshot()).toEqual(before);
    });
  }
});
