import { describe, expect, it } from "vitest";
import { createProject, deleteProject } from "~/.server/models/projects";
import * as portfolio from "~/routes/public/projects";
import { projectInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { call, getRequest } from "./admin-support";

// The portfolio (/projects) leaves out a project in the Trash, as every other public list does
// (docs/decisions/0013-versions-and-trash.md).

useTestDatabase();

type View = { view: { projects: Array<{ title: string }>; total: number; categories: Array<{ value: string; count: number }> } };
const load = (query = "") => call<View>(portfolio.loader, getRequest(`/projects${query}`));

describe("the portfolio and the Trash", () => {
  it("neither lists a trashed project nor offers its category, and a filter on that category is a 404", async () => {
    await createProject(projectInput({ title: "Kept", category: "Residential", project_type: "residential" }), null);
    const trashed = await createProject(projectInput({ title: "Binned", category: "Marine", project_type: "infrastructure" }), null);
    expect((await load()).data.view.total).toBe(2);
    expect(await deleteProject(trashed.id)).toBe(true);

    const page = await load();
    expect(page.data.view).toMatchObject({ total: 1, projects: [{ title: "Kept" }], categories: [{ value: "Residential", count: 1 }] });
    expect((await load("?category=Marine")).status).toBe(404);
  });
});
