import { isRouteErrorResponse } from "react-router";
import { Icon } from "~/components/site/icon";
import { ATTR, dataAttr } from "~/islands/attributes";
import { focalStyle } from "~/lib/images";
import { cn } from "~/lib/utils";
import { Lightbox, lightboxData } from "./lightbox";
import { chromeOf, NotFoundFrame } from "./not-found-page";
import { preloadImage, ResponsiveImage } from "./responsive-image";
import { type SectionId, SectionLink } from "./section-link";

// Building blocks of the service and project detail pages.

export function BackLink({ section, children }: { section: SectionId; children: React.ReactNode }) {
  return (
    <SectionLink
      section={section}
      className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-white/85 transition-colors hover:text-white focus-visible:ring-[3px] focus-visible:ring-white/70 focus-visible:outline-none"
    >
      <Icon name="arrow-left" className="size-4" />
      {children}
    </SectionLink>
  );
}

/** The dark band at the top of a detail page: back link, badges, the page's h1 and its summary. */
export function DetailHeader({
  back,
  badges,
  title,
  summary,
}: {
  back: React.ReactNode;
  badges: React.ReactNode;
  title: string;
  summary: string | null;
}) {
  return (
    <div className="relative overflow-hidden bg-brand-navy text-white">
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-80 rounded-full bg-brand-teal/25 blur-3xl" />
      <div className="relative mx-auto max-w-7xl px-4 pt-8 pb-28 sm:px-6 lg:px-8 lg:pb-32">
        {back}
        <div className="mt-8 flex flex-wrap gap-2">{badges}</div>
        <h1 className="mt-4 max-w-4xl text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">{title}</h1>
        {summary ? <p className="mt-4 max-w-3xl text-lg leading-relaxed text-white/85">{summary}</p> : null}
      </div>
    </div>
  );
}

export function InfoTiles({ children }: { children: React.ReactNode }) {
  return <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">{children}</dl>;
}

export function InfoTile({ icon, label, value }: { icon: React.ReactNode; label: string; value: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      {/* On a phone a tile is ~170 px wide: the icon above the label, so a long label ("Availability") is not broken mid-word. */}
      <dt className="flex flex-col items-start gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:flex-row sm:items-center sm:gap-2.5">
        <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent text-brand-teal">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-3 font-semibold break-words text-brand-navy sm:text-lg">{value}</dd>
    </div>
  );
}

const FEATURED_SIZES = "(min-width: 1280px) 1200px, 100vw";

export function FeaturedImage({ src, alt, focalX, focalY }: { src: string | null; alt: string; focalX?: number; focalY?: number }) {
  if (!src) return null;
  // The page's largest paint: requested from the head, not when the parser reaches it.
  preloadImage(src, FEATURED_SIZES);
  return (
    <div className="overflow-hidden rounded-2xl border bg-muted shadow-lg">
      <ResponsiveImage
        src={src}
        alt={alt}
        sizes={FEATURED_SIZES}
        avif="phones"
        loading="eager"
        fetchPriority="high"
        width={1200}
        height={800}
        style={focalStyle(focalX, focalY)}
        className="aspect-[16/9] w-full object-cover lg:aspect-[2/1]"
      />
    </div>
  );
}

export function DetailSection({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={cn("rounded-2xl border bg-card p-6 shadow-sm sm:p-8", className)}>
      <h2 id={id} className="mb-4 text-2xl font-bold text-brand-navy">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Text from the database, with its paragraphs (blank lines) kept. */
export function Prose({ text }: { text: string }) {
  return (
    <div className="space-y-4 leading-relaxed text-foreground/85">
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i} className="whitespace-pre-line">
            {p}
          </p>
        ))}
    </div>
  );
}

