import { describe, expect, it } from "vitest";
import { contentVersion } from "~/.server/cache/cache";
import { db } from "~/.server/db";
import { listActivity } from "~/.server/models/activity";
import { listPendingSchedules, runDueSchedules } from "~/.server/models/content-schedules";
import { getActiveService, listActiveServiceLinks, listActiveServices } from "~/.server/models/services";
import { countPublicProjects, getPublicProject, listPublicProjectLinks, listPublicProjects, listPublicProjectsPage } from "~/.server/models/projects";
import { getPublishedContent, listSectionStates, listVersions, saveDraft } from "~/.server/models/site-content";
import { schedulerTick } from "~/.server/ops/scheduler";
import { isoToSiteLocal, siteLocalToIso } from "~/lib/site-time";
import * as page from "~/routes/admin/site-content";
import * as servicesPage from "~/routes/admin/services";
import { FaqContentSchema } from "~/validation/site-content";
import { createAdmin, projectInput, serviceInput } from "../factories";
import { createProject } from "~/.server/models/projects";
import { createService } from "~/.server/models/services";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, postRequest } from "./admin-support";

// docs/product.md#scheduling: Publish all changes, scheduled publishes (run once, in History and Activity), and
// show-from/hide-from on services and projects, on both engines.

useTestDatabase();

const faq = (question: string) => FaqContentSchema.parse({ eyebrow: "FAQ", title: "Questions", intro: "Answers.", items: [{ question, answer: "Yes." }] });
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const local = (iso: string) => isoToSiteLocal(iso);

describe("Maldives time", () => {
  it("a wall-clock time is read as UTC+5 whatever the server's zone, and shown back the same", () => {
    expect(siteLocalToIso("2026-12-01T08:00")).toBe("2026-12-01T03:00:00.000Z");
    expect(isoToSiteLocal("2026-12-01T03:00:00.000Z")).toBe("2026-12-01T08:00");
    expect(siteLocalToIso("2026-02-30T08:00")).toBeNull();
    expect(siteLocalToIso("tomorrow")).toBeNull();
  });
});

describe("publish all changes", () => {
  it("publishes every listed draft together and logs one entry per section; a stale revision publishes none", async () => {
    const { admin, cookie } = await adminSession();
    await saveDraft("faq", faq("All at once?"), 0, admin.id);
    const hero = (await listSectionStates()).find((s) => s.section === "hero")!;
    await saveDraft("hero", { ...(hero.content as object), title: "Published together" } as never, 0, admin.id);

    const stale = await call(page.action, postRequest("/admin/site-content", { intent: "publish-all", sections: ["faq:1", "hero:7"] }, cookie));
    expect(stale.status).toBe(409);
    expect((await getPublishedContent()).faq.items[0].question).not.toBe("All at once?");

    const before = await contentVersion();
    const done = await call(page.action, postRequest("/admin/site-content", { intent: "publish-all", sections: ["faq:1", "hero:1"] }, cookie));
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ ok: true, message: "Published 2 sections" });
    const published = await getPublishedContent();
    expect(published.faq.items[0].question).toBe("All at once?");
    expect(published.hero.title).toBe("Published together");
    expect(await contentVersion()).toBeGreaterThan(before);
    const log = await listActivity({} as never, { offset: 0, limit: 10 });
    expect(log.entries.filter((e) => e.action === "site-content.publish").map((e) => e.entity_id).sort()).toEqual(["faq", "hero"]);

    const bad = await call(page.action, postRequest("/admin/site-content", { intent: "publish-all", sections: ["nope:1"] }, cookie));
    expect(bad.status).toBe(400);
  });
});

describe("scheduled publish", () => {
  it("refuses a time in the past or not a time, and keeps nothing", async () => {
    const { cookie } = await adminSession();
    const past = await call(page.action, postRequest("/admin/site-content", { intent: "schedule", section: "faq", run_at: local(inMinutes(-5)) }, cookie));
    expect(past.status).toBe(400);
    expect(past.data).toMatchObject({ fieldErrors: { run_at: "Choose a time in the future (Maldives time)" } });
    const garbage = await call(page.action, postRequest("/admin/site-content", { intent: "schedule", section: "faq", run_at: "soon" }, cookie));
    expect(garbage.status).toBe(400);
    const unknown = await call(page.action, postRequest("/admin/site-content", { intent: "schedule", section: "kitchen", run_at: local(inMinutes(30)) }, cookie));
    expect(unknown.status).toBe(400);
    expect(await listPendingSchedules()).toEqual([]);
  });

  it("publishes the draft as it is when its time comes, once, in History and Activity", async () => {
    const { admin, cookie } = await adminSession();
    await saveDraft("faq", faq("Scheduled question?"), 0, admin.id);
    const scheduled = await call(page.action, postRequest("/admin/site-content", { intent: "schedule", section: "faq", run_at: local(inMinutes(2)) }, cookie));
    expect(scheduled.status).toBe(200);
    expect(scheduled.data.message).toMatch(/^FAQ: publish scheduled for .* \(Maldives time\)$/);
    const [pending] = await listPendingSchedules();
    expect(pending).toMatchObject({ section: "faq" });

    // A later save before the time is what goes live (docs/decisions/0086-scheduled-publish.md).
    await saveDraft("faq", faq("Edited after scheduling?"), 1, admin.id);
    expect(await runDueSchedules()).toEqual([]);
    expect((await getPublishedContent()).faq.items[0].question).not.toBe("Edited after scheduling?");

    const before = await contentVersion();
    const later = inMinutes(3);
    // Two ticks at once, as two instances would: one publishes.
    const runs = await Promise.all([runDueSchedules(later), runDueSchedules(later)]);
    expect(runs.flat()).toEqual([{ id: pending.id, published: ["faq"] }]);
    expect((await getPublishedContent()).faq.items[0].question).toBe("Edited after scheduling?");
    expect(await contentVersion()).toBeGreaterThan(before);
    expect(await listPendingSchedules()).toEqual([]);

    const [newest] = await listVersions("faq");
    expect(newest).toMatchObject({ version: 1, scheduled: true });
    const log = await listActivity({} as never, { offset: 0, limit: 20 });
    const entries = log.entries.filter((e) => e.action === "site-content.publish-scheduled");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity_id: "faq", actor_id: admin.id });
    expect(log.entries.some((e) => e.action === "site-content.schedule")).toBe(true);
  });

  it("all changes: every section with a draft then; cancel stops it", async () => {
    const { admin, cookie } = await adminSession();
    await call(page.action, postRequest("/admin/site-content", { intent: "schedule", section: "all", run_at: local(inMinutes(5)) }, cookie));
    const [toCancel] = await listPendingSchedules();
    const cancelled = await call(page.action, postRequest("/admin/site-content", { intent: "cancel-schedule", id: toCancel.id }, cookie));
    expect(cancelled.data).toMatchObject({ ok: true, message: "Scheduled publish cancelled" });
    const again = await call(page.action, postRequest("/admin/site-content", { intent: "cancel-schedule", id: toCancel.id }, cookie));
    expect(again.status).toBe(404);

    await call(page.action, postRequest("/admin/site-content", { intent: "schedule", section: "all", run_at: local(inMinutes(5)) }, cookie));
    await saveDraft("faq", faq("Everything?"), 0, admin.id);
    const [run] = await runDueSchedules(inMinutes(6));
    expect(run.published).toEqual(["faq"]);
    expect((await getPublishedContent()).faq.items[0].question).toBe("Everything?");
  });
});

