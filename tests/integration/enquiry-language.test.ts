import { describe, expect, it } from "vitest";
import { getEnquiry, listEnquiries } from "~/.server/models/enquiries";
import { getLead } from "~/.server/models/leads";
import { getReplyTemplate, listReplyTemplates } from "~/.server/models/reply-templates";
import { sql } from "kysely";
import { db } from "~/.server/db";
import EnquiriesPage, { loader as enquiriesLoader } from "~/routes/admin/enquiries";
import { loader as exportLoader } from "~/routes/admin/enquiries-export";
import ReplyTemplatesPage, { action as templatesAction, loader as templatesLoader } from "~/routes/admin/reply-templates";
import { action as apiAction } from "~/routes/api/enquiries";
import { action as homeAction } from "~/routes/public/home";
import type { Lead, ReplyTemplate } from "~/lib/lead-records";
import { fillTemplate, templateForLanguage } from "~/validation/lead";
import { enquiryFields, formDataOf } from "../factories";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, decodeHtml, getRequest, ORIGIN, postRequest, renderPage } from "./admin-support";

useTestDatabase();

// The enquiry's language and the reply templates' Dhivehi version (docs/decisions/0077-dhivehi-design.md, Enquiries;
// docs/product.md#enquiries and #leads), through the real form handler, admin pages and export, on each engine.

let ipSeq = 0;
/** Posts the contact form as its script does (to /api/enquiries), with these fields and headers; answers the status. */
async function postForm(fields: Record<string, string>, headers: Record<string, string> = {}, url = `${ORIGIN}/api/enquiries`) {
  const request = new Request(url, {
    method: "POST",
    body: formDataOf(enquiryFields(fields)),
    headers: { "x-client-ip": `203.0.113.${++ipSeq}`, "user-agent": "vitest", ...headers },
  });
  // The API answers a Response; the page's action, data() with its status.
  const answer = (await (url.endsWith("/api/enquiries") ? apiAction : homeAction)({ request, params: {}, context: {} } as never)) as Response | { init: ResponseInit | null };
  return answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
}

/** The stored language of the one enquiry whose name is `name`. */
async function languageOf(name: string) {
  const [stored] = await listEnquiries({ q: name });
  expect(stored, `an enquiry from ${name}`).toBeDefined();
  return (await getEnquiry(stored.id))?.language;
}

