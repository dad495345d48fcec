import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportData, importData } from "~/.server/models/site-data";
import { contentVersion } from "~/.server/cache/cache";
import { db, getDatabase } from "~/.server/db";
import { openSqlite } from "~/.server/db/connection";
import {
  discardDraft,
  getPreviewContent,
  getPublishedContent,
  HISTORY_LIMIT,
  listSectionStates,
  listVersions,
  publishDraft,
  restoreVersion,
  saveDraft,
  STARTING_VERSION_ID,
} from "~/.server/models/site-content";
import { DEFAULT_SITE_CONTENT, STARTING_SITE_CONTENT } from "~/content/default-site-content";
import * as home from "~/routes/public/home";
import * as page from "~/routes/admin/site-content";
import { FaqContentSchema, parseSection } from "~/validation/site-content";
import { createAdmin } from "../factories";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, getRequest, memberSession, postRequest } from "./admin-support";

useTestDatabase();

const FAQ_HEADING = { eyebrow: "FAQ", title: "Frequently Asked Questions", intro: "Answers." };
const faq = (question: string) => FaqContentSchema.parse({ ...FAQ_HEADING, items: [{ question, answer: "An answer\nover two lines" }] });

async function renderHome(cookie?: string, query = "") {
  const answer = await call<{ content: { faq: { items: Array<{ question: string }> }; hero: { title: string } }; preview: boolean; chrome: { company: { name: string } } }>(
    home.loader,
    getRequest(`/${query}`, cookie),
  );
  return answer;
}

