import { data } from "react-router";
import type { Route } from "./+types/home";
import { STATIC_PAGE } from "~/lib/hydration";
import { SITE_ORIGIN } from "~/.server/auth/auth";
import { contactPrefill, formToken, handleEnquiryPost } from "~/.server/enquiries/enquiries";
import { logger } from "~/.server/logger";
import { listPublicProjects } from "~/.server/models/projects";
import { listActiveServices } from "~/.server/models/services";
import { localizedCards } from "~/.server/models/translations";
import { PROJECT_TRANSLATABLE, SERVICE_TRANSLATABLE } from "~/validation/translatable-fields";
import { getSiteChrome, getSiteContent } from "~/.server/models/site-chrome";
import { getPreviewContent } from "~/.server/models/site-content";
import { localizeSiteContent } from "~/i18n/site-content";
import { canPreview, isPreviewRequest, PREVIEW_HEADERS } from "~/.server/auth/preview";
import { AboutSection } from "~/components/site/about-section";
import { mediaAlts } from "~/.server/models/media";
import type { EnquiryActionData } from "~/components/site/contact-form";
import { ContactSection } from "~/components/site/contact-section";
import { FaqSection } from "~/components/site/faq-section";
import { GallerySection } from "~/components/site/gallery-section";
import { HeroSection } from "~/components/site/hero-section";
import { ProjectsSection } from "~/components/site/projects-section";
import { ServicesSection } from "~/components/site/services-section";
import { SiteShell } from "~/components/site/site-shell";
import { TestimonialsSection } from "~/components/site/testimonials-section";
import { WhyChooseUsSection } from "~/components/site/why-choose-us-section";
import { PreviewBar } from "~/components/site/preview-bar";
import { COMPANY } from "~/content/company";
import type { ProjectSummary, ServiceSummary } from "~/content/types";
import { resolveHeroBackground } from "~/lib/branding";
import { contactInfo, contactPhone } from "~/lib/contact-info";
import type { ListResult } from "~/lib/public-lists";
import { faqJsonLd, localBusinessJsonLd, pageMeta } from "~/lib/seo";
import { languageOf } from "~/i18n/language";
import { CATALOGUES, useMessages } from "~/i18n/messages";

/** A public list as a streamed promise that never rejects: a failure is logged and shown as sample content. */
function streamList<T>(name: string, load: () => Promise<T[]>): Promise<ListResult<T>> {
  return load().then(
    (items) => ({ items, failed: false }),
    (error: unknown) => {
      logger.error({ err: error }, `public ${name} list failed`);
      return { items: [] as T[], failed: true };
    },
  );
}

/** How long the loader waits for a list before streaming it instead. */
const INLINE_LIST_WAIT_MS = 100;

/**
 * The list itself when it is ready within a moment, else the pending promise. A promise is
 * streamed into a Suspense boundary (6 skeletons); React sends such a boundary as a hidden segment
 * that an inline script swaps in, so only a ready list is visible without JavaScript.
 */
async function readyOrPending<T>(promise: Promise<T>): Promise<{ value: T | Promise<T> }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Promise<"pending">((resolve) => {
    timer = setTimeout(() => resolve("pending"), INLINE_LIST_WAIT_MS);
  });
  const first = await Promise.race([promise, pending]);
  clearTimeout(timer);
  // Wrapped: an async function returning the promise itself would wait for it.
  return { value: first === "pending" ? promise : (first as T) };
}

/**
 * What of the query string the page is rendered with: the service or project the contact form starts from. Campaign
 * tags are left to the page's script, so that a campaign link gets the stored page (app/.server/cache/page-cache.ts).
 */
function prefillParams(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...params].filter(([name]) => name === "service" || name === "project"));
}