describe("the enquiry's language", () => {
  it("is stored from the form's hidden field: dv is Dhivehi, anything else English, and never refused", async () => {
    expect(await postForm({ name: "Mariyam Dhivehi", language: "dv" })).toBe(200);
    expect(await postForm({ name: "Ahmed English", language: "en" })).toBe(200);
    expect(await postForm({ name: "Bogus Language", language: "fr<script>" })).toBe(200);
    expect(await postForm({ name: "Upper Language", language: "DV" })).toBe(200);
    expect(await languageOf("Mariyam Dhivehi")).toBe("dv");
    expect(await languageOf("Ahmed English")).toBe("en");
    expect(await languageOf("Bogus Language")).toBe("en");
    expect(await languageOf("Upper Language")).toBe("en");
    // The lead the admin opens says it too.
    const [dv] = await listEnquiries({ q: "Mariyam Dhivehi" });
    expect((await getLead(dv.id))?.language).toBe("dv");
  });

  it("without the field, comes from the address posted to or this site's page in the Referer; otherwise English", async () => {
    await postForm({ name: "Referer Dhivehi" }, { referer: `${ORIGIN}/dv/service/abc` });
    await postForm({ name: "Referer English" }, { referer: `${ORIGIN}/service/abc` });
    await postForm({ name: "Referer Elsewhere" }, { referer: "https://elsewhere.example/dv/" });
    await postForm({ name: "Referer Broken" }, { referer: "not a url" });
    await postForm({ name: "No Referer" });
    // A plain post (no JavaScript) from the Dhivehi home page goes to /dv itself.
    await postForm({ name: "Plain Dhivehi" }, {}, `${ORIGIN}/dv?index`);
    // The field wins over the page: an English form on a page under /dv is English.
    await postForm({ name: "Field Wins", language: "en" }, { referer: `${ORIGIN}/dv` });
    expect(await languageOf("Referer Dhivehi")).toBe("dv");
    expect(await languageOf("Referer English")).toBe("en");
    expect(await languageOf("Referer Elsewhere")).toBe("en");
    expect(await languageOf("Referer Broken")).toBe("en");
    expect(await languageOf("No Referer")).toBe("en");
    expect(await languageOf("Plain Dhivehi")).toBe("dv");
    expect(await languageOf("Field Wins")).toBe("en");
  });

  it("keeps a Dhivehi page as the page the form was sent from", async () => {
    await postForm({ name: "Source Dhivehi", language: "dv", source_page: "/dv/service/villa-1" });
    await postForm({ name: "Source Odd", language: "dv", source_page: "/dv/../admin" });
    const [kept] = await listEnquiries({ q: "Source Dhivehi" });
    const [odd] = await listEnquiries({ q: "Source Odd" });
    expect(kept.source_page).toBe("/dv/service/villa-1");
    expect(odd.source_page).toBe("/");
  });

  it("shows on the lead, filters the list and is a column of the CSV", async () => {
    const { cookie } = await adminSession();
    await postForm({ name: "Fathimath Lang", language: "dv" });
    await postForm({ name: "Hassan Lang", language: "en" });
    const [dv] = await listEnquiries({ q: "Fathimath Lang" });

    const page = await call<{ selected: Lead }>(enquiriesLoader, getRequest(`/admin/enquiries?id=${dv.id}`, cookie));
    expect(page.data.selected.language).toBe("dv");
    const html = decodeHtml(renderPage(EnquiriesPage as never, `/admin/enquiries?id=${dv.id}`, page.data));
    expect(html).toMatch(/<span lang="dv" dir="rtl" class="font-thaana text-sm leading-none">ދިވެހި<\/span><span>Dhivehi<\/span>/);
    expect(html).toContain('<dt class="text-muted-foreground">Language</dt>');

    const only = async (language: string) =>
      (await call<{ enquiries: Array<{ name: string }>; counts: Record<string, number> }>(enquiriesLoader, getRequest(`/admin/enquiries?q=lang&language=${language}`, cookie)))
        .data;
    expect((await only("dv")).enquiries.map((e) => e.name)).toEqual(["Fathimath Lang"]);
    expect((await only("en")).enquiries.map((e) => e.name)).toEqual(["Hassan Lang"]);
    // An unknown language is no filter.
    expect((await only("xx")).enquiries.map((e) => e.name).sort()).toEqual(["Fathimath Lang", "Hassan Lang"]);
    // The folders count the language shown.
    const counts = (await call<{ counts: Record<string, number> }>(enquiriesLoader, getRequest("/admin/enquiries?language=dv", cookie))).data.counts;
    expect(counts.new + counts.read).toBe(1);

    const csv = async (query: string) => {
      const response = await exportLoader({ request: getRequest(`/admin/enquiries/export.csv?${query}`, cookie), params: {}, context: {} } as never);
      const [header, ...rows] = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n").map((line) => line.split(","));
      return { header, rows, file: response.headers.get("content-disposition") };
    };
    const all = await csv("q=lang");
    const column = (row: string[], name: string) => row[all.header.indexOf(name)];
    expect(all.header.slice(all.header.indexOf("Project details"), all.header.indexOf("Page") + 1)).toEqual(["Project details", "Language", "Page"]);
    expect(Object.fromEntries(all.rows.map((row) => [column(row, "Name"), column(row, "Language")]))).toEqual({ "Fathimath Lang": "dv", "Hassan Lang": "en" });
    const dvOnly = await csv("q=lang&language=dv");
    expect(dvOnly.rows.map((row) => column(row, "Name"))).toEqual(["Fathimath Lang"]);
    expect(dvOnly.file).toMatch(/enquiries-inbox-dv-\d{4}-\d{2}-\d{2}\.csv/);
  });

  it("of an enquiry stored without one (every enquiry before migration 0024) is English", async () => {
    // A row written as the code before the column did: the column's default fills it.
    await sql`insert into enquiries (id, name, email, subject, message) values ('older-row', 'Before Column', 'old@example.mv', 'Villa', 'Older')`.execute(db());
    expect((await getEnquiry("older-row"))?.language).toBe("en");
    expect((await getLead("older-row"))?.language).toBe("en");
  });
});

