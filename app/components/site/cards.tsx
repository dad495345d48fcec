import { Icon } from "~/components/site/icon";
import { isSampleId } from "~/content/site-content";
import type { ProjectSummary, ServiceSummary } from "~/content/types";
import { focalStyle } from "~/lib/images";
import { clampPercent, sameLabel, statusBadgeVariant } from "~/lib/format";
import { en } from "~/i18n/en";
import { useFormats } from "~/i18n/format";
import { localizedPath } from "~/i18n/language";
import { useLanguage, useMessages } from "~/i18n/messages";
import { SKELETON_COUNT } from "~/validation/constants";
import { fallbackOf } from "~/i18n/records";
import { ResponsiveImage } from "./responsive-image";

const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw";

/** Decorative: the card's title follows right after it. */
function CardImage({ src, focalX, focalY }: { src: string | null; focalX?: number; focalY?: number }) {
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
      pictureClassName="card-img"
    />
  ) : (
    <div className="card-img">
      <Icon name="building-2" />
    </div>
  );
}

/** The title: a link covering the whole card for a real service or project; plain text for a sample. */
function CardTitle({ id, title, href, attributes }: { id: string; title: string; href: string; attributes?: ReturnType<typeof fallbackOf> }) {
  return (
    <h3 dir="auto" {...attributes}>
      {isSampleId(id) ? title : <a href={href}>{title}</a>}
    </h3>
  );
}

// The badges sit over the image, placed against the card itself (no wrapper around the image: one element fewer
// per card).
export function ServiceCard({ service }: { service: ServiceSummary }) {
  const linked = !isSampleId(service.id);
  const m = useMessages();
  const format = useFormats();
  const language = useLanguage();
  // A field shown in English on a Dhivehi page is marked lang="en" dir="ltr" (docs/decisions/0077-dhivehi-design.md).
  const f = (field: string) => fallbackOf(service.fallback, field);
  return (
    <article className="card">
      <CardImage src={service.featured_image_url} focalX={service.featured_image_focal_x} focalY={service.featured_image_focal_y} />
      {/* No dir of its own: the badge's inline start (where it sits) is the page's. */}
      {service.category ? (
        <span className="badge card-tag" {...f("category")}>
          {service.category}
        </span>
      ) : null}
      <div className="card-body">
        {service.service_type && !sameLabel(service.category, service.service_type) ? <p>{format.kind(service.service_type)}</p> : null}
        <CardTitle id={service.id} title={service.title} href={localizedPath(language, `/service/${service.id}`)} attributes={f("title")} />
        {service.short_description ? (
          <p className="card-text" dir="auto" {...f("short_description")}>
            {service.short_description}
          </p>
        ) : null}
        <div className="card-foot">
          {service.pricing_model ? (
            <p>
              <Icon name="tag" />
              {format.pricing(service.pricing_model)}
            </p>
          ) : (
            <span />
          )}
          {linked ? (
            <span aria-hidden="true" className="card-more">
              {m.learnMore}
              <Icon name="arrow-right" />
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export function ProjectCard({ project }: { project: ProjectSummary }) {
  const percent = clampPercent(project.completion_percentage);
  const m = useMessages();
  const format = useFormats();
  const language = useLanguage();
  const f = (field: string) => fallbackOf(project.fallback, field);
  const englishTitle = f("title").lang === "en";
  return (
    <article className="card">
      <CardImage src={project.featured_image_url} focalX={project.featured_image_focal_x} focalY={project.featured_image_focal_y} />
      <div className="card-badges">
        <span className={statusBadgeVariant(project.status) === "secondary" ? "badge badge-secondary" : "badge"}>{format.status(project.status)}</span>
        {project.is_featured ? (
          <span className="badge badge-amber">
            <Icon name="star-filled" />
            {m.featured}
          </span>
        ) : null}
      </div>
      <div className="card-body">
        {project.category ? (
          <p dir="auto" {...f("category")}>
            {project.category}
          </p>
        ) : null}
        <CardTitle id={project.id} title={project.title} href={localizedPath(language, `/project/${project.id}`)} attributes={f("title")} />
        {project.project_location ? (
          <p className="card-place" dir="auto" {...f("project_location")}>
            <Icon name="map-pin" />
            {project.project_location}
          </p>
        ) : null}
        {project.short_description ? (
          <p className="card-text" dir="auto" {...f("short_description")}>
            {project.short_description}
          </p>
        ) : null}
        <div className="card-progress">
          <span>{m.progress}</span>
          <span>{percent}%</span>
        </div>
        {/*
          One element (docs/performance.md#targets, the home page's element count): the filled part is a hard stop
          of a gradient where the Progress component draws a second, shifted bar; both end square.
        */}
        <div
          role="progressbar"
          // A name made around a title that fell back to English is English as a whole, and marked so.
          aria-label={(englishTitle ? en : m).progressOf(project.title)}
          {...(englishTitle ? { lang: "en" } : {})}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          // The bar fills from the line's start: from the right on a right-to-left page.
          style={{ backgroundImage: `linear-gradient(to ${language === "dv" ? "left" : "right"}, var(--brand-teal) ${percent}%, transparent ${percent}%)` }}
        />
      </div>
    </article>
  );
}

/** docs/product.md#limits: 6 skeleton cards while a list loads. */
export function CardGridSkeleton({ label, count = SKELETON_COUNT }: { label: string; count?: number }) {
  return (
    <div role="status" aria-live="polite" className="cards-loading">
      <span className="sr-text">{label}</span>
      <ul className="cards">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} data-testid="card-skeleton">
            <div className="skel" />
            <div>
              <div className="skel" />
              <div className="skel" />
              <div className="skel" />
              <div className="skel" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CardGrid({ children }: { children: React.ReactNode }) {
  return <ul className="cards">{children}</ul>;
}

/** `icon`: an <Icon>, sized by the tile it sits in. */
export function EmptyState({ icon, title, text }: { icon: React.ReactNode; title: string; text: string }) {
  return (
    <div className="cards-empty">
      <span>{icon}</span>
      <h3>{title}</h3>
      <p>{text}</p>
    </div>
  );
}