describe("show from and hide from", () => {
  it("public reads count a record only between its moments, and the scheduler clears the caches when one passes", async () => {
    const admin = await createAdmin();
    const service = await createService(serviceInput({ title: "Seasonal pools", show_from: inMinutes(-60), hide_from: inMinutes(60) }), admin.id);
    const project = await createProject(projectInput({ title: "Future jetty", show_from: inMinutes(60) }), admin.id);
    expect((await listActiveServices()).map((s) => s.title)).toContain("Seasonal pools");
    expect(await getActiveService(service.id)).not.toBeNull();
    expect((await listActiveServiceLinks()).map((s) => s.id)).toContain(service.id);
    expect(await getPublicProject(project.id)).toBeNull();
    expect((await listPublicProjects()).map((p) => p.id)).not.toContain(project.id);
    expect((await listPublicProjectLinks()).map((p) => p.id)).not.toContain(project.id);
    expect(await countPublicProjects({ category: null, projectType: null })).toBe(0);
    expect(await listPublicProjectsPage({ category: null, projectType: null, page: 1, pageSize: 12 })).toEqual([]);

    // The moments pass (written straight to the rows, as time would): cached reads keep the old answer until a tick.
    // A tick first, so the moments fall after the last one the scheduler has seen (it looks at what passed since).
    await schedulerTick();
    const passed = new Date(Date.now() + 10).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await db().updateTable("services").set({ hide_from: passed }).where("id", "=", service.id).execute();
    await db().updateTable("projects").set({ show_from: passed }).where("id", "=", project.id).execute();
    expect(await getActiveService(service.id)).not.toBeNull();
    const before = await contentVersion();
    await schedulerTick();
    expect(await contentVersion()).toBeGreaterThan(before);
    expect(await getActiveService(service.id)).toBeNull();
    expect((await listActiveServices()).map((s) => s.title)).not.toContain("Seasonal pools");
    expect((await getPublicProject(project.id))?.title).toBe("Future jetty");
    expect(await countPublicProjects({ category: null, projectType: null })).toBe(1);

    // A tick with no moment passed leaves the caches alone.
    const settled = await contentVersion();
    await schedulerTick();
    expect(await contentVersion()).toBe(settled);
  });

  it("the dialog's times are Maldives time; Hide from must come after Show from", async () => {
    const { cookie } = await adminSession();
    const created = await call(servicesPage.action, postRequest("/admin/services", { intent: "create", title: "Monsoon repairs", is_active: "on", show_from: "2030-12-01T08:00", hide_from: "" }, cookie));
    expect(created.status).toBe(200);
    const row = await db().selectFrom("services").select(["show_from", "hide_from"]).where("title", "=", "Monsoon repairs").executeTakeFirstOrThrow();
    expect(new Date(row.show_from as string).toISOString()).toBe("2030-12-01T03:00:00.000Z");
    expect(row.hide_from).toBeNull();

    const backwards = await call(servicesPage.action, postRequest("/admin/services", { intent: "create", title: "Backwards", is_active: "on", show_from: "2030-12-02T08:00", hide_from: "2030-12-01T08:00" }, cookie));
    expect(backwards.status).toBe(400);
    expect(backwards.data).toMatchObject({ fieldErrors: { hide_from: "Hide from must be after Show from" } });
    const bad = await call(servicesPage.action, postRequest("/admin/services", { intent: "create", title: "Bad", is_active: "on", show_from: "next week" }, cookie));
    expect(bad.status).toBe(400);
    expect(await db().selectFrom("services").select("id").where("title", "in", ["Backwards", "Bad"]).execute()).toEqual([]);
  });
});
