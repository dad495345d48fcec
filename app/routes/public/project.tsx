import { Icon } from "~/components/site/icon";
import type { Route } from "./+types/project";
import { STATIC_PAGE } from "~/lib/hydration";
import { getProjectPreview, getPublicProject, type PublicProject } from "~/.server/models/projects";
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
import { Stars } from "~/components/site/stars";
import { Badge } from "~/components/ui/badge";
import { Progress } from "~/components/ui/progress";
import { detailMeta, projectJsonLd } from "~/lib/seo";
import {
  clampPercent,
  formatBudget,
  formatDate,
  formatLabel,
  formatMonths,
  formatStatus,
  formatTag,
  orNotAvailable,
  sameLabel,
  statusBadgeVariant,
} from "~/lib/format";

const NOT_FOUND_TEXT = "The project you're looking for doesn't exist or is no longer available.";

export async function loader({ params, request }: Route.LoaderArgs) {
  const { record, ...page } = await loadDetailPage<PublicProject>(request, params.id, {
    noun: "project",
    notFoundTitle: "Project Not Found",
    adminPath: "/admin/projects",
    find: getPublicProject,
    findPreview: async (id) => {
      const found = await getProjectPreview(id);
      return found && { record: found.project, visible: found.isPublic };
    },
    description: (project) => project.description,
    jsonLd: projectJsonLd,
  });
  return withPreviewHeaders(request, { project: record, ...page });
}

function TagList({ items, format = (s: string) => s }: { items: readonly string[]; format?: (s: string) => string }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item}>
          <Badge variant="secondary" className="px-3 py-1 text-sm">
            {format(item)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project, chrome, preview } = loaderData;
  const percent = clampPercent(project.completion_percentage);
  return (
    <SiteShell chrome={chrome}>
      {preview ? <PreviewBar info={preview} /> : null}
      <DetailHeader
        back={<BackLink section="projects">Back to Projects</BackLink>}
        badges={
          <>
            {project.category ? <Badge className="bg-brand-amber text-brand-amber-foreground">{project.category}</Badge> : null}
            {project.project_type && !sameLabel(project.category, project.project_type) ? (
              <Badge variant="outline" className="border-white/40 text-white">
                {formatLabel(project.project_type)}
              </Badge>
            ) : null}
            <Badge
              variant={statusBadgeVariant(project.status)}
              className={statusBadgeVariant(project.status) === "default" ? "bg-brand-teal text-white" : undefined}
            >
              {formatStatus(project.status)}
            </Badge>
          </>
        }
        title={project.title}
        summary={project.short_description}
      />
      <div className="relative mx-auto -mt-20 max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="space-y-8">
          <InfoTiles>
            <InfoTile icon={<Icon name="map-pin" className="size-5" />} label="Location" value={orNotAvailable(project.project_location)} />
            <InfoTile icon={<Icon name="calendar-range" className="size-5" />} label="Duration" value={formatMonths(project.duration_months)} />
            <InfoTile icon={<Icon name="wallet" className="size-5" />} label="Budget" value={formatBudget(project.budget)} />
            <InfoTile icon={<Icon name="gauge" className="size-5" />} label="Progress" value={`${percent}%`} />
          </InfoTiles>
          <FeaturedImage src={project.featured_image_url} alt={project.title} focalX={project.featured_image_focal_x} focalY={project.featured_image_focal_y} />
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="space-y-8">
            {project.description ? (
              <DetailSection title="Project Description">
                <Prose text={project.description} />
              </DetailSection>
            ) : null}
            {project.challenges || project.solutions ? (
              <div className="grid gap-8 md:grid-cols-2">
                {project.challenges ? (
                  <DetailSection title="Challenges">
                    <Prose text={project.challenges} />
                  </DetailSection>
                ) : null}
                {project.solutions ? (
                  <DetailSection title="Solutions">
                    <Prose text={project.solutions} />
                  </DetailSection>
                ) : null}
              </div>
            ) : null}
            {project.gallery_images.length > 0 ? (
              <DetailSection title="Project Gallery">
                <DetailGallery images={project.gallery_images} title={project.title} />
              </DetailSection>
            ) : null}
            {project.testimonial ? (
              <DetailSection title="Client Testimonial" className="border-brand-amber/40 bg-amber-50/60">
                <figure>
                  <Stars rating={5} className="[&_svg]:size-5" />
                  <blockquote className="mt-4 text-lg leading-relaxed text-foreground/90 italic">
                    <p>“{project.testimonial}”</p>
                  </blockquote>
                  {project.client_name ? (
                    <figcaption className="mt-4 font-semibold text-brand-navy">— {project.client_name}</figcaption>
                  ) : null}
                </figure>
              </DetailSection>
            ) : null}
            {project.materials_used.length > 0 ? (
              <DetailSection title="Materials Used">
                <CheckList items={project.materials_used} columns={2} />
              </DetailSection>
            ) : null}
          </div>
          <div className="space-y-8">
            <DetailSection title="Project Details">
              <dl className="space-y-5">
                {project.client_name ? (
                  <div>
                    <dt className="text-sm font-semibold text-brand-navy">Client</dt>
                    <dd className="mt-1 text-muted-foreground">{project.client_name}</dd>
                  </div>
                ) : null}
                <div>
                  <dt className="text-sm font-semibold text-brand-navy">Completion</dt>
                  <dd className="mt-2">
                    <div className="mb-1.5 flex justify-between text-sm text-muted-foreground">
                      <span>{formatStatus(project.status)}</span>
                      <span className="font-semibold text-brand-navy">{percent}%</span>
                    </div>
                    <Progress
                      value={percent}
                      aria-label="Project completion"
                      className="h-2 bg-secondary [&>[data-slot=progress-indicator]]:bg-brand-teal"
                    />
                  </dd>
                </div>
              </dl>
            </DetailSection>
            <DetailSection title="Timeline">
              <dl className="space-y-4">
                <div>
                  <dt className="flex items-center gap-2 text-sm font-semibold text-brand-navy">
                    <Icon name="calendar-days" className="size-5 shrink-0 text-brand-teal" />
                    Start Date
                  </dt>
                  <dd className="pl-7 text-muted-foreground">{formatDate(project.start_date)}</dd>
                </div>
                <div>
                  <dt className="flex items-center gap-2 text-sm font-semibold text-brand-navy">
                    <Icon name="calendar-days" className="size-5 shrink-0 text-brand-teal" />
                    End Date
                  </dt>
                  <dd className="pl-7 text-muted-foreground">{formatDate(project.end_date)}</dd>
                </div>
              </dl>
            </DetailSection>
            {project.technologies_used.length > 0 ? (
              <DetailSection title="Technologies">
                <TagList items={project.technologies_used} />
              </DetailSection>
            ) : null}
            {project.tags.length > 0 ? (
              <DetailSection title="Tags">
                <TagList items={project.tags} format={formatTag} />
              </DetailSection>
            ) : null}
            <CtaCard
              title="Planning something similar?"
              text="Talk to our team about your project. We reply within 24 hours with next steps and a free quote."
              label="Start Your Project"
              quoteFor={{ kind: "project", id: project.id }}
            />
          </div>
        </div>
      </div>
    </SiteShell>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => detailMeta(loaderData, "Project Not Found");

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DetailErrorPage error={error} title="Project Not Found" text={NOT_FOUND_TEXT} />;
}

// Server-rendered HTML with the island script only (docs/decisions/0007-public-pages-without-hydration.md).
export const handle = STATIC_PAGE;