// docs/product.md#server-rendered-lists: a list that is not ready at once is returned as a promise the router
// streams (6 skeletons while pending); with a fast database the lists arrive in the HTML itself.
export async function loader({ request, context }: Route.LoaderArgs) {
  // A signed-in admin's preview shows the drafts (docs/decisions/0012-preview-requests.md).
  const preview = await canPreview(request);
  const stored = preview ? await getPreviewContent() : await getSiteContent();
  // The page's language comes from its address (/ or /dv); each text in it, or in English, named as a fallback
  // (docs/decisions/0092-site-content-in-two-languages.md). A Dhivehi page's cards show the records' Dhivehi words,
  // English where there are none (docs/decisions/0077-dhivehi-design.md).
  const language = languageOf(request);
  const { content, fallback } = localizeSiteContent(stored, language);
  const services = streamList<ServiceSummary>("services", async () => localizedCards(await listActiveServices(), SERVICE_TRANSLATABLE, language));
  const projects = streamList<ProjectSummary>("projects", async () => localizedCards(await listPublicProjects(), PROJECT_TRANSLATABLE, language));
  const url = new URL(request.url);
  const [chrome, servicesNow, projectsNow, prefill, libraryAlts] = await Promise.all([
    getSiteChrome(language, stored),
    readyOrPending(services),
    readyOrPending(projects),
    url.search ? contactPrefill(prefillParams(url.searchParams)) : null,
    // About's picture without an alt of its own says the media library's (docs/decisions/0088-media-library.md).
    content.about.imageAlt ? ({} as Record<string, string>) : mediaAlts([content.about.image]),
  ]);
  // Meta is built here, on the server, so the SEO helpers stay out of the browser bundle.
  const seo = pageMeta({
    origin: SITE_ORIGIN,
    // The address's language (docs/decisions/0077-dhivehi-design.md): the canonical URL and hreflang follow it.
    language,
    path: "/",
    title: CATALOGUES[language].homeTitle(content.company.name),
    description: content.company.description,
    // No picture of its own: the company's share image, else the hero (site-chrome.ts).
    jsonLd: [localBusinessJsonLd(SITE_ORIGIN, chrome.contactDetails, chrome.company), faqJsonLd(content.faq.items)],
    company: chrome.company,
    noindex: preview,
  });
  const { hero, why, testimonials, gallery, faq } = content;
  const about = { ...content.about, imageAlt: content.about.imageAlt || libraryAlts[content.about.image] || "" };
  const page = {
    chrome,
    content: { hero, about, why, testimonials, gallery, faq },
    fallback,
    // The About badge finds the years among the hero's stats by their English label; the values are shared.
    englishStats: stored.hero.stats,
    preview,
    services: servicesNow.value,
    projects: projectsNow.value,
    formToken: context.formToken ?? formToken(),
    seo,
    prefill,
  };
  if (isPreviewRequest(request)) return data(page, { headers: PREVIEW_HEADERS });
  // A list that failed shows sample cards for now; that page must not be kept by the page cache
  // (app/.server/cache/page-cache.ts), which would show them until the next edit.
  const failed = [servicesNow.value, projectsNow.value].some((list) => !(list instanceof Promise) && list.failed);
  return data(page, failed ? { headers: { "Cache-Control": "no-store" } } : undefined);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** The contact form posts here without JavaScript (docs/product.md#enquiries); with it, to /api/enquiries. Same checks, same storage. */
export async function action({ request }: Route.ActionArgs) {
  const { status, body } = await handleEnquiryPost(request, "/");
  return data<EnquiryActionData>(body, { status });
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { chrome, content, fallback, englishStats, preview, services, projects, formToken, prefill } = loaderData;
  const showSampleContent = chrome.settings.show_sample_content;
  const m = useMessages();
  return (
    <SiteShell chrome={chrome} home>
      <HeroSection background={resolveHeroBackground(chrome.settings)} content={content.hero} fallback={fallback.hero} />
      <WhyChooseUsSection content={content.why} fallback={fallback.why} />
      <AboutSection content={content.about} stats={englishStats} fallback={fallback.about} />
      <ServicesSection services={services} showSampleContent={showSampleContent} />
      <ProjectsSection projects={projects} showSampleContent={showSampleContent} />
      <GallerySection content={content.gallery} fallback={fallback.gallery} />
      <TestimonialsSection content={content.testimonials} fallback={fallback.testimonials} />
      <FaqSection phone={contactPhone(chrome.contactDetails)} content={content.faq} fallback={fallback.faq} />
      <ContactSection info={contactInfo(chrome.contactDetails, m)} formToken={formToken} result={actionData} prefill={prefill} />
      {preview ? <PreviewBar /> : null}
    </SiteShell>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => loaderData?.seo ?? [{ title: COMPANY.name }];

// Server-rendered HTML with the island script only (docs/decisions/0007-public-pages-without-hydration.md).
export const handle = STATIC_PAGE;
