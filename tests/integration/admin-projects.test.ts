import { describe, expect, it } from "vitest";
import { getProject, listPublicProjects } from "~/.server/models/projects";
import { action, loader } from "~/routes/admin/projects";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, getRequest, postRequest } from "./admin-support";

useTestDatabase();

const PATH = "/admin/projects";

describe("admin projects page", () => {
  it("creates a project with every field, edits it, flips its switches and deletes it", async () => {
    const { admin, cookie } = await adminSession();
    const created = await call(action, postRequest(PATH, {
      intent: "create",
      title: "Lagoon Villa",
      short_description: "A villa",
      description: "Long text",
      featured_image_url: "/uploads/project-images/featured/x.webp",
      gallery_images: ["/uploads/g1.webp", "/uploads/g2.webp"],
      status: "in_progress",
      category: "Residential",
      client_name: " Ali ",
      client_email: "ali@example.com",
      client_phone: "+960 123 4567",
      project_location: "Male",
      project_type: "residential",
      budget: "$1,250,000.50",
      start_date: "2026-01-01",
      end_date: "2026-12-31",
      duration_months: "12",
      completion_percentage: "85",
      priority: "high",
      materials_used: "Concrete, Steel, ",
      challenges: "Tides",
      solutions: "Barges",
      testimonial: "Great",
      tags: "villa, lagoon",
      team_members: "Aisha, Ibrahim",
      technologies_used: "BIM",
      is_featured: "true",
      is_public: "true",
    }, cookie));
    expect(created.data).toMatchObject({ ok: true, message: "Project created successfully" });
    const id = created.data.id as string;
    expect(await getProject(id)).toMatchObject({
      title: "Lagoon Villa",
      client_name: "Ali",
      budget: 1250000.5,
      completion_percentage: 85,
      materials_used: ["Concrete", "Steel"],
      tags: ["villa", "lagoon"],
      gallery_images: ["/uploads/g1.webp", "/uploads/g2.webp"],
      status: "in_progress",
      priority: "high",
      is_featured: true,
      is_public: true,
      created_by: admin.id,
    });

    const second = await adminSession();
    const updated = await call(action, postRequest(PATH, { intent: "update", id, title: "Lagoon Villa II", is_public: "false", is_featured: "false" }, second.cookie));
    expect(updated.data).toMatchObject({ ok: true, message: "Project updated successfully" });
    // created_by is set on create only (docs/product.md#entities); empty fields become null and defaults apply.
    expect(await getProject(id)).toMatchObject({ title: "Lagoon Villa II", created_by: admin.id, status: "draft", priority: "medium", budget: null, is_public: false });
    expect((await listPublicProjects()).map((p) => p.id)).not.toContain(id);

    const flipped = await call(action, postRequest(PATH, { intent: "set-flags", id, is_public: "true" }, cookie));
    expect(flipped.data).toMatchObject({ ok: true, message: "Project updated successfully" });
    expect(await getProject(id)).toMatchObject({ is_public: true, is_featured: false, title: "Lagoon Villa II" });
    await call(action, postRequest(PATH, { intent: "set-flags", id, is_featured: "true" }, cookie));
    expect(await getProject(id)).toMatchObject({ is_public: true, is_featured: true });

    const listed = await call<{ projects: Array<{ id: string }> }>(loader, getRequest(PATH, cookie));
    expect(listed.data.projects.map((p) => p.id)).toEqual([id]);

    const deleted = await call(action, postRequest(PATH, { intent: "delete", id }, cookie));
    expect(deleted.data).toMatchObject({ ok: true, message: "Project deleted successfully" });
    expect(await getProject(id)).toBeNull();
  });

  it("says why a save failed: 'Failed to save project: {message}' with field errors", async () => {
    const { cookie } = await adminSession();
    const noTitle = await call(action, postRequest(PATH, { intent: "create", title: "" }, cookie));
    expect(noTitle).toMatchObject({ status: 400, data: { ok: false, message: "Failed to save project: Title is required", fieldErrors: { title: "Title is required" } } });

    const bad = await call(action, postRequest(PATH, {
      intent: "create",
      title: "Bad",
      completion_percentage: "101",
      budget: "lots",
      client_email: "nope",
      start_date: "2026-05-01",
      end_date: "2026-01-01",
      status: "exploded",
    }, cookie));
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toMatchObject({
      completion_percentage: "Completion percentage must be at most 100",
      budget: "Budget must be a positive number",
      client_email: "Invalid email address",
      status: "Choose a valid status",
    });
  });

  it("answers an unknown project with 404", async () => {
    const { cookie } = await adminSession();
    const ghost = "00000000-0000-0000-0000-000000000000";
    expect((await call(action, postRequest(PATH, { intent: "update", id: ghost, title: "Ghost" }, cookie))).status).toBe(404);
    expect((await call(action, postRequest(PATH, { intent: "set-flags", id: ghost, is_public: "true" }, cookie))).status).toBe(404);
    const deleted = await call(action, postRequest(PATH, { intent: "delete", id: ghost }, cookie));
    expect(deleted).toMatchObject({ status: 404, data: { message: "Failed to delete project" } });
  });

  it("creates a project category inline", async () => {
    const { cookie } = await adminSession();
    const created = await call(action, postRequest(PATH, { intent: "create-category", name: "Marine", type: "project" }, cookie));
    expect(created.data).toMatchObject({ ok: true, message: "Category created successfully" });
    const listed = await call<{ categories: Array<{ name: string }> }>(loader, getRequest(PATH, cookie));
    expect(listed.data.categories.map((c) => c.name)).toEqual(["Marine"]);
  });
});
