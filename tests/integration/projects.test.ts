import { describe, expect, it } from "vitest";
import {
  countProjects,
  createProject,
  deleteProject,
  getProject,
  getPublicProject,
  listProjects,
  listPublicProjectLinks,
  listPublicProjects,
  updateProject,
} from "~/.server/models/projects";
import { useTestDatabase } from "../setup/database";
import { createAdmin, projectInput } from "../factories";

useTestDatabase();

const at = (day: number) => new Date(Date.UTC(2025, 0, day)).toISOString();

describe("projects model", () => {
  it("stores every field type identically: decimals, dates, integers, lists, booleans", async () => {
    const admin = await createAdmin();
    const p = await createProject(
      projectInput({
        title: "  Jetty  ",
        client_name: "   ",
        budget: "1,250,000.50",
        start_date: "2025-01-05",
        end_date: "2025-12-31",
        duration_months: "12",
        completion_percentage: "85",
        materials_used: "Concrete, , Steel ,",
        tags: "marine,jetty",
        team_members: "Ali, Sara",
        technologies_used: "Drones",
        gallery_images: ["/uploads/x.webp"],
        status: "in_progress",
        priority: "high",
        project_type: "infrastructure",
        is_featured: "on",
      }),
      admin.id,
    );
    expect(p).toMatchObject({
      title: "Jetty",
      client_name: null,
      budget: 1250000.5,
      start_date: "2025-01-05",
      end_date: "2025-12-31",
      duration_months: 12,
      completion_percentage: 85,
      materials_used: ["Concrete", "Steel"],
      tags: ["marine", "jetty"],
      team_members: ["Ali", "Sara"],
      technologies_used: ["Drones"],
      gallery_images: ["/uploads/x.webp"],
      status: "in_progress",
      priority: "high",
      project_type: "infrastructure",
      is_featured: true,
      is_public: true,
      created_by: admin.id,
    });
    expect(await getProject(p.id)).toEqual(p);
  });

  it("applies the defaults: draft, medium, 0%, public, not featured", async () => {
    const p = await createProject(projectInput({ title: "Plain", is_public: undefined }), null);
    expect(p).toMatchObject({ status: "draft", priority: "medium", completion_percentage: 0, is_featured: false, is_public: false });
    const q = await createProject(projectInput({ title: "Public" }), null);
    expect(q.is_public).toBe(true);
  });

  it("lists at most 6 public projects, featured first then newest, and hides private ones", async () => {
    for (let i = 1; i <= 8; i++) await createProject(projectInput({ title: `P${i}` }), null, at(i));
    await createProject(projectInput({ title: "Featured old", is_featured: "on" }), null, at(0 + 1));
    const hidden = await createProject(projectInput({ title: "Private", is_public: "" }), null, at(20));
    const list = await listPublicProjects();
    expect(list.map((p) => p.title)).toEqual(["Featured old", "P8", "P7", "P6", "P5", "P4"]);
    expect(Object.keys(list[0]).sort()).toEqual(
      ["id", "title", "short_description", "category", "project_location", "completion_percentage", "status", "featured_image_url", "featured_image_focal_x", "featured_image_focal_y", "is_featured", "dv"].sort(),
    );
    expect(await getPublicProject(hidden.id)).toBeNull();
    expect((await listPublicProjectLinks()).map((p) => p.title)).not.toContain("Private");
    expect((await listProjects()).map((p) => p.title)[0]).toBe("Private");
  });

  it("keeps the client's private contact fields out of the public detail", async () => {
    const p = await createProject(projectInput({ client_email: "c@example.com", client_phone: "+960 1" }), null);
    const visible = await getPublicProject(p.id);
    expect(visible?.title).toBe(p.title);
    expect(visible).not.toHaveProperty("client_email");
    expect(visible).not.toHaveProperty("client_phone");
  });

  it("updates without touching created_by, deletes, and counts for the dashboard", async () => {
    const first = await createAdmin();
    const p = await createProject(projectInput({ title: "A" }), first.id);
    const updated = await updateProject(p.id, projectInput({ title: "B", is_featured: "on" }));
    expect(updated).toMatchObject({ title: "B", created_by: first.id, is_featured: true });
    await createProject(projectInput({ is_public: "" }), null);
    expect(await countProjects()).toEqual({ total: 2, featured: 1, public: 1 });
    expect(await updateProject("nope", projectInput())).toBeNull();
    expect(await deleteProject(p.id)).toBe(true);
    expect(await countProjects()).toEqual({ total: 1, featured: 0, public: 0 });
  });
});
