import type { Route } from "./+types/service";
import { STATIC_PAGE } from "~/lib/hydration";
import { getActiveService, getServicePreview, type PublicService } from "~/.server/models/services";
import { withPreviewHeaders } from "~/.server/auth/preview";
import { loadDetailPage } from "~/.server/http/detail-page";
import { PreviewBar } from "~/components/site/preview-bar";
import {
  BackLink,
  CheckList,
  CtaCard,
  DetailGallery,
  DetailHeader,
  DetailErrorPage,
  DetailSection,
  FeaturedImage,
  InfoTile,
  InfoTiles,
  Prose,
} from "~/components/site/detail-parts";
import { SiteShell } from "~/components/site/site-shell";
import { detailMeta, serviceJsonLd } from "~/lib/seo";
import { formatLabel, formatPricingModel, orNotAvailable, sameLabel } from "~/lib/format";
import { fallbackOf } from "~/i18n/records";
import { SERVICE_TRANSLATABLE } from "~/validation/translatable-fields";

const NOT_FOUND_TEXT = "The service you're looking for doesn't exist or is no longer available.";

export async function loader({ params, request }: Route.LoaderArgs) {
  const { record, ...page } = await loadDetailPage<PublicService>(request, params.id, {
    noun: "service",
    notFoundTitle: "Service Not Found",
    adminPath: "/admin/services",
    find: getActiveService,
    findPreview: async (id) => {
      const found = await getServicePreview(id);
      return found && { record: found.service, visible: found.isActive };
    },
    translatable: SERVICE_TRANSLATABLE,
    description: (service) => service.overview,
    jsonLd: serviceJsonLd,
  });
  return withPreviewHeaders(request, { service: record, ...page });
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, chrome, preview, alts, fallback } = loaderData;
  // A field shown in English on a Dhivehi page is marked lang="en" dir="ltr" (docs/decisions/0077-dhivehi-design.md).
  const f = (field: string) => fallbackOf(fallback, field);
  return (
    <SiteShell chrome={chrome}>
      {preview ? <PreviewBar info={preview} /> : null}
      <DetailHeader
        back={<BackLink section="services">Back to Services</BackLink>}
        badges={
          <>
            {service.category ? <span className="badge badge-amber" {...f("category")}>{service.category}</span> : null}
            {service.service_type && !sameLabel(service.category, service.service_type) ? (
              <span className="badge badge-outline">{formatLabel(service.service_type)}</span>
            ) : null}
          </>
        }
        title={service.title}
        summary={service.short_description}
        titleAttributes={f("title")}
        summaryAttributes={f("short_description")}
      />
      <div className="wrap detail-body">
        <div className="detail-stack">
          <InfoTiles>
            <InfoTile icon="tag" label="Pricing" value={formatPricingModel(service.pricing_model)} />
            <InfoTile icon="calendar-clock" label="Duration" value={<span {...f("duration_estimate")}>{orNotAvailable(service.duration_estimate)}</span>} />
            <InfoTile icon="users" label="Target" value={<span {...f("target_audience")}>{orNotAvailable(service.target_audience)}</span>} />
            <InfoTile icon="circle-check-big" label="Availability" value={<span {...f("availability")}>{orNotAvailable(service.availability)}</span>} />
          </InfoTiles>
          <FeaturedImage src={service.featured_image_url} alt={(service.featured_image_url && alts[service.featured_image_url]) || service.title} focalX={service.featured_image_focal_x} focalY={service.featured_image_focal_y} />
        </div>
        <div className="detail-cols">
          <div className="detail-stack">
            {service.overview ? (
              <DetailSection title="Overview">
                <Prose text={service.overview} attributes={f("overview")} />
              </DetailSection>
            ) : null}
            {service.description ? (
              <DetailSection title="Description">
                <Prose text={service.description} attributes={f("description")} />
              </DetailSection>
            ) : null}
            {service.features.length > 0 ? (
              <DetailSection title="Features">
                <CheckList items={service.features} columns={2} attributes={f("features")} />
              </DetailSection>
            ) : null}
            {service.gallery.length > 0 ? (
              <DetailSection title="Gallery">
                <DetailGallery images={service.gallery} title={service.title} alts={alts} />
              </DetailSection>
            ) : null}
            {service.benefits.length > 0 ? (
              <DetailSection title="Benefits">
                <CheckList items={service.benefits} attributes={f("benefits")} />
              </DetailSection>
            ) : null}
          </div>
          <div className="detail-stack">
            <DetailSection title="Service Details">
              <dl className="detail-facts detail-notes">
                <div>
                  <dt>Prerequisites</dt>
                  <dd {...f("prerequisites")}>{orNotAvailable(service.prerequisites)}</dd>
                </div>
                <div>
                  <dt>Warranty</dt>
                  <dd {...f("warranty")}>{orNotAvailable(service.warranty)}</dd>
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

export const meta: Route.MetaFunction = ({ loaderData, error }) => detailMeta(loaderData, "Service Not Found", error);

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DetailErrorPage error={error} title="Service Not Found" text={NOT_FOUND_TEXT} />;
}

// Server-rendered HTML with the island script only (docs/decisions/0007-public-pages-without-hydration.md).
export const handle = STATIC_PAGE;
