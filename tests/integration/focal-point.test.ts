import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { exportData, importData } from "~/.server/models/site-data";
import { db } from "~/.server/db";
import {
  createProject,
  getProject,
  listPublicProjects,
  listPublicProjectsPage,
  listTrashedProjects,
  restoreProjectFromTrash,
  deleteProject,
} from "~/.server/models/projects";
import { getService, listActiveServices } from "~/.server/models/services";
import { listVersions } from "~/.server/models/versions";
import { ProjectCard, ServiceCard } from "~/components/site/cards";
import { FeaturedImage } from "~/components/site/detail-parts";
import { action as historyAction } from "~/routes/admin/history";
import { action as projectsAction } from "~/routes/admin/projects";
import { action as servicesAction } from "~/routes/admin/services";
import { loader as projectPage } from "~/routes/public/project";
import { projectInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, postRequest } from "./admin-support";

// The focal point of a service's or project's featured image (docs/product.md#focal-point): validated, saved,
// kept in versions, backups and the Trash, and carried to the public cards and pages as object-position.

const database = useTestDatabase();

const IMAGE = "/images/proj-villa.webp";
const cardHtml = (element: React.ReactElement) => renderToStaticMarkup(element);

async function rows() {
  const read = (table: "services" | "projects") => db().selectFrom(table).selectAll().orderBy("id").execute();
  return { services: await read("services"), projects: await read("projects") };
}

