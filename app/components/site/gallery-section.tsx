import { IconBox } from "~/components/site/icon";
import { useMessages } from "~/i18n/messages";
import { type Fallbacks, fallbackOf } from "~/i18n/site-content";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { ATTR, dataAttr } from "~/islands/attributes";
import type { GalleryContent } from "~/validation/site-content";
import { FadeIn } from "./fade-in";
import { Lightbox, lightboxData, type LightboxText } from "./lightbox";
import { ResponsiveImage } from "./responsive-image";
import { headingOf, SectionHeading } from "./section-heading";

/** The viewer's texts of gallery image `i` that fell back to English on a Dhivehi page. */
function englishTexts(fallback: Fallbacks | undefined, i: number): LightboxText[] {
  const fell = (key: string) => fallback?.includes(`items.${i}.${key}`) ?? false;
  return (["alt", "title", "caption"] as const).filter((text) => fell(text === "caption" ? "category" : text));
}

/** docs/product.md#gallery: 6 fixed images; clicking one opens the full-screen viewer. */
export function GallerySection({ content = DEFAULT_SITE_CONTENT.gallery, fallback }: { content?: GalleryContent; fallback?: Fallbacks }) {
  const m = useMessages();
  if (content.items.length === 0) return null;
  return (
    <FadeIn as="section" aria-labelledby="gallery-title" {...dataAttr(ATTR.lightboxGroup)} className="gallery">
      <div className="wrap">
        <SectionHeading id="gallery-title" {...headingOf(content)} fallback={fallback} />
        <ul className="gallery-grid">
          {content.items.map((image, i) => (
            <li key={`${i}-${image.src}`}>
              {/* A link to the image itself: without JavaScript it opens the picture; the island opens the viewer. */}
              <a href={image.src} {...lightboxData({ ...image, english: englishTexts(fallback, i) })} className="gallery-item">
                <ResponsiveImage
                  src={image.src}
                  alt=""
                  sizes="(min-width: 1024px) 400px, 50vw"
                  width={1200}
                  height={800}
                />
                <span aria-hidden="true" className="gallery-shade" />
                <IconBox name="expand" className="gallery-zoom" />
                <span className="gallery-caption">
                  <span className="sr-text">{m.viewImage}</span>
                  <span dir="auto" {...fallbackOf(fallback, `items.${i}.title`)}>
                    {image.title}
                  </span>
                  <span className="gallery-category" dir="auto" {...fallbackOf(fallback, `items.${i}.category`)}>
                    {image.category}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <Lightbox />
    </FadeIn>
  );
}
