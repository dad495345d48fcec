import { SITE_ORIGIN } from "~/.server/auth/auth";
import { listPublicProjectLinks } from "~/.server/models/projects";
import { hasDhivehiTitle, listActiveServiceLinks } from "~/.server/models/services";
import { buildSitemap, sitemapPages } from "~/lib/seo";

/** sitemap.xml: the home page and every active service and public project, with their images, in both languages. */
export async function loader() {
  const [services, projects] = await Promise.all([listActiveServiceLinks(), listPublicProjectLinks()]);
  const body = buildSitemap(SITE_ORIGIN, [
    ...sitemapPages(SITE_ORIGIN, { path: "/" }, true),
    ...sitemapPages(SITE_ORIGIN, { path: "/projects" }, true),
    ...services.flatMap((s) =>
      sitemapPages(SITE_ORIGIN, { path: `/service/${s.id}`, lastmod: s.updated_at, images: s.images.map((url) => ({ url, title: s.title })) }, hasDhivehiTitle(s)),
    ),
    ...projects.flatMap((p) =>
      sitemapPages(SITE_ORIGIN, { path: `/project/${p.id}`, lastmod: p.updated_at, images: p.images.map((url) => ({ url, title: p.title })) }, hasDhivehiTitle(p)),
    ),
  ]);
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
