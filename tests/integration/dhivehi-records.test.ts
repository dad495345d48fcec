import { describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { createProject, getProject } from "~/.server/models/projects";
import { createService, getService } from "~/.server/models/services";
import { listVersions } from "~/.server/models/versions";
import { action as historyAction } from "~/routes/admin/history";
import { action as projectsAction, loader as projectsLoader } from "~/routes/admin/projects";
import { action as servicesAction, loader as servicesLoader } from "~/routes/admin/services";
import { action as trashAction } from "~/routes/admin/trash";
import { loader as homeLoader } from "~/routes/public/home";
import { loader as projectPage } from "~/routes/public/project";
import { loader as portfolioLoader } from "~/routes/public/projects";
import { loader as servicePage } from "~/routes/public/service";
import { loader as sitemapLoader } from "~/routes/public/sitemap";
import { projectInput, serviceInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, getRequest, postRequest } from "./admin-support";

// Services, projects and categories in Dhivehi beside English (docs/decisions/0077-dhivehi-design.md): both languages
// saved, versioned and restored together; public reads in Dhivehi with the English fallback named; bad Dhivehi
// refused like bad English; the admin lists' "Needs Dhivehi" filter.

useTestDatabase();

const SERVICES = "/admin/services";
const PROJECTS = "/admin/projects";
const TITLE_DV = "ގޭބިސީ ބިނާކުރުން";
const DESCRIPTION_DV = "ފުރިހަމަ **ގެއެއް** ބިނާކޮށްދެމެވެ.";

interface ServicePageData {
  service: Record<string, unknown>;
  fallback: string[];
  hasDhivehi: boolean;
  seo: Array<Record<string, unknown>>;
}

async function createBilingualService(cookie: string) {
  const created = await call(
    servicesAction,
    postRequest(
      SERVICES,
      {
        intent: "create",
        title: "Home Building",
        short_description: "Homes",
        description: "We build **homes**.",
        overview: "Start to finish.",
        features: "Permits, Reports",
        category: "Construction",
        is_active: "true",
        "dv.title": TITLE_DV,
        "dv.description": DESCRIPTION_DV,
        "dv.features": "ހުއްދަ، ރިޕޯޓް",
      },
      cookie,
    ),
  );
  expect(created.data).toMatchObject({ ok: true });
  return created.data.id as string;
}

describe("a service in two languages", () => {
  it("saves both languages, keeps them in each version, and restores them from History and from the Trash", async () => {
    const { cookie } = await adminSession();
    const id = await createBilingualService(cookie);
    expect((await getService(id))?.dv).toEqual({ title: TITLE_DV, description: DESCRIPTION_DV, features: ["ހުއްދަ", "ރިޕޯޓް"] });

    // An edit that changes the Dhivehi title and drops the Dhivehi description.
    const edited = await call(servicesAction, postRequest(SERVICES, { intent: "update", id, title: "Home Building", is_active: "true", "dv.title": "އާ ނަން", "dv.description": "" }, cookie));
    expect(edited.data).toMatchObject({ ok: true });
    expect((await getService(id))?.dv).toEqual({ title: "އާ ނަން" });

    const [latest, first] = await listVersions("service", id);
    const snapshot = async (versionId: string) =>
      JSON.parse((await db().selectFrom("service_versions").select("snapshot").where("id", "=", versionId).executeTakeFirstOrThrow()).snapshot);
    expect((await snapshot(first.id)).dv).toMatchObject({ title: TITLE_DV, description: DESCRIPTION_DV });
    expect((await snapshot(latest.id)).dv).toEqual({ title: "އާ ނަން" });

    // Restore from History: the first version's English and Dhivehi come back together.
    const restored = await call(historyAction, postRequest(`${SERVICES}/${id}/history`, { intent: "restore-version", version_id: first.id }, cookie), { id });
    expect(restored.data).toMatchObject({ ok: true });
    expect(await getService(id)).toMatchObject({ description: "We build **homes**.", dv: { title: TITLE_DV, description: DESCRIPTION_DV, features: ["ހުއްދަ", "ރިޕޯޓް"] } });

    // The Trash keeps the whole row: out of it, both languages are there.
    await call(servicesAction, postRequest(SERVICES, { intent: "delete", id }, cookie));
    expect(await getService(id)).toBeNull();
    const back = await call(trashAction, postRequest("/admin/trash", { intent: "restore", kind: "service", id }, cookie));
    expect(back.data).toMatchObject({ ok: true });
    expect((await getService(id))?.dv).toMatchObject({ title: TITLE_DV, description: DESCRIPTION_DV });
  });

  it("shows a Dhivehi page in Dhivehi, names the fields that fell back to English, and leaves the English page as it was", async () => {
    const { cookie } = await adminSession();
    const id = await createBilingualService(cookie);

    const dv = await call<ServicePageData>(servicePage, getRequest(`/dv/service/${id}`), { id });
    expect(dv.data.service).toMatchObject({ title: TITLE_DV, description: DESCRIPTION_DV, features: ["ހުއްދަ", "ރިޕޯޓް"], short_description: "Homes", overview: "Start to finish." });
    expect(dv.data.service).not.toHaveProperty("dv");
    expect([...dv.data.fallback].sort()).toEqual(["category", "overview", "short_description"]);
    expect(dv.data.hasDhivehi).toBe(true);
    // The page's title and JSON-LD are in Dhivehi.
    expect(dv.data.seo).toContainEqual(expect.objectContaining({ title: expect.stringContaining(TITLE_DV) }));
    expect(JSON.stringify(dv.data.seo)).toContain(TITLE_DV);

    const en = await call<ServicePageData>(servicePage, getRequest(`/service/${id}`), { id });
    expect(en.data.service).toMatchObject({ title: "Home Building", description: "We build **homes**.", features: ["Permits", "Reports"] });
    expect(en.data.fallback).toEqual([]);
    expect(JSON.stringify(en.data.seo)).not.toContain(TITLE_DV);

    // The home page's cards: the Dhivehi title, the English short description named as a fallback.
    const home = await call<{ services: { items: Array<Record<string, unknown>> } }>(homeLoader, getRequest("/dv"));
    const card = home.data.services.items.find((s) => s.id === id);
    expect(card).toMatchObject({ title: TITLE_DV, short_description: "Homes", fallback: expect.arrayContaining(["short_description"]) });
    const enHome = await call<{ services: { items: Array<Record<string, unknown>> } }>(homeLoader, getRequest("/"));
    expect(enHome.data.services.items.find((s) => s.id === id)).not.toHaveProperty("fallback");
  });

  it("refuses a hostile or over-long Dhivehi value with a field error and changes nothing", async () => {
    const { cookie } = await adminSession();
    const id = await createBilingualService(cookie);
    const before = await getService(id);
    const base = { intent: "update", id, title: "Home Building", is_active: "true" };
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ "dv.description": "ބަލާ [މިތަން](javascript:alert(1))" }, "dv.description", /Links must start with/],
      [{ "dv.overview": "[x](data:text/html;base64,PHNjcmlwdD4=)" }, "dv.overview", /Links must start with/],
      [{ "dv.title": "ބ".repeat(201) }, "dv.title", /at most 200 characters/],
      [{ "dv.features": "x".repeat(301) }, "dv.features", /at most 300 characters/],
    ];
    for (const [fields, field, message] of cases) {
      const refused = await call<{ ok: boolean; fieldErrors: Record<string, string> }>(servicesAction, postRequest(SERVICES, { ...base, ...fields }, cookie));
      expect(refused.status).toBe(400);
      expect(refused.data.fieldErrors[field]).toMatch(message);
    }
    expect(await getService(id)).toEqual(before);
    expect(await listVersions("service", id)).toHaveLength(1);

    // Raw HTML is stored as typed and shown as text, as in English (docs/decisions/0084-formatted-text-as-a-markdown-subset.md).
    const html = '<img src=x onerror="alert(1)">';
    expect((await call(servicesAction, postRequest(SERVICES, { ...base, "dv.title": html }, cookie))).data).toMatchObject({ ok: true });
    expect((await getService(id))?.dv?.title).toBe(html);
  });
});

