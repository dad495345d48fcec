import { describe, expect, it } from "vitest";
import { createContactDetail, listContactDetails } from "~/.server/models/contact-details";
import { createProject } from "~/.server/models/projects";
import { getPublicSettings, updateSetting } from "~/.server/models/settings";
import * as contactDetails from "~/routes/admin/contact-details";
import * as settings from "~/routes/admin/settings";
import * as portfolio from "~/routes/public/projects";
import { contactInput, projectInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { listSectionStates, publishDraft, saveDraft } from "~/.server/models/site-content";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { adminSession, call, getRequest, postRequest } from "./admin-support";

// What a new owner tripped over in the admin (docs/decisions/0019-admin-toasts-and-hero-media.md), checked through the real loaders and actions.

useTestDatabase();

describe("hero background: the type and the file always match", () => {
  const save = (cookie: string, key: string, value: string) => call(settings.action, postRequest("/admin/settings", { intent: "update", key, value }, cookie));

  it("refuses a file of the other kind with a clear error and changes nothing", async () => {
    const { cookie } = await adminSession();
    expect((await save(cookie, "hero_background_url", "/uploads/site-assets/hero-backgrounds/a.webp")).data.ok).toBe(true);

    const video = await save(cookie, "hero_background_url", "/uploads/site-assets/hero-backgrounds/b.mp4");
    expect(video).toMatchObject({ status: 400, data: { ok: false, message: "Failed to update setting" } });
    expect((video.data.fieldErrors as Record<string, string>).value).toBe("The background type is Image: enter the address of an image, not a video");
    expect((await getPublicSettings()).hero_background_url).toBe("/uploads/site-assets/hero-backgrounds/a.webp");

    await updateSetting("hero_background_type", "video");
    await updateSetting("hero_background_url", "/uploads/site-assets/hero-backgrounds/b.mp4");
    const image = await save(cookie, "hero_background_url", "/uploads/site-assets/hero-backgrounds/c.png");
    expect(image.status).toBe(400);
    expect((image.data.fieldErrors as Record<string, string>).value).toMatch(/^The background type is Video: enter the address of a video file/);
    expect((await getPublicSettings()).hero_background_url).toBe("/uploads/site-assets/hero-backgrounds/b.mp4");
  });

  it("switching the type clears a file of the other kind and says so; a matching one stays", async () => {
    const { cookie } = await adminSession();
    await save(cookie, "hero_background_url", "/uploads/site-assets/hero-backgrounds/a.webp");

    const toVideo = await save(cookie, "hero_background_type", "video");
    expect(toVideo.data).toMatchObject({ ok: true, message: "Setting updated successfully", detail: "The previous file was not a video: upload a video for the hero." });
    expect(await getPublicSettings()).toMatchObject({ hero_background_type: "video", hero_background_url: "" });

    expect((await save(cookie, "hero_background_url", "/uploads/site-assets/hero-backgrounds/b.webm")).data.ok).toBe(true);
    const toImage = await save(cookie, "hero_background_type", "image");
    expect(toImage.data.detail).toBe("The previous file was not an image: upload an image for the hero.");
    expect(await getPublicSettings()).toMatchObject({ hero_background_type: "image", hero_background_url: "" });

    // An image address without an extension (an image host) is kept for the image type.
    await save(cookie, "hero_background_url", "https://images.example.com/photo-123?w=1600");
    const again = await save(cookie, "hero_background_type", "image");
    expect(again.data.detail).toBeUndefined();
    expect((await getPublicSettings()).hero_background_url).toBe("https://images.example.com/photo-123?w=1600");
  });
});

describe("contact details: reordering keeps display_order 0..n-1", () => {
  const PATH = "/admin/contact-details";
  const order = async () => (await listContactDetails()).map((d) => [d.value, d.display_order]);

  it("moves entries up and down and renumbers after deletes", async () => {
    const { cookie } = await adminSession();
    const a = await createContactDetail(contactInput({ type: "email", value: "a@example.com" }));
    const b = await createContactDetail(contactInput({ type: "email", value: "b@example.com" }));
    const c = await createContactDetail(contactInput({ type: "email", value: "c@example.com" }));
    const d = await createContactDetail(contactInput({ type: "email", value: "d@example.com" }));
    expect(await order()).toEqual([["a@example.com", 0], ["b@example.com", 1], ["c@example.com", 2], ["d@example.com", 3]]);

    const deleted = await call(contactDetails.action, postRequest(PATH, { intent: "delete", id: b.id }, cookie));
    expect(deleted.data.ok).toBe(true);
    expect(await order()).toEqual([["a@example.com", 0], ["c@example.com", 1], ["d@example.com", 2]]);

    const moved = await call(contactDetails.action, postRequest(PATH, { intent: "move", id: d.id, direction: "up" }, cookie));
    expect(moved.data).toMatchObject({ ok: true, title: "Success", message: "Contact detail updated successfully" });
    expect(await order()).toEqual([["a@example.com", 0], ["d@example.com", 1], ["c@example.com", 2]]);
    await call(contactDetails.action, postRequest(PATH, { intent: "move", id: a.id, direction: "down" }, cookie));
    expect(await order()).toEqual([["d@example.com", 0], ["a@example.com", 1], ["c@example.com", 2]]);
    // At either end an entry stays where it is.
    await call(contactDetails.action, postRequest(PATH, { intent: "move", id: c.id, direction: "down" }, cookie));
    await call(contactDetails.action, postRequest(PATH, { intent: "move", id: d.id, direction: "up" }, cookie));
    expect(await order()).toEqual([["d@example.com", 0], ["a@example.com", 1], ["c@example.com", 2]]);
  });

  it("refuses a bad direction or an unknown entry and changes nothing", async () => {
    const { cookie } = await adminSession();
    const a = await createContactDetail(contactInput({ type: "email", value: "a@example.com" }));
    await createContactDetail(contactInput({ type: "email", value: "b@example.com" }));
    const before = await order();
    const sideways = await call(contactDetails.action, postRequest(PATH, { intent: "move", id: a.id, direction: "sideways" }, cookie));
    expect(sideways).toMatchObject({ status: 400, data: { ok: false, fieldErrors: { direction: "Choose up or down" } } });
    const missing = await call(contactDetails.action, postRequest(PATH, { intent: "move", id: "no-such-id", direction: "up" }, cookie));
    expect(missing.status).toBe(404);
    expect(await order()).toEqual(before);
  });
});

describe("the portfolio page (/projects)", () => {
  type View = { view: { projects: Array<{ id: string; title: string; is_featured: boolean }>; total: number; page: number; pageCount: number; categories: Array<{ value: string; count: number }> } };
  const load = (query = "") => call<View>(portfolio.loader, getRequest(`/projects${query}`));

  it("lists every public project, featured first then newest, 12 a page", async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
    for (let i = 1; i <= 13; i++) {
      await createProject(projectInput({ title: `Villa ${i}`, category: "Residential", project_type: "residential" }), null, day(i));
    }
    await createProject(projectInput({ title: "Old featured", category: "Marine", project_type: "infrastructure", is_featured: "on" }), null, day(1));
    await createProject(projectInput({ title: "Secret", category: "Hidden", project_type: "commercial", is_public: "" }), null, day(20));

    const first = await load();
    expect(first.status).toBe(200);
    expect(first.data.view).toMatchObject({ total: 14, page: 1, pageCount: 2 });
    expect(first.data.view.projects.map((p) => p.title).slice(0, 3)).toEqual(["Old featured", "Villa 13", "Villa 12"]);
    expect(first.data.view.projects).toHaveLength(12);
    // Only public projects' categories are offered.
    expect(first.data.view.categories).toEqual([
      { value: "Marine", count: 1 },
      { value: "Residential", count: 13 },
    ]);

    const second = await load("?page=2");
    expect(second.data.view.projects.map((p) => p.title)).toEqual(["Villa 2", "Villa 1"]);

    const marine = await load("?category=Marine&type=infrastructure");
    expect(marine.data.view.projects.map((p) => p.title)).toEqual(["Old featured"]);
    const none = await load("?type=commercial");
    expect(none.data.view).toMatchObject({ total: 0, projects: [] });
  });

  it("speaks in the company's published name (the Site Content page's Company section)", async () => {
    const { admin } = await adminSession();
    await createProject(projectInput({ title: "Reef house" }), null);
    const company = { ...DEFAULT_SITE_CONTENT.company, name: "Reef & Lagoon Builders" };
    const saved = await saveDraft("company", company, (await listSectionStates()).find((s) => s.section === "company")!.revision, admin.id);
    if (!saved.ok) throw new Error("draft not saved");
    expect((await publishDraft("company", saved.revision, admin.id)).ok).toBe(true);

    const page = await call<{ seo: Array<Record<string, string>> }>(portfolio.loader, getRequest("/projects"));
    const title = page.data.seo.find((m) => "title" in m)?.title;
    const description = page.data.seo.find((m) => m.name === "description")?.content;
    expect(title).toBe("Our Projects | Reef & Lagoon Builders");
    expect(description).toContain("Every project by Reef & Lagoon Builders");
  });

  it("answers 404 for a filter or page that names nothing, never a 500", async () => {
    await createProject(projectInput({ title: "Only one", category: "Residential", project_type: "residential" }), null);
    for (const query of ["?page=2", "?page=0", "?page=abc", "?type=castles", "?category=Hidden", `?category=${"x".repeat(500)}`]) {
      const answer = await load(query);
      expect(answer.status, query).toBe(404);
      expect(answer.thrown, query).toBe(true);
    }
  });
});
