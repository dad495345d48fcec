import { data, redirect } from "react-router";
import { z } from "zod";
import { SITE_ORIGIN } from "~/.server/auth/auth";
import { canPreview, isPreviewRequest, PREVIEW_HEADERS } from "~/.server/auth/preview";
import { logger } from "~/.server/logger";
import { mediaAlts } from "~/.server/models/media";
import { getSiteChrome, type SiteChrome } from "~/.server/models/site-chrome";
import type { PreviewInfo } from "~/components/site/preview-bar";
import { pageMeta } from "~/lib/seo";
import { type Language, languageOf } from "~/i18n/language";
import { plainOrNull } from "~/lib/formatted-text";
import { hasDhivehiTitle } from "~/i18n/records";
import { localized } from "~/.server/models/translations";
import { getProjectPreview, getPublicProject, type PublicProject } from "~/.server/models/projects";
import { getActiveService, getServicePreview, type PublicService } from "~/.server/models/services";
import { projectJsonLd, serviceJsonLd } from "~/lib/seo";
import { PROJECT_TRANSLATABLE, SERVICE_TRANSLATABLE } from "~/validation/translatable-fields";

// The loader of the two public detail pages, /service/{id} and /project/{id} (docs/product.md#detail-pages): the
// same id check, admin preview, failure rule and meta for both; DETAIL_PAGES says how each finds its record, and each
// route sends the page through withPreviewHeaders (auth/preview.ts) under its own name for the record.

/** Record ids are UUIDs; anything else that could not be one is "not found" (docs/product.md#detail-pages). */
const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

interface DetailRecord {
  id: string;
  title: string;
  short_description: string | null;
  featured_image_url: string | null;
  category: string | null;
  /** Its Dhivehi values (docs/decisions/0077-dhivehi-design.md). */
  dv: { title?: string } | null;
}

/** A record as the page shows it, in the page's language: its Dhivehi values merged in, the `dv` object gone. */
type Shown<T> = Omit<T, "dv">;

interface DetailPageKind<T extends DetailRecord> {
  /** Names the page's address (/service/{id}), its admin list (/admin/services) and its 404 ('Service Not Found'). */
  noun: "service" | "project";
  /** What a visitor finds: an active service, a public project. */
  find(id: string): Promise<T | null>;
  /** What an admin's preview finds: any record not in the Trash, and whether visitors see it. */
  findPreview(id: string): Promise<{ record: T; shown: boolean } | null>;
  /** The fields a Dhivehi page shows in Dhivehi where the record has them (app/validation/translations.ts). */
  translatable: readonly string[];
  /** The meta description when the record has no short description (the company's is the last fallback). */
  description(record: Shown<T>): string | null;
  jsonLd(origin: string, record: Shown<T>, companyName: string, language: Language): object;
}

interface DetailRecords {
  service: PublicService;
  project: PublicProject;
}

const DETAIL_PAGES: { [K in keyof DetailRecords]: DetailPageKind<DetailRecords[K]> } = {
  service: {
    noun: "service",
    find: getActiveService,
    findPreview: getServicePreview,
    translatable: SERVICE_TRANSLATABLE,
    description: (service) => service.overview,
    jsonLd: serviceJsonLd,
  },
  project: {
    noun: "project",
    find: getPublicProject,
    findPreview: getProjectPreview,
    translatable: PROJECT_TRANSLATABLE,
    description: (project) => project.description,
    jsonLd: projectJsonLd,
  },
};

export async function loadDetailPage<K extends keyof DetailRecords>(request: Request, rawId: string | undefined, noun: K) {
  return loadRecordPage(request, rawId, DETAIL_PAGES[noun] as DetailPageKind<DetailRecords[K]>);
}

async function loadRecordPage<T extends DetailRecord>(request: Request, rawId: string | undefined, kind: DetailPageKind<T>) {
  // A preview request is never cached or indexed, found or not (docs/decisions/0013-versions-and-trash.md).
  const headers = isPreviewRequest(request) ? PREVIEW_HEADERS : undefined;
  // The address's language (docs/decisions/0077-dhivehi-design.md): the chrome, the record's texts, the canonical URL
  // and hreflang follow it.
  const language = languageOf(request);
  // The 404 page's heading, also its `message`: 'Service Not Found'.
  const notFoundTitle = `${kind.noun === "service" ? "Service" : "Project"} Not Found`;
  const notFound = async () => data({ message: notFoundTitle, chrome: await getSiteChrome(language) }, { status: 404, headers });
  const id = IdSchema.safeParse(rawId);
  if (!id.success) throw await notFound();
  let found: { record: T; shown: boolean } | null;
  let preview: boolean;
  try {
    preview = await canPreview(request);
    // An admin's preview finds an inactive service or a private project too; everyone else only what is shown.
    if (preview) found = await kind.findPreview(id.data);
    else {
      const record = await kind.find(id.data);
      found = record ? { record, shown: true } : null;
    }
  } catch (error) {
    // docs/product.md#detail-pages: a failed detail load is logged and redirects home.
    logger.error({ err: error, [`${kind.noun}Id`]: id.data }, `${kind.noun} detail load failed`);
    throw redirect("/");
  }
  if (!found) throw await notFound();
  const chrome: SiteChrome = await getSiteChrome(language);
  const previewInfo: PreviewInfo | null = preview ? { visible: found.shown, noun: kind.noun, adminPath: `/admin/${kind.noun}s` } : null;
  // On a Dhivehi page the record's Dhivehi values, and the fields that fell back to English (marked lang="en" by the
  // page); the meta description and JSON-LD are in Dhivehi where the record is.
  const { value: record, fallback } = await localized(found.record, kind.translatable, language);
  // Meta is built here, on the server, so the SEO helpers stay out of the browser bundle.
  const hasDhivehi = hasDhivehiTitle(found.record);
  const seo = pageMeta({
    origin: SITE_ORIGIN,
    language,
    dhivehi: hasDhivehi,
    path: `/${kind.noun}/${record.id}`,
    title: `${record.title} | ${chrome.company.name}`,
    // Formatted text as its plain words (docs/decisions/0084-formatted-text-as-a-markdown-subset.md).
    description: record.short_description ?? plainOrNull(kind.description(record)) ?? chrome.company.description,
    image: record.featured_image_url,
    type: "article",
    jsonLd: [kind.jsonLd(SITE_ORIGIN, record, chrome.company.name, language)],
    company: chrome.company,
  });
  // The media library's alt text of the record's pictures (its featured image, its gallery): docs/decisions/0088-media-library.md.
  const alts = await mediaAlts(Object.values(record).flatMap((value) => (Array.isArray(value) ? value : [value])).filter((v): v is string => typeof v === "string"));
  // `hasDhivehi`: whether the record has a Dhivehi title, so its page is offered in Dhivehi (hreflang, sitemap).
  return { record, fallback, hasDhivehi, chrome, seo, preview: previewInfo, alts };
}
