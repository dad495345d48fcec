import { Icon } from "~/components/site/icon";
import { Badge } from "~/components/ui/badge";
import { Skeleton } from "~/components/ui/skeleton";
import { isSampleId } from "~/content/site-content";
import type { ProjectSummary, ServiceSummary } from "~/content/types";
import { focalStyle } from "~/lib/images";
import { clampPercent, formatLabel, formatPricingModel, formatStatus, sameLabel, statusBadgeVariant } from "~/lib/format";
import { cn } from "~/lib/utils";
import { SKELETON_COUNT } from "~/validation/constants";
import { ResponsiveImage } from "./responsive-image";

const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw";

const cardClass =
  "group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-all duration-300 has-[a:hover]:-translate-y-1 has-[a:hover]:shadow-xl has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/60";

/** Decorative: the card's title follows right after it. */
function CardImage({ src, focalX, focalY }: { src: string | null; focalX?: number; focalY?: number }) {
  const frame = "relative block aspect-[3/2] overflow-hidden bg-gradient-to-br from-brand-navy to-brand-teal";
  // The <picture> is the frame itself: one element fewer per card (docs/performance.md#targets, the home page's
  // element count).
  return src ? (
    <ResponsiveImage
      src={src}
      alt=""
      sizes={CARD_SIZES}
      width={1200}
      height={800}
      style={focalStyle(focalX, focalY)}
      pictureClassName={frame}
      className="size-full object-cover transition-transform duration-500 group-has-[a:hover]:scale-105"
    />
  ) : (
    <div className={cn(frame, "grid place-items-center text-white/70")}>
      <Icon name="building-2" className="size-14" />
    </div>
  );
}

/** The title: a link covering the whole card for a real service or project; plain text for a sample. */
function CardTitle({ id, title, href }: { id: string; title: string; href: string }) {
  return (
    <h3 className="text-xl leading-snug font-semibold text-brand-navy">
      {isSampleId(id) ? (
        title
      ) : (
        <a href={href} className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-primary">
          {title}
        </a>
      )}
    </h3>
  );
}

export function ServiceCard({ service }: { service: ServiceSummary }) {
  const linked = !isSampleId(service.id);
  return (
    <article className={cardClass}>
      <div className="relative">
        <CardImage src={service.featured_image_url} focalX={service.featured_image_focal_x} focalY={service.featured_image_focal_y} />
        {service.category ? (
          <Badge className="absolute top-4 left-4 bg-white/95 text-brand-navy shadow-sm">{service.category}</Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-6">
        {service.service_type && !sameLabel(service.category, service.service_type) ? (
          <p className="mb-2 text-xs font-bold tracking-wider text-brand-teal uppercase">{formatLabel(service.service_type)}</p>
        ) : null}
        <CardTitle id={service.id} title={service.title} href={`/service/${service.id}`} />
        {service.short_description ? (
          <p className="mt-3 line-clamp-3 leading-relaxed text-muted-foreground">{service.short_description}</p>
        ) : null}
        <div className="mt-auto pt-5">
          <div className="flex items-center justify-between gap-3 border-t pt-5 text-sm">
            {service.pricing_model ? (
              <p className="flex items-center gap-2 font-medium text-foreground/80">
                <Icon name="tag" className="size-4 text-brand-teal" />
                {formatPricingModel(service.pricing_model)}
              </p>
            ) : (
              <span />
            )}
            {linked ? (
              <span aria-hidden="true" className="flex items-center gap-1 font-semibold text-primary">
                Learn More
                <Icon name="arrow-right" className="size-4 transition-transform group-has-[a:hover]:translate-x-1" />
              </span>
            ) : null}
          </div>
        </div>
      </div>
    </article>
  );
}

export function ProjectCard({ project }: { project: ProjectSummary }) {
  const percent = clampPercent(project.completion_percentage);
  return (
    <article className={cardClass}>
      <div className="relative">
        <CardImage src={project.featured_image_url} focalX={project.featured_image_focal_x} focalY={project.featured_image_focal_y} />
        <div className="absolute inset-x-4 top-4 flex items-start justify-between gap-2">
          <Badge variant={statusBadgeVariant(project.status)} className="shadow-sm">
            {formatStatus(project.status)}
          </Badge>
          {project.is_featured ? (
            <Badge className="bg-brand-amber text-brand-amber-foreground shadow-sm">
              <Icon name="star-filled" className="size-3" />
              Featured
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-6">
        {project.category ? <p className="mb-2 text-xs font-bold tracking-wider text-brand-teal uppercase">{project.category}</p> : null}
        <CardTitle id={project.id} title={project.title} href={`/project/${project.id}`} />
        {project.project_location ? (
          <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
            <Icon name="map-pin" className="size-4 shrink-0" />
            {project.project_location}
          </p>
        ) : null}
        {project.short_description ? (
          <p className="mt-3 line-clamp-3 leading-relaxed text-muted-foreground">{project.short_description}</p>
        ) : null}
        <div className="mt-auto pt-5">
          <div className="mb-2 flex items-center justify-between text-sm">
            <span className="font-medium text-foreground/80">Progress</span>
            <span className="font-semibold text-brand-navy">{percent}%</span>
          </div>
          {/*
            One element (docs/performance.md#targets, the home page's element count): the filled part is a hard stop
            of a gradient where the Progress component draws a second, shifted bar; both end square.
          */}
          <div
            role="progressbar"
            aria-label={`${project.title} progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
            className="h-2 w-full overflow-hidden rounded-full bg-secondary"
            style={{ backgroundImage: `linear-gradient(to right, var(--brand-teal) ${percent}%, transparent ${percent}%)` }}
          />
        </div>
      </div>
    </article>
  );
}

/** docs/product.md#limits: 6 skeleton cards while a list loads. */
export function CardGridSkeleton({ label, count = SKELETON_COUNT }: { label: string; count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} data-testid="card-skeleton" className="overflow-hidden rounded-xl border bg-card shadow-sm">
            <Skeleton className="aspect-[3/2] rounded-none" />
            <div className="space-y-3 p-6">
              <Skeleton className="h-3 w-24" />
              <Skeleton className="h-6 w-3/4" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CardGrid({ children, className }: { children: React.ReactNode; className?: string }) {
  return <ul className={cn("grid gap-8 md:grid-cols-2 lg:grid-cols-3", className)}>{children}</ul>;
}

export function EmptyState({ icon, title, text }: { icon: React.ReactNode; title: string; text: string }) {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-dashed bg-card px-6 py-14 text-center shadow-sm">
      <span className="mx-auto mb-5 grid size-16 place-items-center rounded-full bg-accent text-brand-teal">{icon}</span>
      <h3 className="text-xl font-semibold text-brand-navy">{title}</h3>
      <p className="mt-2 text-muted-foreground">{text}</p>
    </div>
  );
}
