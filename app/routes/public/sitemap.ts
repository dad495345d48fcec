import { SITE_ORIGIN } from "~/.server/auth/auth";
import { listPublicProjectLinks } from "~/.server/models/projects";
import { listActiveServiceLinks } from "~/.server/models/services";
import { buildSitemap } from "~/lib/seo";

/** sitemap.xml: the home page and every active service and public project, with their images. */
export async function loader() {
  const [services, projects] = await Promise.all([listActiveServiceLinks(), listPublicProjectLinks()]);
  const body = buildSitemap(SITE_ORIGIN, [
    { path: "/" },
    { path: "/projects" },
    ...services.map((s) => ({ path: `/service/${s.id}`, lastmod: s.updated_at, images: s.images.map((url) => ({ url, title: s.title })) })),
    ...projects.map((p) => ({ path: `/project/${p.id}`, lastmod: p.updated_at, images: p.images.map((url) => ({ url, title: p.title })) })),
  ]);
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
