import { drainErrorLogs } from "~/.server/logger";
import { describe, expect, it } from "vitest";
import { setDatabase } from "~/.server/db";
import { createProject } from "~/.server/models/projects";
import { createService } from "~/.server/models/services";
import { updateSetting } from "~/.server/models/settings";
import { loader as homeLoader } from "~/routes/public/home";
import { loader as projectLoader } from "~/routes/public/project";
import { loader as serviceLoader } from "~/routes/public/service";
import { createTestDatabase, useTestDatabase } from "../setup/database";
import { contactInput, projectInput, serviceInput } from "../factories";
import { createContactDetail } from "~/.server/models/contact-details";

// The public route loaders against a real database (docs/product.md#sample-content, #server-rendered-lists, #detail-pages).

useTestDatabase();

/** Loader arguments for a route with an :id param (typed loosely: one helper for both routes). */
const args = (id: string) => ({ params: { id }, request: new Request(`http://localhost/x/${id}`), context: {} }) as never;

/** What a loader threw: a data() 404, a redirect Response, or anything else. */
async function thrown(run: () => Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
    if (error && typeof error === "object" && "init" in error) {
      const init = (error as { init?: { status?: number } }).init;
      return { status: init?.status ?? 0 };
    }
    throw error;
  }
  throw new Error("the loader did not throw");
}

describe("service detail loader", () => {
  it("returns an active service without its internal fields", async () => {
    const service = await createService(serviceInput({ title: "Pools", features: "Tiles, Pumps" }), null);
    const result = await serviceLoader(args(service.id));
    expect(result.service).toMatchObject({ id: service.id, title: "Pools", features: ["Tiles", "Pumps"] });
    expect(result.service).not.toHaveProperty("created_by");
    expect(result.chrome.settings.show_sample_content).toBe("true");
  });

  it("answers 404 for an inactive, missing or malformed id", async () => {
    const inactive = await createService(serviceInput({ title: "Hidden", is_active: "" }), null);
    expect(await thrown(() => serviceLoader(args(inactive.id)))).toMatchObject({ status: 404 });
    expect(await thrown(() => serviceLoader(args("3f1b2c3d-0000-4000-8000-000000000000")))).toMatchObject({ status: 404 });
    expect(await thrown(() => serviceLoader(args("not an id; drop table")))).toMatchObject({ status: 404 });
    expect(await thrown(() => serviceLoader(args("x".repeat(500))))).toMatchObject({ status: 404 });
  });
});

describe("project detail loader", () => {
  it("returns a public project without the client's private contact fields", async () => {
    const project = await createProject(
      projectInput({
        title: "Jetty",
        client_name: "Council",
        client_email: "c@example.mv",
        client_phone: "+960 1",
        budget: "1250000",
        tags: "marine, jetty",
      }),
      null,
    );
    const result = await projectLoader(args(project.id));
    expect(result.project).toMatchObject({ title: "Jetty", client_name: "Council", budget: 1250000, tags: ["marine", "jetty"] });
    expect(result.project).not.toHaveProperty("client_email");
    expect(result.project).not.toHaveProperty("client_phone");
    expect(result.project).not.toHaveProperty("team_members");
  });

  it("answers 404 for a private, missing or malformed id", async () => {
    const hidden = await createProject(projectInput({ title: "Private", is_public: "" }), null);
    expect(await thrown(() => projectLoader(args(hidden.id)))).toMatchObject({ status: 404 });
    expect(await thrown(() => projectLoader(args("missing")))).toMatchObject({ status: 404 });
    expect(await thrown(() => projectLoader(args("../../etc/passwd")))).toMatchObject({ status: 404 });
  });
});

describe("a failed detail load", () => {
  it("redirects home (docs/product.md#service-detail)", async () => {
    const broken = await createTestDatabase();
    await broken.drop();
    setDatabase(broken);
    expect(await thrown(() => serviceLoader(args("3f1b2c3d-0000-4000-8000-000000000000")))).toEqual({ status: 302, location: "/" });
    expect(await thrown(() => projectLoader(args("3f1b2c3d-0000-4000-8000-000000000000")))).toEqual({ status: 302, location: "/" });
    expect(drainErrorLogs().map((l) => l.msg)).toEqual(["service detail load failed", "project detail load failed"]);
  });
});

/** Home loader arguments; `context` is what server/app.ts's getLoadContext gives. */
const homeArgs = (context: { formToken?: string } = {}) => ({ params: {}, request: new Request("http://localhost/"), context }) as never;

/** The page data, and the response headers the loader asks for. */
async function home(context: { formToken?: string } = {}) {
  const result = await homeLoader(homeArgs(context));
  return { ...result.data, headers: new Headers(result.init?.headers) };
}

describe("home loader", () => {
  it("renders the form token of this response's load context, or signs a new one", async () => {
    expect((await home({ formToken: "1700000000000.from-the-context" })).formToken).toBe("1700000000000.from-the-context");
    expect((await home()).formToken).toMatch(/^\d{13}\.[\w-]{22}$/);
  });

  it("streams the active services and public projects as card data", async () => {
    await createService(serviceInput({ title: "Visible" }), null);
    await createService(serviceInput({ title: "Hidden", is_active: "" }), null);
    await createProject(projectInput({ title: "Older", is_featured: "on" }), null, "2024-01-01T00:00:00.000Z");
    await createProject(projectInput({ title: "Newer" }), null, "2025-01-01T00:00:00.000Z");
    await createProject(projectInput({ title: "Private", is_public: "" }), null);
    await createContactDetail(contactInput({ type: "phone", value: "+960 330 1234", is_primary: "on" }));
    const data = await home();
    const services = await data.services;
    const projects = await data.projects;
    expect(services).toMatchObject({ failed: false, items: [{ title: "Visible" }] });
    expect(services.items[0]).not.toHaveProperty("is_active");
    // Featured first, then newest.
    expect(projects.items.map((p) => p.title)).toEqual(["Older", "Newer"]);
    expect(data.chrome.contactDetails.map((c) => c.value)).toEqual(["+960 330 1234"]);
  });

  it("passes the sample content setting to the page", async () => {
    await updateSetting("show_sample_content", "false");
    const data = await home();
    expect(data.chrome.settings.show_sample_content).toBe("false");
    expect(await data.services).toEqual({ items: [], failed: false });
    expect(data.headers.get("Cache-Control")).toBeNull();
  });

  it("reports a failed list as failed instead of rejecting, and keeps defaults for settings", async () => {
    const broken = await createTestDatabase();
    await broken.drop();
    setDatabase(broken);
    const data = await home();
    expect(await data.services).toEqual({ items: [], failed: true });
    expect(await data.projects).toEqual({ items: [], failed: true });
    expect(data.chrome.settings.show_sample_content).toBe("true");
    expect(data.chrome.contactDetails).toEqual([]);
    // The sample cards shown for now must not be kept by the page cache.
    expect(data.headers.get("Cache-Control")).toBe("no-store");
    expect(drainErrorLogs().map((l) => l.msg)).toEqual(expect.arrayContaining(["public services list failed", "public projects list failed"]));
  });
});