describe("site content model", () => {
  it("a new site shows the starting content, published and in the editor", async () => {
    // Visitors read {company} as the company's name; the editor shows the placeholder itself.
    expect(await getPublishedContent()).toEqual(STARTING_SITE_CONTENT);
    expect((await getPublishedContent()).about.title).toBe("About Atoll Construction & Services");
    const states = await listSectionStates();
    expect(states.map((s) => s.section)).toEqual(["hero", "about", "why", "testimonials", "gallery", "faq", "footer", "company"]);
    expect(states.every((s) => !s.hasDraft && s.revision === 0)).toBe(true);
    expect(states.find((s) => s.section === "faq")?.content).toEqual(DEFAULT_SITE_CONTENT.faq);
    expect(states.find((s) => s.section === "about")?.content).toMatchObject({ title: "About {company}" });
  });

  it("a draft is seen by the preview only; publishing makes it live, bumps the content version and keeps a version", async () => {
    const admin = await createAdmin("editor@example.com", "Aminath Editor");
    const saved = await saveDraft("faq", faq("Draft question?"), 0, admin.id);
    expect(saved).toEqual({ ok: true, revision: 1 });
    expect((await getPublishedContent()).faq).toEqual(DEFAULT_SITE_CONTENT.faq);
    expect((await getPreviewContent()).faq.items[0].question).toBe("Draft question?");
    const state = (await listSectionStates()).find((s) => s.section === "faq");
    expect(state).toMatchObject({ hasDraft: true, revision: 1, draftUpdatedBy: "Aminath Editor" });

    const before = await contentVersion();
    expect(await publishDraft("faq", 1, admin.id)).toEqual({ ok: true, revision: 2 });
    expect(await contentVersion()).toBeGreaterThan(before);
    expect((await getPublishedContent()).faq.items[0]).toEqual({ question: "Draft question?", answer: "An answer\nover two lines" });
    const versions = await listVersions("faq");
    expect(versions.map((v) => v.version)).toEqual([1, 0]);
    expect(versions[0]).toMatchObject({ version: 1, createdBy: "Aminath Editor" });
    expect((await listSectionStates()).find((s) => s.section === "faq")).toMatchObject({ hasDraft: false, publishedBy: "Aminath Editor" });
    // Nothing left to publish or discard.
    expect(await publishDraft("faq", 2, admin.id)).toEqual({ ok: false, reason: "no-draft" });
    expect(await discardDraft("faq", 2)).toEqual({ ok: false, reason: "no-draft" });
  });

  it("a save from a stale revision is refused and changes nothing", async () => {
    const admin = await createAdmin();
    await saveDraft("faq", faq("First?"), 0, admin.id);
    // A second editor opened the section before the first save: revision 0.
    expect(await saveDraft("faq", faq("Second?"), 0, admin.id)).toEqual({ ok: false, reason: "stale" });
    expect(await saveDraft("faq", faq("Third?"), 1, admin.id)).toEqual({ ok: true, revision: 2 });
    expect(await saveDraft("faq", faq("Late?"), 1, admin.id)).toEqual({ ok: false, reason: "stale" });
    expect(await publishDraft("faq", 1, admin.id)).toEqual({ ok: false, reason: "stale" });
    expect(await discardDraft("faq", 1)).toEqual({ ok: false, reason: "stale" });
    expect((await getPreviewContent()).faq.items[0].question).toBe("Third?");
    expect(await discardDraft("faq", 2)).toEqual({ ok: true, revision: 3 });
    expect(await getPreviewContent()).toEqual(STARTING_SITE_CONTENT);
  });

  it("keeps the last 50 versions per section and restores one as a draft", async () => {
    const admin = await createAdmin();
    let revision = 0;
    for (let i = 1; i <= HISTORY_LIMIT + 2; i++) {
      const saved = await saveDraft("faq", faq(`Question ${i}?`), revision, admin.id);
      if (!saved.ok) throw new Error("save failed");
      const published = await publishDraft("faq", saved.revision, admin.id);
      if (!published.ok) throw new Error("publish failed");
      revision = published.revision;
    }
    const versions = await listVersions("faq");
    // The last 50 publishes, then the starting content, which pruning never removes.
    expect(versions).toHaveLength(HISTORY_LIMIT + 1);
    expect(versions[0].version).toBe(HISTORY_LIMIT + 2);
    expect(versions.at(-2)?.version).toBe(3);
    expect(versions.at(-1)).toMatchObject({ id: STARTING_VERSION_ID, version: 0, content: DEFAULT_SITE_CONTENT.faq });
    expect((await listVersions("hero")).map((v) => v.id)).toEqual([STARTING_VERSION_ID]);

    const old = versions.find((v) => v.version === 10)!;
    expect(await restoreVersion("faq", old.id, revision, admin.id)).toEqual({ ok: true, revision: revision + 1 });
    expect((await getPreviewContent()).faq.items[0].question).toBe("Question 10?");
    expect((await getPublishedContent()).faq.items[0].question).toBe(`Question ${HISTORY_LIMIT + 2}?`);
    expect(await restoreVersion("faq", "no-such-version", revision + 1, admin.id)).toEqual({ ok: false, reason: "not-found" });
    // A version of another section cannot be restored into this one.
    expect(await restoreVersion("hero", old.id, 0, admin.id)).toEqual({ ok: false, reason: "not-found" });
  });

  it("the starting content is each section's first version, before any publish and after, and is restored as a draft", async () => {
    const admin = await createAdmin();
    for (const section of ["hero", "faq", "company"] as const) {
      expect(await listVersions(section)).toEqual([{ id: STARTING_VERSION_ID, version: 0, content: DEFAULT_SITE_CONTENT[section], createdAt: null, createdBy: null }]);
    }
    const saved = await saveDraft("faq", faq("Changed?"), 0, admin.id);
    if (!saved.ok) throw new Error("save failed");
    const published = await publishDraft("faq", saved.revision, admin.id);
    if (!published.ok) throw new Error("publish failed");
    expect((await listVersions("faq")).map((v) => [v.version, v.createdAt === null])).toEqual([
      [1, false],
      [0, true],
    ]);
    // Restored like any version: the draft holds the starting content, the live page keeps what was published.
    expect(await restoreVersion("faq", STARTING_VERSION_ID, published.revision, admin.id)).toEqual({ ok: true, revision: published.revision + 1 });
    expect((await getPreviewContent()).faq).toEqual(DEFAULT_SITE_CONTENT.faq);
    expect((await getPublishedContent()).faq.items[0].question).toBe("Changed?");
    // A site created before this change (its first publish already replaced the starting content) has it too:
    // it is computed from app/content, not stored.
    await db().deleteFrom("site_content_versions").execute();
    expect((await listVersions("faq")).map((v) => v.id)).toEqual([STARTING_VERSION_ID]);
  });

  it("export and import carry the content, drafts and history", async () => {
    const admin = await createAdmin();
    await saveDraft("company", { ...DEFAULT_SITE_CONTENT.company, name: "Reef Builders" }, 0, admin.id);
    await publishDraft("company", 1, admin.id);
    await saveDraft("faq", faq("Kept as a draft?"), 0, admin.id);
    const exported = await exportData(getDatabase());
    expect(exported.tables.site_content).toHaveLength(2);
    expect(exported.tables.site_content_versions).toHaveLength(1);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-content-import-"));
    const target = openSqlite(path.join(dir, "site.db"));
    try {
      await importData(target, exported);
      const rows = await target.db.selectFrom("site_content").selectAll().orderBy("section").execute();
      expect(rows.map((r) => r.section)).toEqual(["company", "faq"]);
      expect(JSON.parse(rows[0].published ?? "{}").name).toBe("Reef Builders");
      expect(JSON.parse(rows[1].draft ?? "{}").items[0].question).toBe("Kept as a draft?");
      expect(await target.db.selectFrom("site_content_versions").select("version").execute()).toEqual([{ version: 1 }]);
    } finally {
      await target.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("section schemas", () => {
  it("keep line breaks, strip control characters and refuse HTML-free limits with field errors", () => {
    const ok = parseSection("faq", JSON.stringify({ ...FAQ_HEADING, items: [{ question: " Q?\u0007 ", answer: "a\r\nb <b>stays text</b>" }] }));
    expect(ok).toEqual({ success: true, data: { ...FAQ_HEADING, items: [{ question: "Q?", answer: "a\nb <b>stays text</b>" }] } });
    const tooMany = parseSection("faq", JSON.stringify({ ...FAQ_HEADING, items: Array.from({ length: 31 }, () => ({ question: "Q", answer: "A" })) }));
    expect(tooMany).toEqual({ success: false, fieldErrors: { items: "At most 30 questions" } });
    const bad = parseSection("why", JSON.stringify({ ...DEFAULT_SITE_CONTENT.why, cards: [{ icon: "skull", title: "x".repeat(81), description: "" }] }));
    expect(bad.success).toBe(false);
    if (!bad.success) {
      expect(bad.fieldErrors).toMatchObject({
        "cards.0.icon": "Choose an icon from the list",
        "cards.0.title": "Card title must be at most 80 characters",
        "cards.0.description": "Card text is required",
      });
    }
    expect(parseSection("company", "{not json")).toEqual({ success: false, fieldErrors: { form: "The section could not be read" } });
    const script = parseSection("gallery", JSON.stringify({ ...DEFAULT_SITE_CONTENT.gallery, items: [{ src: "javascript:alert(1)", title: "t", category: "c", alt: "a" }] }));
    expect(script.success).toBe(false);
    const hero = parseSection("hero", JSON.stringify({ ...DEFAULT_SITE_CONTENT.hero, stats: DEFAULT_SITE_CONTENT.hero.stats.slice(0, 2) }));
    expect(hero).toEqual({ success: false, fieldErrors: { stats: "The hero shows exactly three stats" } });
  });
});

describe("Site Content page and the home page", () => {
  it("saves, refuses bad input and stale saves, previews for admins only, publishes and restores", async () => {
    const { cookie } = await adminSession();
    const loaded = await call<{ states: Array<{ section: string; revision: number }> }>(page.loader, getRequest("/admin/site-content?section=faq", cookie));
    expect(loaded.status).toBe(200);
    expect(loaded.data.states.find((s) => s.section === "faq")?.revision).toBe(0);

    // Bad input: field errors, nothing stored.
    const bad = await call(page.action, postRequest("/admin/site-content", { intent: "save", section: "faq", revision: "0", content: JSON.stringify({ ...FAQ_HEADING, items: [{ question: "", answer: "A" }] }) }, cookie));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, fieldErrors: { "items.0.question": "Question is required" } });
    for (const [fields, words] of [
      [{ intent: "save", section: "nope", revision: "0", content: "{}" }, { message: "Failed to save draft", detail: "Unknown section" }],
      [{ intent: "publish", section: "faq", revision: "-1" }, { message: "Failed to publish", detail: "The editor's revision is missing" }],
      [{ intent: "save", section: "faq", revision: "0", content: "x".repeat(300_000) }, { message: "Failed to save draft" }],
      [{ intent: "discard", section: "faq", revision: "0" }, { message: "Failed to discard draft", detail: "There is no saved draft" }],
      [{ intent: "explode", section: "faq", revision: "0" }, { message: "Unknown action" }],
    ] as const) {
      const answer = await call(page.action, postRequest("/admin/site-content", fields, cookie));
      expect(answer.status, fields.intent).toBe(400);
      expect(answer.data, fields.intent).toMatchObject({ ok: false, intent: fields.intent, ...words });
    }
    expect(await db().selectFrom("site_content").selectAll().execute()).toEqual([]);

    const content = JSON.stringify({ ...FAQ_HEADING, items: [{ question: "Do you build <script>alert(1)</script> pools?", answer: "Yes." }] });
    const saved = await call(page.action, postRequest("/admin/site-content", { intent: "save", section: "faq", revision: "0", content }, cookie));
    expect(saved).toMatchObject({ status: 200, data: { ok: true, message: "FAQ: draft saved" } });
    const stale = await call(page.action, postRequest("/admin/site-content", { intent: "save", section: "faq", revision: "0", content }, cookie));
    expect(stale).toMatchObject({ status: 409, data: { ok: false, message: "This section changed since you opened it" } });

    // Visitors and members see the published page; the admin's preview shows the draft, never cached or indexed.
    const { cookie: memberCookie } = await memberSession();
    for (const who of [undefined, memberCookie]) {
      const visitor = await renderHome(who, "?preview=1");
      expect(visitor.data.preview).toBe(false);
      expect(visitor.data.content.faq.items[0].question).toBe(DEFAULT_SITE_CONTENT.faq.items[0].question);
      expect(visitor.headers?.get("X-Robots-Tag")).toBe("noindex");
    }
    const preview = await renderHome(cookie, "?preview=1");
    expect(preview.data.preview).toBe(true);
    expect(preview.data.content.faq.items[0].question).toBe("Do you build <script>alert(1)</script> pools?");
    expect(preview.headers?.get("Cache-Control")).toBe("private, no-store");
    expect(preview.headers?.get("X-Robots-Tag")).toBe("noindex");
    // Without the parameter even the admin sees the published page.
    expect((await renderHome(cookie)).data.content.faq.items[0].question).toBe(DEFAULT_SITE_CONTENT.faq.items[0].question);

    const published = await call(page.action, postRequest("/admin/site-content", { intent: "publish", section: "faq", revision: "1" }, cookie));
    expect(published).toMatchObject({ status: 200, data: { ok: true, message: "FAQ: published" } });
    expect((await renderHome()).data.content.faq.items[0].question).toBe("Do you build <script>alert(1)</script> pools?");

    // Company name reaches the title, JSON-LD and copyright data of every page.
    await call(page.action, postRequest("/admin/site-content", { intent: "save", section: "company", revision: "0", content: JSON.stringify({ ...DEFAULT_SITE_CONTENT.company, name: "Reef Builders" }) }, cookie));
    await call(page.action, postRequest("/admin/site-content", { intent: "publish", section: "company", revision: "1" }, cookie));
    const renamed = await call<{ chrome: { company: { name: string } }; seo: Array<Record<string, unknown>> }>(home.loader, getRequest("/"));
    expect(renamed.data.chrome.company.name).toBe("Reef Builders");
    expect(JSON.stringify(renamed.data.seo)).toContain("Reef Builders | Construction & Renovation in the Maldives");
    expect(JSON.stringify(renamed.data.seo)).toContain('{"property":"og:site_name","content":"Reef Builders"}');
    expect(JSON.stringify(renamed.data.seo)).toContain('"@type":"GeneralContractor","@id":"http://localhost:3000/#organization","name":"Reef Builders"');
    expect(JSON.stringify(renamed.data.seo)).not.toContain('"name":"Atoll Construction & Services"');

    const history = await call<{ versions: Array<{ id: string; version: number }> }>(page.loader, getRequest("/admin/site-content?section=faq", cookie));
    expect(history.data.versions.map((v) => v.version)).toEqual([1, 0]);
    const restored = await call(page.action, postRequest("/admin/site-content", { intent: "restore", section: "faq", revision: "2", versionId: history.data.versions[0].id }, cookie));
    expect(restored).toMatchObject({ status: 200, data: { ok: true, message: "FAQ: version restored as a draft" } });
    const missing = await call(page.action, postRequest("/admin/site-content", { intent: "restore", section: "faq", revision: "3", versionId: "gone" }, cookie));
    expect(missing.status).toBe(404);
    const starting = await call(page.action, postRequest("/admin/site-content", { intent: "restore", section: "faq", revision: "3", versionId: history.data.versions[1].id }, cookie));
    expect(starting).toMatchObject({ status: 200, data: { ok: true, message: "FAQ: version restored as a draft" } });
    expect((await getPreviewContent()).faq).toEqual(DEFAULT_SITE_CONTENT.faq);
    expect(missing.data).toMatchObject({ ok: false, message: "Failed to restore version", detail: "That version does not exist" });
  });
});
