import { type HeadersArgs, isRouteErrorResponse } from "react-router";
import { useFormats } from "~/i18n/format";
import { languageOfPath, localizedPath } from "~/i18n/language";
import { CATALOGUES, useLanguage, useMessages } from "~/i18n/messages";
import { sameLabel } from "~/lib/format";
import { detailMeta } from "~/lib/seo";
import { Icon, type IconName } from "~/components/site/icon";
import { ATTR, dataAttr } from "~/islands/attributes";
import { focalStyle } from "~/lib/images";
import { FormattedText } from "./formatted-text";
import { Lightbox, lightboxData, type LightboxText } from "./lightbox";
import { chromeOf, NotFoundFrame } from "./not-found-page";
import { preloadImage, ResponsiveImage } from "./responsive-image";
import { type SectionId, SectionLink } from "./section-link";
import { en } from "~/i18n/en";
import { type fallbackAttributes, fallbackImageAttributes } from "~/i18n/localize";

/** The attributes of an element whose text fell back to English on a Dhivehi page (app/i18n/localize.ts). */
type FallbackAttributes = ReturnType<typeof fallbackAttributes>;

// Building blocks of the service and project detail pages.

export function BackLink({ section, children }: { section: SectionId; children: React.ReactNode }) {
  return (
    <SectionLink
      section={section}
      className="detail-back"
    >
      <Icon name="arrow-left" />
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
  titleAttributes,
  summaryAttributes,
}: {
  back: React.ReactNode;
  badges: React.ReactNode;
  title: string;
  summary: string | null;
  /** `lang="en" dir="ltr"` where a Dhivehi page shows the English text (docs/decisions/0077-dhivehi-design.md). */
  titleAttributes?: FallbackAttributes;
  summaryAttributes?: FallbackAttributes;
}) {
  return (
    <div className="band detail-head on-dark">
      <div className="wrap">
        {back}
        <div>{badges}</div>
        <h1 dir="auto" {...titleAttributes}>
          {title}
        </h1>
        {summary ? (
          <p dir="auto" {...summaryAttributes}>
            {summary}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The header's first badges: the record's category, and its service or project type where that is not the category
 * again. `attributes`: the category's, where a Dhivehi page shows it in English.
 */
export function CategoryBadges({ category, type, attributes }: { category: string | null; type: string | null; attributes?: FallbackAttributes }) {
  const format = useFormats();
  return (
    <>
      {category ? (
        <span className="badge badge-amber" dir="auto" {...attributes}>
          {category}
        </span>
      ) : null}
      {type && !sameLabel(category, type) ? <span className="badge badge-outline">{format.kind(type)}</span> : null}
    </>
  );
}

/** An icon on its tile, the pair one element: the tile draws the icon in its ::before (as IconBox does). */
function IconTile({ name }: { name: IconName }) {
  return <span aria-hidden="true" className={`icon-box icon-${name}`} />;
}

export function InfoTiles({ children }: { children: React.ReactNode }) {
  return <dl className="detail-tiles">{children}</dl>;
}

export function InfoTile({ icon, label, value }: { icon: IconName; label: string; value: React.ReactNode }) {
  return (
    <div>
      {/* On a phone a tile is ~170 px wide: the icon above the label, so a long label ("Availability") is not broken mid-word. */}
      <dt>
        <IconTile name={icon} />
        {label}
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

const FEATURED_SIZES = "(min-width: 1280px) 1200px, 100vw";

/** The record's featured image, with the media library's alt text (its title where it has none). */
export function FeaturedImage({
  record,
  alts,
  altInEnglish = false,
}: {
  record: { title: string; featured_image_url: string | null; featured_image_focal_x?: number; featured_image_focal_y?: number };
  /** The media library's alt texts by URL (docs/decisions/0088-media-library.md). */
  alts: Readonly<Record<string, string>>;
  /** The record's title fell back to English on a Dhivehi page. */
  altInEnglish?: boolean;
}) {
  const language = useLanguage();
  const src = record.featured_image_url;
  if (!src) return null;
  // The page's largest paint: requested from the head, not when the parser reaches it.
  preloadImage(src, FEATURED_SIZES);
  // The library keeps no Dhivehi: on a Dhivehi page its alt text is English, as is a title that fell back, and the
  // image is marked lang="en" so that a screen reader reads it so.
  const stored = alts[src];
  const english = language === "dv" && (stored ? true : altInEnglish);
  return (
    <div className="detail-image">
      <ResponsiveImage
        src={src}
        alt={stored || record.title}
        sizes={FEATURED_SIZES}
        avif="phones"
        loading="eager"
        fetchPriority="high"
        width={1200}
        height={800}
        style={focalStyle(record.featured_image_focal_x, record.featured_image_focal_y)}
        {...fallbackImageAttributes(english)}
      />
    </div>
  );
}

/**
 * `name`: the section's id in the page (`section-overview`), the same in every language; the English title's words
 * when not given (a Thaana title has no letters a-z).
 */
export function DetailSection({ title, name, children, className }: { title: string; name?: string; children: React.ReactNode; className?: string }) {
  const id = `section-${(name ?? title).toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={className ? `detail-card ${className}` : "detail-card"}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Text from the database: formatted text, its plain paragraphs (blank lines) kept (docs/decisions/0084-formatted-text-as-a-markdown-subset.md). */
export function Prose({ text, attributes }: { text: string; attributes?: FallbackAttributes }) {
  return (
    <div className="detail-text" {...attributes}>
      <FormattedText text={text} />
    </div>
  );
}

export function CheckList({ items, columns = 1, attributes }: { items: readonly string[]; columns?: 1 | 2; attributes?: FallbackAttributes }) {
  return (
    <ul className={columns === 2 ? "detail-checks detail-checks-2" : "detail-checks"} {...attributes}>
      {items.map((item) => (
        // The tick is the item's own ::before (as IconBox draws a tile's icon).
        <li key={item} className="icon-box icon-check-circle" dir="auto">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** A detail page's gallery: thumbnails that open the full-screen viewer. */
export function DetailGallery({
  images,
  title,
  alts = {},
  titleInEnglish = false,
}: {
  images: readonly string[];
  title: string;
  alts?: Readonly<Record<string, string>>;
  /** The record's title fell back to English on a Dhivehi page. */
  titleInEnglish?: boolean;
}) {
  const language = useLanguage();
  const page = useMessages();
  const items = images.map((src, i) => {
    // The media library's alt text where the file has one (docs/decisions/0088-media-library.md), else one made of
    // the title. On a Dhivehi page the library's is English (it keeps no Dhivehi), and so is one made around a title
    // that fell back: such an alt comes whole from the English catalogue and the image is marked lang="en", rather
    // than one name mixing the two languages.
    const english = language === "dv" && (alts[src] !== undefined || titleInEnglish);
    const m = english ? en : page;
    const alt = alts[src] ?? m.imageOf(title, i + 1, images.length);
    const texts: LightboxText[] = [...(english ? (["alt"] as const) : []), ...(titleInEnglish ? (["title"] as const) : [])];
    return { src, alt, title: `${title} (${i + 1}/${images.length})`, english: texts, thumbnailAlt: m.viewAlt(alt), thumbnailInEnglish: english };
  });
  return (
    <div {...dataAttr(ATTR.lightboxGroup)}>
      <ul {...dataAttr(ATTR.afterLcp)} className="detail-gallery">
        {items.map((image, i) => (
          <li key={image.src + i}>
            <a href={image.src} {...lightboxData(image)}>
              <ResponsiveImage src={image.src} alt={image.thumbnailAlt} sizes="(min-width: 1024px) 260px, 50vw" {...fallbackImageAttributes(image.thumbnailInEnglish)} />
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
    <aside aria-label={title} className="detail-cta on-dark">
      <h2>{title}</h2>
      <p>{text}</p>
      <SectionLink
        section="contact"
        search={quoteFor ? `${quoteFor.kind}=${encodeURIComponent(quoteFor.id)}` : undefined}
        className="btn btn-amber"
      >
        {label}
      </SectionLink>
    </aside>
  );
}

/** 'Service Not Found' / 'Project Not Found' with a 'Back to Home' button (HTTP 404). */
export function DetailNotFound({ title, text }: { title: string; text: string }) {
  const m = useMessages();
  return (
    <div className="notice detail-missing">
      <div>
        <IconTile name="search-x" />
        <h1>{title}</h1>
        <p>{text}</p>
        <a href={localizedPath(useLanguage(), "/")} className="btn">
          <Icon name="home" />
          {m.backToHome}
        </a>
      </div>
    </div>
  );
}

/**
 * A detail route's ErrorBoundary: its 404 (thrown by loadDetailPage with the site's chrome) as DetailNotFound in the
 * site's header and footer; anything else goes on to the app's shared error page.
 */
export function DetailErrorPage({ error, kind }: { error: unknown; kind: "service" | "project" }) {
  const m = useMessages();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <NotFoundFrame chrome={chromeOf(error.data)}>
      {kind === "service" ? <DetailNotFound title={m.serviceNotFound} text={m.serviceNotFoundText} /> : <DetailNotFound title={m.projectNotFound} text={m.projectNotFoundText} />}
    </NotFoundFrame>
  );
}

/** A detail route's meta: the page's from its loader, a 404's title in the address's language. */
export function detailRouteMeta(kind: "service" | "project") {
  return ({ loaderData, error, location }: { loaderData: Parameters<typeof detailMeta>[0]; error?: unknown; location: { pathname: string } }) => {
    const messages = CATALOGUES[languageOfPath(location.pathname)];
    return detailMeta(loaderData, kind === "service" ? messages.serviceNotFound : messages.projectNotFound, error);
  };
}

/** A detail route's headers: its loader's (the preview's no-cache), or its 404's. */
export function detailHeaders({ loaderHeaders, errorHeaders }: HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}
