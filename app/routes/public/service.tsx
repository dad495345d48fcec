import { Icon } from "~/components/site/icon";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/service";
import { STATIC_PAGE } from "~/lib/hydration";
import { logger } from "~/.server/logger";
import { getActiveService, getServicePreview, type ServicePreview } from "~/.server/models/services";
import { canPreview, isPreviewRequest, PREVIEW_HEADERS, withPreviewHeaders } from "~/.server/auth/preview";
import { type PreviewInfo, PreviewBar } from "~/components/site/preview-bar";
import { getSiteChrome } from "~/.server/models/site-chrome";
import {
  BackLink,
  CheckList,
  CtaCard,
  DetailGallery,
  DetailHeader,
  DetailNotFound,
  DetailSection,
  FeaturedImage,
  InfoTile,
  InfoTiles,
  Prose,
} from "~/components/site/detail-parts";
import { chromeOf, NotFoundFrame } from "~/components/site/not-found-page";
import { SiteShell } from "~/components/site/site-shell";
import { Badge } from "~/components/ui/badge";
import { SITE_ORIGIN } from "~/.server/auth/auth";
import { COMPANY } from "~/content/company";
import { pageMeta, serviceJsonLd } from "~/lib/seo";
import { formatLabel, formatPricingModel, orNotAvailable, sameLabel } from "~/lib/format";

/** Record ids are UUIDs; anything else that could not be one is "not found" (docs/product.md#detail-pages). */
const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

const NOT_FOUND_TEXT = "The service you're looking for doesn't exist or is no longer available.";

export async function loader({ params, request }: Route.LoaderArgs) {
  // A preview request is never cached or indexed, found or not (docs/decisions/0013-versions-and-trash.md).
  const headers = isPreviewRequest(request) ? PREVIEW_HEADERS : undefined;
  const id = IdSchema.safeParse(params.id);
  if (!id.success) throw data({ message: "Service Not Found", chrome: await getSiteChrome() }, { status: 404, headers });
  let found: ServicePreview | null;
  let preview: boolean;
  try {
    preview = await canPreview(request);
    // An admin's preview finds an inactive service too; everyone else only an active one.
    if (preview) found = await getServicePreview(id.data);
    else {
      const service = await getActiveService(id.data);
      found = service ? { service, isActive: true } : null;
    }
  } catch (error) {
    // docs/product.md#service-detail: a failed detail load is logged and redirects home.
    logger.error({ err: error, serviceId: id.data }, "service detail load failed");
    throw redirect("/");
  }
  if (!found) throw data({ message: "Service Not Found", chrome: await getSiteChrome() }, { status: 404, headers });
  const chrome = await getSiteChrome();
  const previewInfo: PreviewInfo | null = preview ? { visible: found.isActive, noun: "service", adminPath: "/admin/services" } : null;
  const visible = found.service;
  // Meta is built here, on the server, so the SEO helpers stay out of the browser bundle.
  const seo = pageMeta({
    origin: SITE_ORIGIN,
    path: `/service/${visible.id}`,
    title: `${visible.title} | ${chrome.company.name}`,
    description: visible.short_description ?? visible.overview ?? chrome.company.description,
    image: visible.featured_image_url,
    type: "article",
    jsonLd: [serviceJsonLd(SITE_ORIGIN, visible, chrome.company.name)],
    company: chrome.company,
  });
  return withPreviewHeaders(request, { service: visible, chrome, seo, preview: previewInfo });
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, chrome, preview } = loaderData;
  return (
    <SiteShell chrome={chrome}>
      {preview ? <PreviewBar info={preview} /> : null}
      <DetailHeader
        back={<BackLink section="services">Back to Services</BackLink>}
        badges={
          <>
            {service.category ? <Badge className="bg-brand-amber text-brand-amber-foreground">{service.category}</Badge> : null}
            {service.service_type && !sameLabel(service.category, service.service_type) ? (
              <Badge variant="outline" className="border-white/40 text-white">
                {formatLabel(service.service_type)}
              </Badge>
            ) : null}
          </>
        }
        title={service.title}
        summary={service.short_description}
      />
      <div className="relative mx-auto -mt-20 max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="space-y-8">
          <InfoTiles>
            <InfoTile icon={<Icon name="tag" className="size-5" />} label="Pricing" value={formatPricingModel(service.pricing_model)} />
            <InfoTile icon={<Icon name="calendar-clock" className="size-5" />} label="Duration" value={orNotAvailable(service.duration_estimate)} />
            <InfoTile icon={<Icon name="users" className="size-5" />} label="Target" value={orNotAvailable(service.target_audience)} />
            <InfoTile icon={<Icon name="circle-check-big" className="size-5" />} label="Availability" value={orNotAvailable(service.availability)} />
          </InfoTiles>
          <FeaturedImage src={service.featured_image_url} alt={service.title} focalX={service.featured_image_focal_x} focalY={service.featured_image_focal_y} />
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="space-y-8">
            {service.overview ? (
              <DetailSection title="Overview">
                <Prose text={service.overview} />
              </DetailSection>
            ) : null}
            {service.description ? (
              <DetailSection title="Description">
                <Prose text={service.description} />
              </DetailSection>
            ) : null}
            {service.features.length > 0 ? (
              <DetailSection title="Features">
                <CheckList items={service.features} columns={2} />
              </DetailSection>
            ) : null}
            {service.gallery.length > 0 ? (
              <DetailSection title="Gallery">
                <DetailGallery images={service.gallery} title={service.title} />
              </DetailSection>
            ) : null}
            {service.benefits.length > 0 ? (
              <DetailSection title="Benefits">
                <CheckList items={service.benefits} />
              </DetailSection>
            ) : null}
          </div>
          <div className="space-y-8">
            <DetailSection title="Service Details">
              <dl className="space-y-5">
                <div>
                  <dt className="text-sm font-semibold text-brand-navy">Prerequisites</dt>
                  <dd className="mt-1 leading-relaxed text-muted-foreground">{orNotAvailable(service.prerequisites)}</dd>
                </div>
                <div className="border-t pt-5">
                  <dt className="text-sm font-semibold text-brand-navy">Warranty</dt>
                  <dd className="mt-1 leading-relaxed text-muted-foreground">{orNotAvailable(service.warranty)}</dd>
                </div>
              </dl>
            </DetailSection>
            <CtaCard
              title="Interested in this service?"
              text="Tell us about your project and get a free, no-obligation quote within 24 hours."
              label="Get Quote"
              quoteFor={{ kind: "service", id: service.id }}
            />
          </div>
        </div>
      </div>
    </SiteShell>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `Service Not Found | ${COMPANY.name}` }, { name: "robots", content: "noindex" }];
  return loaderData.preview ? [...loaderData.seo, { name: "robots", content: "noindex" }] : loaderData.seo;
};

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundFrame chrome={chromeOf(error.data)}>
        <DetailNotFound title="Service Not Found" text={NOT_FOUND_TEXT} />
      </NotFoundFrame>
    );
  }
  // Anything else is the app's shared error page.
  throw error;
}

// Server-rendered HTML with the island script only (docs/decisions/0007-public-pages-without-hydration.md).
export const handle = STATIC_PAGE;