describe("a project in two languages", () => {
  it("shows its category by the category's Dhivehi name, on its page and in the portfolio's filter", async () => {
    const { cookie } = await adminSession();
    const category = await call(projectsAction, postRequest(PROJECTS, { intent: "create-category", name: "Marine", name_dv: "ކަނޑުމަތީ", type: "project" }, cookie));
    expect(category.data).toMatchObject({ ok: true });
    await call(projectsAction, postRequest(PROJECTS, { intent: "create-category", name: "Civic", type: "project" }, cookie));
    const jetty = await createProject(projectInput({ title: "Jetty", category: "Marine", project_location: "Dhidhdhoo", dv: { title: "ޖެޓީ", project_location: "ދިއްދޫ" } }), null);
    await createProject(projectInput({ title: "Town hall", category: "Civic" }), null);

    const page = await call<{ project: Record<string, unknown>; fallback: string[]; hasDhivehi: boolean }>(projectPage, getRequest(`/dv/project/${jetty.id}`), { id: jetty.id });
    expect(page.data.project).toMatchObject({ title: "ޖެޓީ", project_location: "ދިއްދޫ", category: "ކަނޑުމަތީ" });
    expect(page.data.fallback).not.toContain("category");

    const portfolio = await call<{ view: { categories: Array<Record<string, unknown>>; projects: Array<Record<string, unknown>> } }>(portfolioLoader, getRequest("/dv/projects"));
    expect(portfolio.data.view.categories).toEqual([
      { value: "Civic", count: 1, fallback: true },
      { value: "Marine", count: 1, label: "ކަނޑުމަތީ" },
    ]);
    const hall = portfolio.data.view.projects.find((p) => p.title === "Town hall");
    expect(hall?.fallback).toEqual(expect.arrayContaining(["title", "category"]));

    // An existing category gets its Dhivehi name afterwards; a bad one is refused and changes nothing.
    const civic = (await db().selectFrom("categories").select("id").where("name", "=", "Civic").executeTakeFirstOrThrow()).id;
    const tooLong = await call<{ fieldErrors: Record<string, string> }>(projectsAction, postRequest(PROJECTS, { intent: "name-category", id: civic, name_dv: "ބ".repeat(101) }, cookie));
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.fieldErrors.name_dv).toMatch(/at most 100 characters/);
    const unknown = await call(projectsAction, postRequest(PROJECTS, { intent: "name-category", id: "3f1b2c3d-0000-4000-8000-000000000000", name_dv: "ރަށު" }, cookie));
    expect(unknown.status).toBe(404);
    expect((await db().selectFrom("categories").select("name_dv").where("id", "=", civic).executeTakeFirstOrThrow()).name_dv).toBeNull();
    const named = await call(servicesAction, postRequest(SERVICES, { intent: "name-category", id: civic, name_dv: "ރަށުގެ ޢިމާރާތް" }, cookie));
    expect(named.data).toMatchObject({ ok: true, message: "Dhivehi name saved" });
    const after = await call<{ view: { categories: Array<Record<string, unknown>> } }>(portfolioLoader, getRequest("/dv/projects"));
    expect(after.data.view.categories[0]).toEqual({ value: "Civic", count: 1, label: "ރަށުގެ ޢިމާރާތް" });
  });

  it("lists a Dhivehi address in the sitemap only for a record with a Dhivehi title", async () => {
    const withTitle = await createService(serviceInput({ title: "Pools", dv: { title: "ޕޫލް" } }), null);
    const without = await createService(serviceInput({ title: "Decks", dv: { short_description: "ޑެކް" } }), null);
    const project = await createProject(projectInput({ title: "Jetty", dv: { title: "ޖެޓީ" } }), null);
    const response = (await sitemapLoader()) as Response;
    const xml = await response.text();
    expect(xml).toContain(`/dv/service/${withTitle.id}</loc>`);
    expect(xml).toContain(`/service/${without.id}</loc>`);
    expect(xml).not.toContain(`/dv/service/${without.id}</loc>`);
    expect(xml).toContain(`/dv/project/${project.id}</loc>`);
  });
});

