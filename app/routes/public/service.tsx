import type { Route } from "./+types/service";
import { STATIC_PAGE } from "~/lib/hydration";
import { withPreviewHeaders } from "~/.server/auth/preview";
import { loadDetailPage } from "~/.server/http/detail-page";
import { PreviewBar } from "~/components/site/preview-bar";
import { BackLink, CategoryBadges, CheckList, CtaCard, DetailGallery, DetailHeader, DetailErrorPage, detailHeaders, detailRouteMeta, DetailSection, FeaturedImage, InfoTile, InfoTiles, Prose } from "~/components/site/detail-parts";
import { SiteShell } from "~/components/site/site-shell";
import { useFormats } from "~/i18n/format";
import { useMessages } from "~/i18n/messages";
import { fallbackOf } from "~/i18n/records";

export async function loader({ params, request }: Route.LoaderArgs) {
  const { record, ...page } = await loadDetailPage(request, params.id, "service");
  return withPreviewHeaders(request, { service: record, ...page });
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, chrome, preview, alts, fallback } = loaderData;
  const m = useMessages();
  const format = useFormats();
  // A field shown in English on a Dhivehi page is marked lang="en" dir="ltr" (docs/decisions/0077-dhivehi-design.md).
  const f = (field: string) => fallbackOf(fallback, field);
  const englishTitle = f("title").lang === "en";
  return (
    <SiteShell chrome={chrome}>
      {preview ? <PreviewBar info={preview} /> : null}
      <DetailHeader
        back={<BackLink section="services">{m.backToServices}</BackLink>}
        badges={
          <>
            <CategoryBadges category={service.category} type={service.service_type} attributes={f("category")} />
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
            <InfoTile icon="tag" label={m.pricing} value={format.pricing(service.pricing_model)} />
            <InfoTile icon="calendar-clock" label={m.duration} value={<span dir="auto" {...f("duration_estimate")}>{format.orNotAvailable(service.duration_estimate)}</span>} />
            <InfoTile icon="users" label={m.target} value={<span dir="auto" {...f("target_audience")}>{format.orNotAvailable(service.target_audience)}</span>} />
            <InfoTile icon="circle-check-big" label={m.availability} value={<span dir="auto" {...f("availability")}>{format.orNotAvailable(service.availability)}</span>} />
          </InfoTiles>
          <FeaturedImage record={service} alts={alts} altInEnglish={englishTitle} />
        </div>
        <div className="detail-cols">
          <div className="detail-stack">
            {service.overview ? (
              <DetailSection title={m.overview} name="Overview">
                <Prose text={service.overview} attributes={f("overview")} />
              </DetailSection>
            ) : null}
            {service.description ? (
              <DetailSection title={m.description} name="Description">
                <Prose text={service.description} attributes={f("description")} />
              </DetailSection>
            ) : null}
            {service.features.length > 0 ? (
              <DetailSection title={m.features} name="Features">
                <CheckList items={service.features} columns={2} attributes={f("features")} />
              </DetailSection>
            ) : null}
            {service.gallery.length > 0 ? (
              <DetailSection title={m.gallery} name="Gallery">
                <DetailGallery images={service.gallery} title={service.title} alts={alts} titleInEnglish={englishTitle} />
              </DetailSection>
            ) : null}
            {service.benefits.length > 0 ? (
              <DetailSection title={m.benefits} name="Benefits">
                <CheckList items={service.benefits} attributes={f("benefits")} />
              </DetailSection>
            ) : null}
          </div>
          <div className="detail-stack">
            <DetailSection title={m.serviceDetails} name="Service Details">
              <dl className="detail-facts detail-notes">
                <div>
                  <dt>{m.prerequisites}</dt>
                  <dd dir="auto" {...f("prerequisites")}>
                    {format.orNotAvailable(service.prerequisites)}
                  </dd>
                </div>
                <div>
                  <dt>{m.warranty}</dt>
                  <dd dir="auto" {...f("warranty")}>
                    {format.orNotAvailable(service.warranty)}
                  </dd>
                </div>
              </dl>
            </DetailSection>
            <CtaCard
              title={m.serviceCtaTitle}
              text={m.serviceCtaText}
              label={m.getQuote}
              quoteFor={{ kind: "service", id: service.id }}
            />
          </div>
        </div>
      </div>
    </SiteShell>
  );
}

export const meta: Route.MetaFunction = detailRouteMeta("service");
export const headers = detailHeaders;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DetailErrorPage error={error} kind="service" />;
}

// Server-rendered HTML with the island script only (docs/decisions/0007-public-pages-without-hydration.md).
export const handle = STATIC_PAGE;
