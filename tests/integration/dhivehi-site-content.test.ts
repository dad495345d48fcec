import { describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { createContactDetail, listContactDetails } from "~/.server/models/contact-details";
import { createSchedule, runDueSchedules } from "~/.server/models/content-schedules";
import { getPreviewContent, getPublishedContent, listSectionStates, listVersions, publishSections, saveDraft } from "~/.server/models/site-content";
import { DEFAULT_SITE_CONTENT, STARTING_SITE_CONTENT } from "~/content/default-site-content";
import { localizeSiteContent } from "~/i18n/site-content";
import * as contactPage from "~/routes/admin/contact-details";
import * as home from "~/routes/public/home";
import * as page from "~/routes/admin/site-content";
import type { FaqContent } from "~/validation/site-content";
import { needsDhivehi, sectionProgress } from "~/validation/site-content-translations";
import { adminSession, call, getRequest, postRequest } from "./admin-support";
import { useTestDatabase } from "../setup/database";

// Site content and contact details in English and Dhivehi (docs/decisions/0092-site-content-in-two-languages.md): both
// languages travel together through drafts, publish, versions and restore; a Dhivehi page shows each Dhivehi value or
// the English one, named as a fallback; hostile Dhivehi values are refused with a field error and change nothing.

useTestDatabase();

const HEADING = { eyebrow: "FAQ", title: "Questions", intro: "Answers." };
/** An FAQ with one question in both languages, and a second in English only. */
const faq = (dvQuestion: string): FaqContent => ({
  ...HEADING,
  dv: { title: "ސުވާލުތައް" },
  items: [
    { question: "Do you build pools?", answer: "Yes, **tiled** ones.", dv: { question: dvQuestion, answer: "އާދެ، **ޓައިލް** ޖަހައިގެން." } },
    { question: "English only?", answer: "Not translated yet." },
  ],
});

type HomeData = {
  content: { faq: FaqContent; hero: { title: string; stats: Array<{ label: string }> } };
  fallback: Record<string, string[]>;
  chrome: { company: { name: string }; footer: { description: string }; fallback: { company: string[]; footer: string[] }; contactDetails: Array<{ type: string; label: string | null; value: string; fallback?: string[] }> };
};
const renderHome = (path: string, cookie?: string) => call<HomeData>(home.loader, getRequest(path, cookie));

async function save(cookie: string, section: string, revision: number, content: unknown) {
  return call<{ ok: boolean; fieldErrors?: Record<string, string> }>(page.action, postRequest("/admin/site-content", { intent: "save", section, revision: String(revision), content: JSON.stringify(content) }, cookie));
}

describe("site content in two languages", () => {
  it("a new site starts in both languages, every text translated", async () => {
    const dv = localizeSiteContent(STARTING_SITE_CONTENT, "dv");
    expect(Object.values(dv.fallback).flat()).toEqual([]);
    expect(dv.content.about.title).toBe("އެޓޯލް ކޮންސްޓްރަކްޝަން އެންޑް ސަރވިސަސް ގެ ވާހަކަ");
    for (const state of await listSectionStates()) expect(needsDhivehi(state.section, state.content as never), state.section).toBe(false);
    const answer = await renderHome("/dv");
    expect(answer.data.content.hero.title).toBe(DEFAULT_SITE_CONTENT.hero.dv?.title);
    expect(answer.data.content.hero.stats.map((s) => s.label)).toEqual(DEFAULT_SITE_CONTENT.hero.stats.map((s) => s.dv?.label));
    expect(answer.data.chrome.company.name).toBe(DEFAULT_SITE_CONTENT.company.dv?.name);
    // The English page is as it was: no Dhivehi in it, nothing named as a fallback.
    const english = await renderHome("/");
    expect(english.data.content.hero.title).toBe(DEFAULT_SITE_CONTENT.hero.title);
    expect(JSON.stringify(english.data.content)).not.toMatch(/[\u0780-\u07BF]/);
    expect(Object.values(english.data.fallback).flat()).toEqual([]);
  });

  it("saves both languages as one draft, previews /dv for the editor only, publishes, versions and restores them together", async () => {
    const { cookie } = await adminSession();
    expect((await save(cookie, "faq", 0, faq("ފެންގަނޑު ހަދައިދެއްވަންތޯ؟"))).data.ok).toBe(true);

    // Visitors of /dv keep the published Dhivehi; the editor's /dv?preview=1 shows the draft's.
    const visitor = await renderHome("/dv?preview=1");
    expect(visitor.data.content.faq.items[0].question).toBe(DEFAULT_SITE_CONTENT.faq.items[0].dv?.question);
    const preview = await renderHome("/dv?preview=1", cookie);
    expect(preview.data.content.faq.items[0].question).toBe("ފެންގަނޑު ހަދައިދެއްވަންތޯ؟");
    expect(preview.data.content.faq.title).toBe("ސުވާލުތައް");
    // The question without Dhivehi is shown in English, named so the page marks it lang="en".
    expect(preview.data.content.faq.items[1].question).toBe("English only?");
    expect(preview.data.fallback.faq).toEqual(["eyebrow", "intro", "items.1.question", "items.1.answer"]);
    // The page gets one language: no `dv` objects.
    expect(JSON.stringify(preview.data.content.faq)).not.toContain('"dv"');
    expect((await renderHome("/?preview=1", cookie)).data.content.faq.items[0].question).toBe("Do you build pools?");

    // Publish (publish-all, as the bar above the sections does it): both languages go live together.
    const revision = (await listSectionStates()).find((s) => s.section === "faq")!.revision;
    expect(await publishSections([{ section: "faq", revision }], (await db().selectFrom("user").select("id").executeTakeFirstOrThrow()).id)).toEqual({ ok: true });
    expect((await getPublishedContent()).faq.items[0].dv?.question).toBe("ފެންގަނޑު ހަދައިދެއްވަންތޯ؟");
    expect((await renderHome("/dv")).data.content.faq.items[0].question).toBe("ފެންގަނޑު ހަދައިދެއްވަންތޯ؟");
    expect((await renderHome("/")).data.content.faq.items[0].question).toBe("Do you build pools?");

    // A second version changes the Dhivehi only; restoring the first brings its Dhivehi back with its English.
    expect((await save(cookie, "faq", revision + 1, faq("ފެންގަނޑު؟"))).data.ok).toBe(true);
    const published = await call(page.action, postRequest("/admin/site-content", { intent: "publish", section: "faq", revision: String(revision + 2) }, cookie));
    expect(published.status).toBe(200);
    const versions = await listVersions("faq");
    expect(versions.map((v) => v.content.items[0]?.dv?.question)).toEqual(["ފެންގަނޑު؟", "ފެންގަނޑު ހަދައިދެއްވަންތޯ؟", DEFAULT_SITE_CONTENT.faq.items[0].dv?.question]);
    const restored = await call(page.action, postRequest("/admin/site-content", { intent: "restore", section: "faq", revision: String(revision + 3), versionId: versions[1].id }, cookie));
    expect(restored.status).toBe(200);
    const draft = (await getPreviewContent()).faq;
    expect(draft.items[0]).toEqual(faq("ފެންގަނޑު ހަދައިދެއްވަންތޯ؟").items[0]);
    expect(draft.dv).toEqual({ title: "ސުވާލުތައް" });
    // Restoring the starting content brings back its Dhivehi too.
    const starting = await call(page.action, postRequest("/admin/site-content", { intent: "restore", section: "faq", revision: String(revision + 4), versionId: versions[2].id }, cookie));
    expect(starting.status).toBe(200);
    expect((await getPreviewContent()).faq).toEqual(DEFAULT_SITE_CONTENT.faq);
  });

  it("a scheduled publish puts both languages live together", async () => {
    const { admin } = await adminSession();
    expect(await saveDraft("faq", faq("ޝެޑިއުލް؟"), 0, admin.id)).toEqual({ ok: true, revision: 1 });
    await createSchedule("faq", new Date(Date.now() + 120_000).toISOString(), admin.id);
    expect((await renderHome("/dv")).data.content.faq.items[0].question).toBe(DEFAULT_SITE_CONTENT.faq.items[0].dv?.question);
    const runs = await runDueSchedules(new Date(Date.now() + 180_000).toISOString());
    expect(runs.map((r) => r.published)).toEqual([["faq"]]);
    expect((await renderHome("/dv")).data.content.faq.items[0].question).toBe("ޝެޑިއުލް؟");
    expect((await renderHome("/")).data.content.faq.items[0].question).toBe("Do you build pools?");
  });

  it("counts the texts that need Dhivehi, and shows the English of a missing one, marked, in the chrome too", async () => {
    const { cookie } = await adminSession();
    const english = faq("ސުވާލު؟");
    expect(sectionProgress("faq", english)).toEqual({ translated: 3, total: 7 });
    expect(needsDhivehi("faq", english)).toBe(true);
    // Lists of strings count as one text each; an empty Dhivehi value counts as missing.
    const about = { ...DEFAULT_SITE_CONTENT.about, dv: { ...DEFAULT_SITE_CONTENT.about.dv, paragraphs: undefined, lead: "" } };
    const full = sectionProgress("about", DEFAULT_SITE_CONTENT.about);
    expect(sectionProgress("about", about)).toEqual({ translated: full.translated - 2, total: full.total });

    // The Footer without its Dhivehi text, and a company without a Dhivehi name: every page's chrome shows them in English.
    const footer = { ...DEFAULT_SITE_CONTENT.footer, dv: {} };
    expect((await save(cookie, "footer", 0, footer)).data.ok).toBe(true);
    expect((await save(cookie, "company", 0, { ...DEFAULT_SITE_CONTENT.company, dv: { description: "ތަފްޞީލު" } })).data.ok).toBe(true);
    for (const section of ["footer", "company"]) {
      const published = await call(page.action, postRequest("/admin/site-content", { intent: "publish", section, revision: "1" }, cookie));
      expect(published.status).toBe(200);
    }
    const dv = await renderHome("/dv");
    expect(dv.data.chrome.footer.description).toBe("Atoll Construction & Services designs, builds, renovates and maintains homes, resorts and public works across the Maldives.");
    expect(dv.data.chrome.fallback).toEqual({ company: ["name"], footer: ["description"] });
    expect(dv.data.chrome.company.name).toBe("Atoll Construction & Services");
    // {company} in a Dhivehi text says the English name when there is no Dhivehi one, after a right-to-left mark so
    // that the text, which begins with it, still reads right to left.
    expect((dv.data.content as unknown as { about: { title: string } }).about.title).toBe("\u200FAtoll Construction & Services ގެ ވާހަކަ");
    expect((await renderHome("/dv")).data.chrome.fallback.footer).toEqual(["description"]);
    expect((await renderHome("/")).data.chrome.fallback).toEqual({ company: [], footer: [] });

    const loaded = await call<{ states: Array<{ section: string; content: unknown }> }>(page.loader, getRequest("/admin/site-content?section=footer", cookie));
    const needing = loaded.data.states.filter((s) => needsDhivehi(s.section as never, s.content as never)).map((s) => s.section);
    expect(needing).toEqual(["footer", "company"]);
  });

  it("refuses hostile Dhivehi values with a field error and changes nothing", async () => {
    const { cookie } = await adminSession();
    const base = DEFAULT_SITE_CONTENT.faq;
    const withItem = (dv: unknown) => ({ ...base, items: [{ ...base.items[0], dv }] });
    for (const [content, key, message] of [
      [{ ...base, dv: { title: "ދ".repeat(161) } }, "dv.title", "Dhivehi section heading must be at most 160 characters"],
      [{ ...base, dv: { title: { $gt: "" } } }, "dv.title", "Dhivehi section heading must be text"],
      [{ ...base, dv: "ދިވެހި" }, "dv", "The Dhivehi values must be an object"],
      [withItem({ answer: "[ލިންކު](javascript:alert(1))" }), "items.0.dv.answer", undefined],
      [withItem({ answer: "ދ".repeat(2001) }), "items.0.dv.answer", "Dhivehi answer must be at most 2000 characters"],
      [{ ...DEFAULT_SITE_CONTENT.about, dv: { paragraphs: ["ދ".repeat(2001)] } }, "dv.paragraphs.0", "Dhivehi paragraph must be at most 2000 characters"],
      [{ ...DEFAULT_SITE_CONTENT.about, dv: { paragraphs: "ދ" } }, "dv.paragraphs", "Dhivehi paragraphs must be a list"],
    ] as const) {
      const section = "paragraphs" in content ? "about" : "faq";
      const answer = await save(cookie, section, 0, content);
      expect(answer.status, key).toBe(400);
      expect(Object.keys(answer.data.fieldErrors ?? {}), key).toContain(key);
      if (message) expect(answer.data.fieldErrors?.[key], key).toBe(message);
    }
    expect(await db().selectFrom("site_content").selectAll().execute()).toEqual([]);

    // Control and direction-override characters are stripped; an unknown key inside `dv` is dropped.
    const clean = await save(cookie, "faq", 0, { ...base, dv: { title: "\u202Eސުވާލު\u0007", script: "<script>" } });
    expect(clean.status).toBe(200);
    expect((await getPreviewContent()).faq.dv).toEqual({ title: "ސުވާލު" });
  });
});

describe("contact details in two languages", () => {
  it("stores the Dhivehi label and hours, shows them on /dv or the English marked, and refuses a too-long one", async () => {
    const { cookie } = await adminSession();
    const form = { type: "hours", label: "Office hours", value: "Sun - Thu: 8 - 5", is_public: "on", is_primary: "on", label_dv: "ގަޑި", value_dv: "އާދިއްތަ - ބުރާސްފަތި: 8 - 5" };
    const created = await call(contactPage.action, postRequest("/admin/contact-details", { intent: "create", ...form }, cookie));
    expect(created.status).toBe(200);
    const phone = await call(contactPage.action, postRequest("/admin/contact-details", { intent: "create", type: "phone", label: "Office", value: "+960 330 1234", is_public: "on", label_dv: "", value_dv: "ނަންބަރު" }, cookie));
    expect(phone.status).toBe(200);
    const stored = await listContactDetails();
    expect(stored.map((d) => [d.type, d.label_dv, d.value_dv])).toEqual([
      ["hours", "ގަޑި", "އާދިއްތަ - ބުރާސްފަތި: 8 - 5"],
      // A phone number is the same in both languages: its Dhivehi value is not kept.
      ["phone", null, null],
    ]);

    const dv = (await renderHome("/dv")).data.chrome.contactDetails;
    expect(dv).toEqual([
      { type: "hours", label: "ގަޑި", value: "އާދިއްތަ - ބުރާސްފަތި: 8 - 5", icon: null, is_primary: true },
      { type: "phone", label: "Office", value: "+960 330 1234", icon: null, is_primary: false, fallback: ["label"] },
    ]);
    const en = (await renderHome("/")).data.chrome.contactDetails;
    expect(en.map((d) => [d.label, d.value, d.fallback])).toEqual([
      ["Office hours", "Sun - Thu: 8 - 5", undefined],
      ["Office", "+960 330 1234", undefined],
    ]);

    const tooLong = await call<{ fieldErrors?: Record<string, string> }>(contactPage.action, postRequest("/admin/contact-details", { intent: "create", ...form, value_dv: "ދ".repeat(501) }, cookie));
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.fieldErrors).toEqual({ value_dv: "Dhivehi text must be at most 500 characters" });
    expect(await listContactDetails()).toHaveLength(2);
    // The model takes them as the form gives them.
    const direct = await createContactDetail({ type: "address", label: null, value: "Male", icon: null, is_primary: false, is_public: true, display_order: null, label_dv: null, value_dv: "މާލެ" });
    expect(direct.value_dv).toBe("މާލެ");
  });
});
