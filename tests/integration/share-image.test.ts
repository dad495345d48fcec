import { describe, expect, it } from "vitest";
import { createProject } from "~/.server/models/projects";
import { createService } from "~/.server/models/services";
import { updateSetting } from "~/.server/models/settings";
import { publishDraft, saveDraft } from "~/.server/models/site-content";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import * as home from "~/routes/public/home";
import * as project from "~/routes/public/project";
import * as service from "~/routes/public/service";
import { createAdmin, projectInput, serviceInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { call, getRequest, ORIGIN } from "./admin-support";

useTestDatabase();

// Each page's share image (docs/product.md#search-engines-and-link-previews): its own picture, else the
// Company section's share image, else the hero.
const ogImage = async (loader: unknown, path: string, params: Record<string, string> = {}) => {
  const answer = await call<{ seo: Array<Record<string, unknown>> }>(loader, getRequest(path), params);
  return answer.data.seo.find((tag) => tag.property === "og:image")?.content;
};

describe("share images", () => {
  it("the home page offers the published share image, a page without a picture too, one with a picture its own", async () => {
    const admin = await createAdmin();
    expect(await ogImage(home.loader, "/")).toBe(`${ORIGIN}/images/og-default.jpg`);

    const withPicture = await createService(serviceInput({ is_active: "on", featured_image_url: "/uploads/services/pool.webp" }), null);
    const without = await createService(serviceInput({ is_active: "on", featured_image_url: "" }), null);
    const bareProject = await createProject(projectInput({ featured_image_url: "" }), null);

    const publish = async (shareImage: string, revision: number) => {
      const saved = await saveDraft("company", { ...DEFAULT_SITE_CONTENT.company, shareImage }, revision, admin.id);
      const published = saved.ok ? await publishDraft("company", saved.revision, admin.id) : saved;
      if (!published.ok) throw new Error(`not published: ${published.reason}`);
      return published.revision;
    };
    const revision = await publish("/uploads/site-assets/featured/share.jpg", 0);
    expect(await ogImage(home.loader, "/")).toBe(`${ORIGIN}/uploads/site-assets/featured/share.jpg`);
    expect(await ogImage(service.loader, `/service/${without.id}`, { id: without.id })).toBe(`${ORIGIN}/uploads/site-assets/featured/share.jpg`);
    expect(await ogImage(project.loader, `/project/${bareProject.id}`, { id: bareProject.id })).toBe(`${ORIGIN}/uploads/site-assets/featured/share.jpg`);
    expect(await ogImage(service.loader, `/service/${withPicture.id}`, { id: withPicture.id })).toBe(`${ORIGIN}/uploads/services/pool.webp`);

    // No share image: the hero's picture (here one the settings chose).
    await publish("", revision);
    expect(await ogImage(home.loader, "/")).toBe(`${ORIGIN}/images/hero-maldives.jpg`);
    await updateSetting("hero_background_url", "/uploads/site/hero.webp");
    expect(await ogImage(home.loader, "/")).toBe(`${ORIGIN}/uploads/site/hero.webp`);
    expect(await ogImage(project.loader, `/project/${bareProject.id}`, { id: bareProject.id })).toBe(`${ORIGIN}/uploads/site/hero.webp`);
  });
});