export function CheckList({ items, columns = 1 }: { items: readonly string[]; columns?: 1 | 2 }) {
  return (
    <ul className={cn("grid gap-3", columns === 2 && "sm:grid-cols-2")}>
      {items.map((item) => (
        // The tick is the item's own ::before (as IconBox draws a tile's icon).
        <li
          key={item}
          className="icon-box icon-check-circle flex gap-3 rounded-lg bg-muted/70 p-3 text-foreground/90 before:mt-0.5 before:size-5 before:shrink-0 before:bg-brand-teal"
        >
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A detail page's gallery: thumbnails that open the full-screen viewer. */
export function DetailGallery({ images, title }: { images: readonly string[]; title: string }) {
  const items = images.map((src, i) => ({
    src,
    alt: `${title}, image ${i + 1} of ${images.length}`,
    title: `${title} (${i + 1}/${images.length})`,
  }));
  return (
    <div {...dataAttr(ATTR.lightboxGroup)}>
      <ul {...dataAttr(ATTR.afterLcp)} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((image, i) => (
          <li key={image.src + i}>
            <a
              href={image.src}
              {...lightboxData(image)}
              className="group block aspect-[4/3] w-full overflow-hidden rounded-lg bg-muted focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              <ResponsiveImage
                src={image.src}
                alt={`View ${image.alt}`}
                sizes="(min-width: 1024px) 260px, 50vw"
                className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
            </a>
          </li>
        ))}
      </ul>
      <Lightbox />
    </div>
  );
}

/**
 * The call-to-action card: back home, then scroll to the contact form (docs/product.md#service-detail: after about 100 ms).
 * `quoteFor` names the service or project, which the form's Project Type and source then carry
 * (docs/decisions/0017-leads-pipeline.md).
 */
export function CtaCard({ title, text, label, quoteFor }: { title: string; text: string; label: string; quoteFor?: { kind: "service" | "project"; id: string } }) {
  return (
    <aside aria-label={title} className="rounded-2xl bg-brand-navy p-7 text-white shadow-lg">
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="mt-3 leading-relaxed text-white/80">{text}</p>
      <SectionLink
        section="contact"
        search={quoteFor ? `${quoteFor.kind}=${encodeURIComponent(quoteFor.id)}` : undefined}
        className="mt-6 inline-flex h-12 w-full items-center justify-center rounded-md bg-brand-amber px-6 font-semibold text-brand-amber-foreground shadow-sm transition-colors hover:bg-brand-amber/90 focus-visible:ring-[3px] focus-visible:ring-white/70 focus-visible:outline-none"
      >
        {label}
      </SectionLink>
    </aside>
  );
}

/** 'Service Not Found' / 'Project Not Found' with a 'Back to Home' button (HTTP 404). */
export function DetailNotFound({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex min-h-[70vh] flex-1 items-center justify-center bg-muted px-6 py-16">
      <div className="w-full max-w-md rounded-2xl border bg-card p-10 text-center shadow-lg">
        <span aria-hidden="true" className="mx-auto mb-6 grid size-16 place-items-center rounded-full bg-accent text-brand-teal">
          <Icon name="search-x" className="size-8" />
        </span>
        <h1 className="text-2xl font-bold text-brand-navy">{title}</h1>
        <p className="mt-3 text-muted-foreground">{text}</p>
        <a
          href="/"
          className="mt-8 inline-flex h-11 items-center justify-center gap-2 rounded-md bg-primary px-6 font-semibold text-primary-foreground transition-colors hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <Icon name="home" className="size-4" />
          Back to Home
        </a>
      </div>
    </div>
  );
}

/**
 * A detail route's ErrorBoundary: its 404 (thrown by loadDetailPage with the site's chrome) as DetailNotFound in the
 * site's header and footer; anything else goes on to the app's shared error page.
 */
export function DetailErrorPage({ error, title, text }: { error: unknown; title: string; text: string }) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <NotFoundFrame chrome={chromeOf(error.data)}>
      <DetailNotFound title={title} text={text} />
    </NotFoundFrame>
  );
}
