import { describe, expect, it } from "vitest";
import { countProjects, createProject, getProject } from "~/.server/models/projects";
import { createService, getService } from "~/.server/models/services";
import { listSectionStates } from "~/.server/models/site-content";
import * as adminProjects from "~/routes/admin/projects";
import * as adminServices from "~/routes/admin/services";
import * as adminSiteContent from "~/routes/admin/site-content";
import * as projectPage from "~/routes/public/project";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { LINK_REFUSED, LIST_TOO_DEEP } from "~/validation/formatted-text";
import { projectInput, serviceInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, getRequest, postRequest, renderPage } from "./admin-support";

useTestDatabase();

// Formatted text end to end (docs/decisions/0084-formatted-text-as-a-markdown-subset.md): typed in the admin, checked by
// the shared schema, stored as typed, rendered by the public page on the server; hostile text refused or neutralised.

const DESCRIPTION = [
  "We **rebuilt** the jetty in *three* phases:",
  "",
  "- piling",
  "- decking",
  "",
  "### Partners",
  "",
  "See [the engineer](https://engineer.example/jetty) or <script>alert('x')</script> <img src=x onerror=alert(1)>.",
].join("\n");

async function publicProjectHtml(id: string) {
  const answer = await call(projectPage.loader, getRequest(`/project/${id}`), { id });
  expect(answer.status).toBe(200);
  const data = answer.data as { seo: Array<Record<string, unknown>> };
  return { html: renderPage(projectPage.default as never, `/project/${id}`, answer.data), seo: data.seo };
}

describe("formatted text in a project description", () => {
  it("is stored as typed and shown as a list, a link and a subheading, with HTML shown as text and plain words in the meta", async () => {
    const { cookie } = await adminSession();
    const created = await call(adminProjects.action, postRequest("/admin/projects", { intent: "create", title: "Jetty", description: DESCRIPTION, is_public: "true" }, cookie));
    expect(created.data).toMatchObject({ ok: true });
    const id = created.data.id as string;
    // As a browser posts a textarea: its line breaks as CRLF, kept as sent.
    expect((await getProject(id))?.description).toBe(DESCRIPTION.replace(/\n/g, "\r\n"));

    const { html, seo } = await publicProjectHtml(id);
    expect(html).toContain('<ul><li dir="auto">piling</li><li dir="auto">decking</li></ul>');
    expect(html).toContain('<h3 dir="auto">Partners</h3>');
    expect(html).toContain("We <strong>rebuilt</strong> the jetty in <em>three</em> phases:");
    expect(html).toContain('<a href="https://engineer.example/jetty" target="_blank" rel="noopener noreferrer">the engineer</a>');
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toMatch(/<script>alert|<img src=x/);

    const description = seo.find((tag) => tag.name === "description")?.content as string;
    expect(description).toMatch(/^We rebuilt the jetty in three phases: piling decking Partners See the engineer or <script>/);
    expect(description).not.toMatch(/\*\*|\]\(|###/);
    const jsonLd = seo.find((tag) => "script:ld+json" in tag)?.["script:ld+json"] as { description?: string } | undefined;
    expect(jsonLd?.description).toMatch(/^We rebuilt the jetty in three phases:\n\npiling/);
  });

  it("refuses a javascript: link or lists nested too deep with the field's error, and stores nothing", async () => {
    const { cookie } = await adminSession();
    const before = await countProjects();
    for (const [field, text, message] of [
      ["description", "[click](javascript:alert(document.cookie))", `Description: ${LINK_REFUSED}`],
      ["challenges", "[click]( JaVaScRiPt:alert(1) )", `Challenges: ${LINK_REFUSED}`],
      ["solutions", "[x](data:text/html;base64,PHNjcmlwdD4=)", `Solutions: ${LINK_REFUSED}`],
      ["description", `${"- ".repeat(2000)}deep`, `Description: ${LIST_TOO_DEEP}`],
    ] as const) {
      const answer = await call(adminProjects.action, postRequest("/admin/projects", { intent: "create", title: "Bad", [field]: text, is_public: "true" }, cookie));
      expect(answer.status, text.slice(0, 30)).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
    }
    expect(await countProjects()).toEqual(before);

    const service = await createService(serviceInput({ title: "Pools", overview: "Plain overview" }), null);
    const edit = await call(
      adminServices.action,
      postRequest("/admin/services", { intent: "update", id: service.id, title: "Pools", overview: "- a\n  - b\n    - c\n      - d", is_active: "true" }, cookie),
    );
    expect(edit.data).toMatchObject({ ok: false, fieldErrors: { overview: `Overview: ${LIST_TOO_DEEP}` } });
    expect((await getService(service.id))?.overview).toBe("Plain overview");
  });

  it("neutralises hostile text already stored: no script link, no unbounded nesting, no failure", async () => {
    // Rows written before these checks (or by the import) skip the schema: the renderer is the last guard.
    const project = await createProject(
      { ...projectInput({ title: "Old", is_public: "true" }), description: `[x](javascript:alert(1))\n\n${"- ".repeat(3000)}deep\n\n${"*a".repeat(5000)}` },
      null,
    );
    const { html } = await publicProjectHtml(project.id);
    expect(html).toContain("[x](javascript:alert(1))");
    expect(html).not.toMatch(/href="javascript/i);
    expect(html.match(/<ul>/g)?.length ?? 0).toBeLessThanOrEqual(20);
  });
});

describe("formatted text in the site content", () => {
  it("takes a list in an About paragraph and refuses a javascript: link in an FAQ answer", async () => {
    const { cookie } = await adminSession();
    const about = { ...DEFAULT_SITE_CONTENT.about, paragraphs: ["What we build:\n\n- villas\n- [jetties](https://example.mv/jetties)"] };
    const saved = await call(adminSiteContent.action, postRequest("/admin/site-content", { intent: "save", section: "about", revision: "0", content: JSON.stringify(about) }, cookie));
    expect(saved.data).toMatchObject({ ok: true });
    expect((await listSectionStates()).find((s) => s.section === "about")?.content).toMatchObject({ paragraphs: about.paragraphs });

    const faq = { ...DEFAULT_SITE_CONTENT.faq, items: [{ question: "Q?", answer: "[x](javascript:alert(1))" }] };
    const refused = await call(adminSiteContent.action, postRequest("/admin/site-content", { intent: "save", section: "faq", revision: "0", content: JSON.stringify(faq) }, cookie));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, fieldErrors: { "items.0.answer": `Answer: ${LINK_REFUSED}` } });
    expect((await listSectionStates()).find((s) => s.section === "faq")?.hasDraft).toBe(false);
  });
});