describe("focal point of a featured image", () => {
  it("saves the point from the service form and the public card crops around it; the centre adds no style", async () => {
    const { cookie } = await adminSession();
    const created = await call(
      servicesAction,
      postRequest("/admin/services", { intent: "create", title: "Roofing", featured_image_url: IMAGE, featured_image_focal_x: "20", featured_image_focal_y: "85", is_active: "true" }, cookie),
    );
    expect(created.data).toMatchObject({ ok: true, message: "Service created successfully" });
    const id = created.data.id as string;
    expect(await getService(id)).toMatchObject({ featured_image_focal_x: 20, featured_image_focal_y: 85 });

    const [listed] = await listActiveServices();
    expect(cardHtml(createElement(ServiceCard, { service: listed }))).toContain("object-position:20% 85%");

    // A form without the fields (an older page, a script) keeps the centre, and the card has no position style.
    await call(servicesAction, postRequest("/admin/services", { intent: "update", id, title: "Roofing", featured_image_url: IMAGE, is_active: "true" }, cookie));
    expect(await getService(id)).toMatchObject({ featured_image_focal_x: 50, featured_image_focal_y: 50 });
    // The save bumped the content version: the cached public list is already the new one.
    const [recentred] = await listActiveServices();
    expect(cardHtml(createElement(ServiceCard, { service: recentred }))).not.toContain("object-position");
  });

  it("carries a project's point to its card on the home page and the portfolio, and to its page's featured image", async () => {
    const { cookie } = await adminSession();
    const created = await call(
      projectsAction,
      postRequest("/admin/projects", { intent: "create", title: "Villa", featured_image_url: IMAGE, featured_image_focal_x: "0", featured_image_focal_y: "100", is_public: "true" }, cookie),
    );
    expect(created.data).toMatchObject({ ok: true, message: "Project created successfully" });
    const id = created.data.id as string;

    const [home] = await listPublicProjects();
    expect(cardHtml(createElement(ProjectCard, { project: home }))).toContain("object-position:0% 100%");
    const [portfolio] = await listPublicProjectsPage({ category: null, projectType: null, page: 1, pageSize: 12 });
    expect(cardHtml(createElement(ProjectCard, { project: portfolio }))).toContain("object-position:0% 100%");

    const page = await projectPage({ params: { id }, request: new Request(`http://localhost/project/${id}`), context: {} } as never);
    const { project } = page as { project: { featured_image_url: string; title: string; featured_image_focal_x: number; featured_image_focal_y: number } };
    const detail = cardHtml(createElement(FeaturedImage, { record: project, alts: {} }));
    expect(detail).toContain("object-position:0% 100%");
  });

  it("refuses a point outside 0-100 or not a whole number with a field error, and saves nothing", async () => {
    const { cookie } = await adminSession();
    const project = await createProject(projectInput({ title: "Jetty", featured_image_url: IMAGE, featured_image_focal_x: "30", featured_image_focal_y: "40" }), null);
    const before = await rows();
    const bad: Array<[string, string, string]> = [
      ["featured_image_focal_x", "101", "Focal point (across) must be a whole number from 0 to 100"],
      ["featured_image_focal_x", "-1", "Focal point (across) must be a whole number from 0 to 100"],
      ["featured_image_focal_y", "12.5", "Focal point (down) must be a whole number from 0 to 100"],
      ["featured_image_focal_y", "abc", "Focal point (down) must be a whole number from 0 to 100"],
      ["featured_image_focal_y", "1e2", "Focal point (down) must be a whole number from 0 to 100"],
    ];
    for (const [field, value, message] of bad) {
      const projectAnswer = await call(projectsAction, postRequest("/admin/projects", { intent: "update", id: project.id, title: "Jetty", [field]: value }, cookie));
      expect(projectAnswer.status).toBe(400);
      expect(projectAnswer.data).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
      const serviceAnswer = await call(servicesAction, postRequest("/admin/services", { intent: "create", title: "Pools", [field]: value }, cookie));
      expect(serviceAnswer.status).toBe(400);
      expect(serviceAnswer.data).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
    }
    expect(await rows()).toEqual(before);
  });

  it("keeps the point in every version and gives it back on restore", async () => {
    const { cookie } = await adminSession();
    const project = await createProject(projectInput({ title: "Resort", featured_image_url: IMAGE, featured_image_focal_x: "15", featured_image_focal_y: "25" }), null);
    await call(projectsAction, postRequest("/admin/projects", { intent: "update", id: project.id, title: "Resort", featured_image_url: IMAGE, featured_image_focal_x: "70", featured_image_focal_y: "60", is_public: "true" }, cookie));
    expect(await getProject(project.id)).toMatchObject({ featured_image_focal_x: 70, featured_image_focal_y: 60 });

    const versions = await listVersions("project", project.id);
    const first = versions[versions.length - 1];
    const restored = await call(historyAction, postRequest(`/admin/projects/${project.id}/history`, { intent: "restore-version", version_id: first.id }, cookie), { id: project.id });
    expect(restored.data).toMatchObject({ ok: true });
    expect(await getProject(project.id)).toMatchObject({ featured_image_focal_x: 15, featured_image_focal_y: 25 });
    const [card] = await listPublicProjects();
    expect(cardHtml(createElement(ProjectCard, { project: card }))).toContain("object-position:15% 25%");

    // A version saved before focal points existed has no such keys: it restores to the centre.
    const oldest = await db().selectFrom("project_versions").select(["id", "snapshot"]).where("id", "=", first.id).executeTakeFirstOrThrow();
    const { featured_image_focal_x: _x, featured_image_focal_y: _y, ...older } = JSON.parse(oldest.snapshot) as Record<string, unknown>;
    await db().updateTable("project_versions").set({ snapshot: JSON.stringify(older) }).where("id", "=", first.id).execute();
    await call(historyAction, postRequest(`/admin/projects/${project.id}/history`, { intent: "restore-version", version_id: first.id }, cookie), { id: project.id });
    expect(await getProject(project.id)).toMatchObject({ featured_image_focal_x: 50, featured_image_focal_y: 50 });
  });

  it("survives the Trash and an export/import; an export made before focal points gets the centre", async () => {
    const project = await createProject(projectInput({ title: "Harbour", featured_image_url: IMAGE, featured_image_focal_x: "5", featured_image_focal_y: "95" }), null);
    expect(await deleteProject(project.id)).toBe(true);
    // The Trash's thumbnail crops around the same point as the public card.
    expect((await listTrashedProjects()).find((item) => item.id === project.id)).toMatchObject({ featured_image_focal_x: 5, featured_image_focal_y: 95 });
    expect(await restoreProjectFromTrash(project.id)).toBe(true);
    expect(await getProject(project.id)).toMatchObject({ featured_image_focal_x: 5, featured_image_focal_y: 95 });

    const exported = JSON.parse(JSON.stringify(await exportData(database.current()))) as Awaited<ReturnType<typeof exportData>>;
    await db().updateTable("projects").set({ featured_image_focal_x: 50, featured_image_focal_y: 50 }).execute();
    await importData(database.current(), exported);
    expect(await getProject(project.id)).toMatchObject({ featured_image_focal_x: 5, featured_image_focal_y: 95 });

    for (const row of exported.tables.projects) {
      delete row.featured_image_focal_x;
      delete row.featured_image_focal_y;
    }
    await importData(database.current(), exported);
    expect(await getProject(project.id)).toMatchObject({ featured_image_focal_x: 50, featured_image_focal_y: 50 });
  });
});
