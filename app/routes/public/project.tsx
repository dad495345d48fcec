import { Icon } from "~/components/site/icon";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/project";
import { STATIC_PAGE } from "~/lib/hydration";
import { logger } from "~/.server/logger";
import { getProjectPreview, getPublicProject, type ProjectPreview } from "~/.server/models/projects";
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
import { Stars } from "~/components/site/stars";
import { Badge } from "~/components/ui/badge";
import { Progress } from "~/components/ui/progress";
import { SITE_ORIGIN } from "~/.server/auth/auth";
import { COMPANY } from "~/content/company";
import { pageMeta, projectJsonLd } from "~/lib/seo";
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

/** Record ids are UUIDs; anything else that could not be one is "not found" (docs/product.md#detail-pages). */
const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

const NOT_FOUND_TEXT = "The project you're looking for doesn't exist or is no longer available.";

export async function loader({ params, request }: Route.LoaderArgs) {
  // A preview request is never cached or indexed, found or not (docs/decisions/0013-versions-and-trash.md).
  const headers = isPreviewRequest(request) ? PREVIEW_HEADERS : undefined;
  const id = IdSchema.safeParse(params.id);
  if (!id.success) throw data({ message: "Project Not Found", chrome: await getSiteChrome() }, { status: 404, headers });
  let found: ProjectPreview | null;
  let preview: boolean;
  try {
    preview = await canPreview(request);
    // An admin's preview finds a private project too; everyone else only a public one.
    if (preview) found = await getProjectPreview(id.data);
    else {
      const project = await getPublicProject(id.data);
      found = project ? { project, isPublic: true } : null;
    }
  } catch (error) {
    // docs/product.md#project-detail: a failed detail load is logged and redirects home.
    logger.error({ err: error, projectId: id.data }, "project detail load failed");
    throw redirect("/");
  }
  if (!found) throw data({ message: "Project Not Found", chrome: await getSiteChrome() }, { status: 404, headers });
  const chrome = await getSiteChrome();
  const previewInfo: PreviewInfo | null = preview ? { visible: found.isPublic, noun: "project", adminPath: "/admin/projects" } : null;
  const visible = found.project;
  // Meta is built here, on the server, so the SEO helpers stay out of the browser bundle.
  const seo = pageMeta({
    origin: SITE_ORIGIN,
    path: `/project/${visible.id}`,
    title: `${visible.title} | ${chrome.company.name}`,
    description: visible.short_description ?? visible.description ?? chrome.company.description,
    image: visible.featured_image_url,
    type: "article",
    jsonLd: [projectJsonLd(SITE_ORIGIN, visible, chrome.company.name)],
    company: chrome.company,
  });
  return withPreviewHeaders(request, { project: visible, chrome, seo, preview: previewInfo });
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

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `Project Not Found | ${COMPANY.name}` }, { name: "robots", content: "noindex" }];
  return loaderData.preview ? [...loaderData.seo, { name: "robots", content: "noindex" }] : loaderData.seo;
};

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundFrame chrome={chromeOf(error.data)}>
        <DetailNotFound title="Project Not Found" text={NOT_FOUND_TEXT} />
      </NotFoundFrame>
    );
  }
  // Anything else is the app's shared error page.
  throw error;
}

// Server-rendered HTML with the island script only (docs/decisions/0007-public-pages-without-hydration.md).
export const handle = STATIC_PAGE;
