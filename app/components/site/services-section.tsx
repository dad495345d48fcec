import { Icon } from "~/components/site/icon";
import { useMessages } from "~/i18n/messages";
import { Suspense } from "react";
import { Await } from "react-router";
import { SAMPLE_SERVICES } from "~/content/site-content";
import type { ServiceSummary } from "~/content/types";
import { chooseListView, type ListResult } from "~/lib/public-lists";
import { CardGrid, CardGridSkeleton, EmptyState, ServiceCard } from "./cards";
import { FadeIn } from "./fade-in";
import { SectionHeading } from "./section-heading";

const FAILED: ListResult<ServiceSummary> = { items: [], failed: true };

function ServicesList({ result, showSampleContent }: { result: ListResult<ServiceSummary>; showSampleContent: string }) {
  const view = chooseListView(result, showSampleContent, SAMPLE_SERVICES);
  const m = useMessages();
  if (view.kind === "empty") {
    return (
      <EmptyState
        icon={<Icon name="hard-hat" />}
        title={m.servicesEmptyTitle}
        text={m.servicesEmptyText}
      />
    );
  }
  return (
    <CardGrid>
      {view.items.map((service) => (
        <li key={service.id}>
          <ServiceCard service={service} />
        </li>
      ))}
    </CardGrid>
  );
}

/** docs/product.md#services-section: active services; 6 skeletons while the streamed list is pending; samples or 'Coming Soon' otherwise. */
export function ServicesSection({
  services,
  showSampleContent,
}: {
  services: ListResult<ServiceSummary> | Promise<ListResult<ServiceSummary>>;
  showSampleContent: string;
}) {
  const m = useMessages();
  return (
    <FadeIn as="section" id="services" aria-labelledby="services-title" className="services">
      <div className="wrap">
        <SectionHeading
          id="services-title"
          eyebrow={m.servicesEyebrow}
          title={m.servicesTitle}
          description={m.servicesIntro}
        />
        {services instanceof Promise ? (
          <Suspense fallback={<CardGridSkeleton label={m.servicesLoading} />}>
            <Await resolve={services} errorElement={<ServicesList result={FAILED} showSampleContent={showSampleContent} />}>
              {(result) => <ServicesList result={result} showSampleContent={showSampleContent} />}
            </Await>
          </Suspense>
        ) : (
          // Ready: rendered in place, not in a Suspense boundary (React outlines large boundaries
          // into a hidden segment swapped in by script, which needs JavaScript to be seen).
          <ServicesList result={services} showSampleContent={showSampleContent} />
        )}
      </div>
    </FadeIn>
  );
}
