import type { Route } from "./+types/project";
import { STATIC_PAGE } from "~/lib/hydration";
import { withPreviewHeaders } from "~/.server/auth/preview";
import { loadDetailPage } from "~/.server/http/detail-page";
import { PreviewBar } from "~/components/site/preview-bar";
import { BackLink, CategoryBadges, CheckList, CtaCard, DetailGallery, DetailHeader, DetailErrorPage, detailHeaders, detailRouteMeta, DetailSection, FeaturedImage, InfoTile, InfoTiles, Prose } from "~/components/site/detail-parts";
import { SiteShell } from "~/components/site/site-shell";
import { Stars } from "~/components/site/stars";
import { clampPercent, formatTag, statusBadgeVariant } from "~/lib/format";
import { useFormats } from "~/i18n/format";
import { useLanguage, useMessages } from "~/i18n/messages";
import { fallbackOf } from "~/i18n/records";

export async function loader({ params, request }: Route.LoaderArgs) {
  const { record, ...page } = await loadDetailPage(request, params.id, "project");
  return withPreviewHeaders(request, { project: record, ...page });
}

function TagList({ items, format = (s: string) => s, attributes }: { items: readonly string[]; format?: (s: string) => string; attributes?: ReturnType<typeof fallbackOf> }) {
  return (
    <ul className="detail-tags" {...attributes}>
      {items.map((item) => (
        <li key={item}>
          <span className="badge badge-secondary" dir="auto">
            {format(item)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project, chrome, preview, alts, fallback } = loaderData;
  // A field shown in English on a Dhivehi page is marked lang="en" dir="ltr" (docs/decisions/0077-dhivehi-design.md).
  const f = (field: string) => fallbackOf(fallback, field);
  const englishTitle = f("title").lang === "en";
  const percent = clampPercent(project.completion_percentage);
  const status = statusBadgeVariant(project.status);
  const m = useMessages();
  const format = useFormats();
  const rtl = useLanguage() === "dv";
  return (
    <SiteShell chrome={chrome}>
      {preview ? <PreviewBar info={preview} /> : null}
      <DetailHeader
        back={<BackLink section="projects">{m.backToProjects}</BackLink>}
        badges={
          <>
            <CategoryBadges category={project.category} type={project.project_type} attributes={f("category")} />
            <span data-variant={status} className={status === "default" ? "badge badge-teal" : "badge badge-secondary"}>
              {format.status(project.status)}
            </span>
          </>
        }
        title={project.title}
        summary={project.short_description}
        titleAttributes={f("title")}
        summaryAttributes={f("short_description")}
      />
      <div className="wrap detail-body">
        <div className="detail-stack">
          <InfoTiles>
            <InfoTile icon="map-pin" label={m.location} value={<span dir="auto" {...f("project_location")}>{format.orNotAvailable(project.project_location)}</span>} />
            <InfoTile icon="calendar-range" label={m.duration} value={format.months(project.duration_months)} />
            <InfoTile icon="wallet" label={m.budget} value={format.budget(project.budget)} />
            <InfoTile icon="gauge" label={m.progress} value={`${percent}%`} />
          </InfoTiles>
          <FeaturedImage record={project} alts={alts} altInEnglish={englishTitle} />
        </div>
        <div className="detail-cols">
          <div className="detail-stack">
            {project.description ? (
              <DetailSection title={m.projectDescription} name="Project Description">
                <Prose text={project.description} attributes={f("description")} />
              </DetailSection>
            ) : null}
            {project.challenges || project.solutions ? (
              <div className="detail-pair">
                {project.challenges ? (
                  <DetailSection title={m.challenges} name="Challenges">
                    <Prose text={project.challenges} attributes={f("challenges")} />
                  </DetailSection>
                ) : null}
                {project.solutions ? (
                  <DetailSection title={m.solutions} name="Solutions">
                    <Prose text={project.solutions} attributes={f("solutions")} />
                  </DetailSection>
                ) : null}
              </div>
            ) : null}
            {project.gallery_images.length > 0 ? (
              <DetailSection title={m.projectGallery} name="Project Gallery">
                <DetailGallery images={project.gallery_images} title={project.title} alts={alts} titleInEnglish={englishTitle} />
              </DetailSection>
            ) : null}
            {project.testimonial ? (
              <DetailSection title={m.clientTestimonial} name="Client Testimonial" className="detail-quote">
                <figure>
                  <Stars rating={5} />
                  <blockquote {...f("testimonial")}>
                    <p dir="auto">“{project.testimonial}”</p>
                  </blockquote>
                  {project.client_name ? (
                    <figcaption>
                      —{" "}
                      <span dir="auto" {...f("client_name")}>
                        {project.client_name}
                      </span>
                    </figcaption>
                  ) : null}
                </figure>
              </DetailSection>
            ) : null}
            {project.materials_used.length > 0 ? (
              <DetailSection title={m.materialsUsed} name="Materials Used">
                <CheckList items={project.materials_used} columns={2} attributes={f("materials_used")} />
              </DetailSection>
            ) : null}
          </div>
          <div className="detail-stack">
            <DetailSection title={m.projectDetails} name="Project Details">
              <dl className="detail-facts">
                {project.client_name ? (
                  <div>
                    <dt>{m.client}</dt>
                    <dd dir="auto" {...f("client_name")}>
                      {project.client_name}
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>{m.completion}</dt>
                  <dd className="detail-completion">
                    <div>
                      <span>{format.status(project.status)}</span>
                      <span>{percent}%</span>
                    </div>
                    {/* The attributes Radix's Progress gave it. */}
                    <div
                      role="progressbar"
                      aria-label={m.projectCompletion}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent}
                      aria-valuetext={`${percent}%`}
                    >
                      {/* The bar fills from the line's start: from the right on a right-to-left page. */}
                      <div style={{ transform: `translateX(${rtl ? "" : "-"}${100 - percent}%)` }} />
                    </div>
                  </dd>
                </div>
              </dl>
            </DetailSection>
            <DetailSection title={m.timeline} name="Timeline">
              {/* The calendar is each term's own ::before. */}
              <dl className="detail-timeline">
                <div>
                  <dt className="icon-box icon-calendar-days">{m.startDate}</dt>
                  <dd>{format.date(project.start_date)}</dd>
                </div>
                <div>
                  <dt className="icon-box icon-calendar-days">{m.endDate}</dt>
                  <dd>{format.date(project.end_date)}</dd>
                </div>
              </dl>
            </DetailSection>
            {project.technologies_used.length > 0 ? (
              <DetailSection title={m.technologies} name="Technologies">
                <TagList items={project.technologies_used} attributes={f("technologies_used")} />
              </DetailSection>
            ) : null}
            {project.tags.length > 0 ? (
              <DetailSection title={m.tags} name="Tags">
                <TagList items={project.tags} format={formatTag} attributes={f("tags")} />
              </DetailSection>
            ) : null}
            <CtaCard
              title={m.projectCtaTitle}
              text={m.projectCtaText}
              label={m.startYourProject}
              quoteFor={{ kind: "project", id: project.id }}
            />
          </div>
        </div>
      </div>
    </SiteShell>
  );
}

export const meta: Route.MetaFunction = detailRouteMeta("project");
export const headers = detailHeaders;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DetailErrorPage error={error} kind="project" />;
}

// Server-rendered HTML with the island script only (docs/decisions/0007-public-pages-without-hydration.md).
export const handle = STATIC_PAGE;
