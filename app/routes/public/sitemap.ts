import { SITE_ORIGIN } from "~/.server/auth/auth";
import { listPublicProjectLinks } from "~/.server/models/projects";
import { hasDhivehiTitle, listActiveServiceLinks } from "~/.server/models/services";
import { localizedPath } from "~/i18n/language";
import { buildSitemap, type SitemapEntry } from "~/lib/seo";

type RecordLink = Awaited<ReturnType<typeof listActiveServiceLinks>>[number];

/**
 * The Dhivehi addresses of the services and projects that have a Dhivehi title (docs/decisions/0077-dhivehi-design.md):
 * one without is a page whose heading is English, so it is not offered as a Dhivehi page.
 */
function dhivehiRecordEntries(noun: "service" | "project", records: readonly RecordLink[]): SitemapEntry[] {
  return records
    .filter(hasDhivehiTitle)
    .map((r) => ({ path: localizedPath("dv", `/${noun}/${r.id}`), lastmod: r.updated_at, images: r.images.map((url) => ({ url, title: r.dv?.title ?? r.title })) }));
}

/** sitemap.xml: the home page and every active service and public project, with their images. */
export async function loader() {
  const [services, projects] = await Promise.all([listActiveServiceLinks(), listPublicProjectLinks()]);
  const body = buildSitemap(SITE_ORIGIN, [
    { path: "/" },
    { path: "/projects" },
    ...services.map((s) => ({ path: `/service/${s.id}`, lastmod: s.updated_at, images: s.images.map((url) => ({ url, title: s.title })) })),
    ...projects.map((p) => ({ path: `/project/${p.id}`, lastmod: p.updated_at, images: p.images.map((url) => ({ url, title: p.title })) })),
    ...dhivehiRecordEntries("service", services),
    ...dhivehiRecordEntries("project", projects),
  ]);
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
