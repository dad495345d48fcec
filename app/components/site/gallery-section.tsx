import { IconBox } from "~/components/site/icon";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { ATTR, dataAttr } from "~/islands/attributes";
import type { GalleryContent } from "~/validation/site-content";
import { FadeIn } from "./fade-in";
import { Lightbox, lightboxData } from "./lightbox";
import { ResponsiveImage } from "./responsive-image";
import { SectionHeading } from "./section-heading";

/** docs/product.md#gallery: 6 fixed images; clicking one opens the full-screen viewer. */
export function GallerySection({ content = DEFAULT_SITE_CONTENT.gallery }: { content?: GalleryContent }) {
  if (content.items.length === 0) return null;
  return (
    <FadeIn as="section" aria-labelledby="gallery-title" {...dataAttr(ATTR.lightboxGroup)} className="bg-white py-20 lg:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="gallery-title"
          eyebrow={content.eyebrow}
          title={content.title}
          description={content.intro}
        />
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 lg:gap-6">
          {content.items.map((image, i) => (
            <li key={`${i}-${image.src}`}>
              {/* A link to the image itself: without JavaScript it opens the picture; the island opens the viewer. */}
              <a
                href={image.src}
                {...lightboxData(image)}
                className="group relative block aspect-[4/3] w-full overflow-hidden rounded-xl bg-muted text-left shadow-sm focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                <ResponsiveImage
                  src={image.src}
                  alt=""
                  sizes="(min-width: 1024px) 400px, 50vw"
                  width={1200}
                  height={800}
                  className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
                />
                <span
                  aria-hidden="true"
                  className="absolute inset-0 bg-gradient-to-t from-brand-navy/90 via-brand-navy/20 to-transparent"
                />
                <IconBox
                  name="expand"
                  iconClassName="before:size-4"
                  className="absolute top-3 right-3 grid size-9 place-items-center rounded-full bg-white/90 text-brand-navy opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                />
                <span className="absolute inset-x-0 bottom-0 p-3 sm:p-5">
                  <span className="sr-only">View </span>
                  <span className="block text-sm leading-snug font-semibold text-white sm:text-lg">{image.title}</span>
                  <span className="mt-0.5 block text-xs font-medium text-brand-amber sm:text-sm">{image.category}</span>
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