describe("a reply template's Dhivehi version", () => {
  // With CRLF line ends, as a browser posts a textarea (and the server stores them).
  const dhivehiBody = "{name} އަށް،\r\n\r\nއެންގުމަށް ޝުކުރިއްޔާ.\r\n\r\n{company}";

  it("is saved, changed and cleared with the template; a Dhivehi subject alone or on two lines is refused", async () => {
    const { cookie } = await adminSession();
    const post = (fields: Record<string, string>) => call(templatesAction, postRequest("/admin/enquiries/templates", fields, cookie));
    const created = await post({ intent: "create-template", name: "Thanks DV", subject: "Thanks", body: "Dear {name}", subject_dv: "ޝުކުރިއްޔާ", body_dv: dhivehiBody });
    expect(created).toMatchObject({ status: 200, data: { ok: true, message: "Template created" } });
    const id = (created.data as { id: string }).id;
    expect(await getReplyTemplate(id)).toMatchObject({ subject_dv: "ޝުކުރިއްޔާ", body_dv: dhivehiBody });

    const alone = await post({ intent: "update-template", id, name: "Thanks DV", subject: "Thanks", body: "Dear {name}", subject_dv: "ޝުކުރިއްޔާ", body_dv: " " });
    expect(alone.status).toBe(400);
    expect(alone.data).toMatchObject({ ok: false, fieldErrors: { body_dv: "Please write the Dhivehi message, or clear the Dhivehi subject" } });
    const twoLines = await post({ intent: "update-template", id, name: "Thanks DV", subject: "Thanks", body: "Dear {name}", subject_dv: "a\nb", body_dv: "x" });
    expect(twoLines.data).toMatchObject({ ok: false, fieldErrors: { subject_dv: "Dhivehi subject must be one line" } });
    expect(await getReplyTemplate(id)).toMatchObject({ subject_dv: "ޝުކުރިއްޔާ", body_dv: dhivehiBody });

    // The page shows the Dhivehi version in its right-to-left, Thaana field, and Delete outside the template's form.
    const page = await call<{ templates: ReplyTemplate[] }>(templatesLoader, getRequest("/admin/enquiries/templates", cookie));
    const html = decodeHtml(renderPage(ReplyTemplatesPage as never, "/admin/enquiries/templates", page.data));
    const dhivehiAreas = html.match(/<textarea[^>]*name="body_dv"[^>]*>/g) ?? [];
    expect(dhivehiAreas).toHaveLength(page.data.templates.length + 1);
    for (const tag of dhivehiAreas) for (const attribute of ['dir="rtl"', 'lang="dv"', "font-thaana"]) expect(tag).toContain(attribute);
    const form = html.match(/<form[^>]*aria-label="Template Thanks DV"[\s\S]*?<\/form>/)?.[0] ?? "";
    expect(form).toContain('name="body_dv"');
    expect(form).not.toContain("Delete");
    expect(html).toContain('aria-label="Delete template Thanks DV"');

    expect((await post({ intent: "update-template", id, name: "Thanks DV", subject: "Thanks", body: "Dear {name}", subject_dv: "", body_dv: "" })).status).toBe(200);
    expect(await getReplyTemplate(id)).toMatchObject({ subject_dv: null, body_dv: null });
  });

  it("is what a Dhivehi lead's reply starts from; an English lead, or a template without one, gets the English", async () => {
    const { cookie } = await adminSession();
    await call(templatesAction, postRequest("/admin/enquiries/templates", { intent: "create-template", name: "Both", subject: "Re: {project_type}", body: "Dear {name}", body_dv: dhivehiBody }, cookie));
    await call(templatesAction, postRequest("/admin/enquiries/templates", { intent: "create-template", name: "English only", subject: "Hello", body: "Hello {name}" }, cookie));
    await postForm({ name: "Aminath Reply", language: "dv" });
    const [dv] = await listEnquiries({ q: "Aminath Reply" });
    const page = await call<{ selected: Lead; templates: ReplyTemplate[] }>(enquiriesLoader, getRequest(`/admin/enquiries?id=${dv.id}`, cookie));
    const { selected, templates } = page.data;
    const both = templates.find((t) => t.name === "Both")!;
    const englishOnly = templates.find((t) => t.name === "English only")!;
    const picked = templateForLanguage(both, selected.language);
    expect(picked).toEqual({ subject: "Re: {project_type}", body: dhivehiBody, language: "dv" });
    expect(fillTemplate(picked.body, { name: selected.name, project_type: selected.subject, company: "Atoll" })).toBe(
      "Aminath Reply އަށް،\r\n\r\nއެންގުމަށް ޝުކުރިއްޔާ.\r\n\r\nAtoll",
    );
    expect(templateForLanguage(englishOnly, selected.language)).toMatchObject({ body: "Hello {name}", language: "en" });
    expect(templateForLanguage(both, "en")).toMatchObject({ body: "Dear {name}", language: "en" });
    // The starting templates have no Dhivehi version yet.
    expect((await listReplyTemplates()).filter((t) => t.id.startsWith("tpl-")).every((t) => t.body_dv === null)).toBe(true);
  });
});
