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
    description: (service) => service.overview,
    jsonLd: serviceJsonLd,
  });
  return withPreviewHeaders(request, { service: record, ...page });
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, chrome, preview, alts } = loaderData;
  return (
    <SiteShell chrome={chrome}>
      {preview ? <PreviewBar info={preview} /> : null}
      <DetailHeader
        back={<BackLink section="services">Back to Services</BackLink>}
        badges={
          <>
            {service.category ? <span className="badge badge-amber">{service.category}</span> : null}
            {service.service_type && !sameLabel(service.category, service.service_type) ? (
              <span className="badge badge-outline">{formatLabel(service.service_type)}</span>
            ) : null}
          </>
        }
        title={service.title}
        summary={service.short_description}
      />
      <div className="wrap detail-body">
        <div className="detail-stack">
          <InfoTiles>
            <InfoTile icon="tag" label="Pricing" value={formatPricingModel(service.pricing_model)} />
            <InfoTile icon="calendar-clock" label="Duration" value={orNotAvailable(service.duration_estimate)} />
            <InfoTile icon="users" label="Target" value={orNotAvailable(service.target_audience)} />
            <InfoTile icon="circle-check-big" label="Availability" value={orNotAvailable(service.availability)} />
          </InfoTiles>
          <FeaturedImage src={service.featured_image_url} alt={(service.featured_image_url && alts[service.featured_image_url]) || service.title} focalX={service.featured_image_focal_x} focalY={service.featured_image_focal_y} />
        </div>
        <div className="detail-cols">
          <div className="detail-stack">
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
                <DetailGallery images={service.gallery} title={service.title} alts={alts} />
              </DetailSection>
            ) : null}
            {service.benefits.length > 0 ? (
              <DetailSection title="Benefits">
                <CheckList items={service.benefits} />
              </DetailSection>
            ) : null}
          </div>
          <div className="detail-stack">
            <DetailSection title="Service Details">
              <dl className="detail-facts detail-notes">
                <div>
                  <dt>Prerequisites</dt>
                  <dd>{orNotAvailable(service.prerequisites)}</dd>
                </div>
                <div>
                  <dt>Warranty</dt>
                  <dd>{orNotAvailable(service.warranty)}</dd>
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