describe("Needs Dhivehi", () => {
  it("lists only the records with an English text not yet in Dhivehi", async () => {
    const { cookie } = await adminSession();
    const done = await createService(serviceInput({ title: "Done", short_description: "All", dv: { title: "ނިމިފައި", short_description: "ހުރިހާ" } }), null);
    const half = await createService(serviceInput({ title: "Half", short_description: "Some", dv: { title: "ބައެއް" } }), null);
    const none = await createService(serviceInput({ title: "None" }), null);

    const all = await call<{ services: Array<{ id: string }> }>(servicesLoader, getRequest(SERVICES, cookie));
    expect(all.data.services.map((s) => s.id)).toEqual(expect.arrayContaining([done.id, half.id, none.id]));
    const needed = await call<{ services: Array<{ id: string }>; needed: boolean }>(servicesLoader, getRequest(`${SERVICES}?dhivehi=needed`, cookie));
    expect(needed.data.needed).toBe(true);
    expect(needed.data.services.map((s) => s.id).sort()).toEqual([half.id, none.id].sort());

    const doneProject = await createProject(projectInput({ title: "P done", dv: { title: "ނިމުނު" } }), null);
    const openProject = await createProject(projectInput({ title: "P open", client_name: "Council", dv: { title: "ހުޅުވާ" } }), null);
    const projects = await call<{ projects: Array<{ id: string }>; paging: { total: number } }>(projectsLoader, getRequest(`${PROJECTS}?dhivehi=needed`, cookie));
    expect(projects.data.projects.map((p) => p.id)).toEqual([openProject.id]);
    expect(projects.data.paging.total).toBe(1);
    expect((await getProject(doneProject.id))?.dv).toEqual({ title: "ނިމުނު" });
  });
});
