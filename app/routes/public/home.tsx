import type { Route } from "./+types/home";
import { logger } from "~/.server/logger";
import { listPublicProjects } from "~/.server/models/projects";
import { listActiveServices } from "~/.server/models/services";
import { getSiteChrome } from "~/.server/models/site-chrome";
import { AboutSection } from "~/components/site/about-section";
import { ContactSection } from "~/components/site/contact-section";
import { FaqSection } from "~/components/site/faq-section";
import { GallerySection } from "~/components/site/gallery-section";
import { HeroSection } from "~/components/site/hero-section";
import { ProjectsSection } from "~/components/site/projects-section";
import { ServicesSection } from "~/components/site/services-section";
import { SiteShell } from "~/components/site/site-shell";
import { TestimonialsSection } from "~/components/site/testimonials-section";
import { WhyChooseUsSection } from "~/components/site/why-choose-us-section";
import { COMPANY } from "~/content/company";
import type { ProjectSummary, ServiceSummary } from "~/content/types";
import { resolveHeroBackground } from "~/lib/branding";
import { contactInfo, headerPhone } from "~/lib/contact-info";
import type { ListResult } from "~/lib/public-lists";

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

// PRODUCT.md reading 3: a list that is not ready at once is returned as a promise the router
// streams (6 skeletons while pending); with a fast database the lists arrive in the HTML itself.
export async function loader() {
  const services = streamList<ServiceSummary>("services", async () =>
    (await listActiveServices()).map(({ is_active: _active, ...card }) => card),
  );
  const projects = streamList<ProjectSummary>("projects", async () =>
    (await listPublicProjects()).map(({ is_public: _public, created_at: _created, ...card }) => card),
  );
  const [chrome, servicesNow, projectsNow] = await Promise.all([getSiteChrome(), readyOrPending(services), readyOrPending(projects)]);
  return { chrome, services: servicesNow.value, projects: projectsNow.value };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { chrome, services, projects } = loaderData;
  const showSampleContent = chrome.settings.show_sample_content;
  return (
    <SiteShell chrome={chrome}>
      <HeroSection background={resolveHeroBackground(chrome.settings)} />
      <WhyChooseUsSection />
      <AboutSection />
      <ServicesSection services={services} showSampleContent={showSampleContent} />
      <ProjectsSection projects={projects} showSampleContent={showSampleContent} />
      <GallerySection />
      <TestimonialsSection />
      <FaqSection phone={headerPhone(chrome.contactDetails)} />
      <ContactSection info={contactInfo(chrome.contactDetails)} />
    </SiteShell>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `${COMPANY.name} | Construction & Renovation in the Maldives` },
  { name: "description", content: COMPANY.description },
];
