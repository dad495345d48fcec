import type * as React from "react";
import { preload } from "react-dom";
import { responsiveSources } from "~/lib/images";

type ResponsiveImageProps = Omit<React.ComponentProps<"img">, "src" | "srcSet" | "alt"> & {
  src: string;
  /** Required: describe the image, or "" when it only decorates. */
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  /**
   * Offer the single-width (960 px) AVIF variant first: everywhere (true), never (false), or only on
   * phone-sized screens ("phones"), for an image that is shown wider than 960 px on larger screens.
   */
  avif?: boolean | "phones";
  /** The class of the wrapper (a <picture>, or a <span> for an external URL), which then styles it as a block; the <img> takes className. */
  pictureClassName?: string;
};

/**
 * An image with the responsive variants of app/lib/images.ts (WebP at 480/960/1600 px and one AVIF)
 * for the site's own files and uploads; an external URL is rendered as it is.
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  avif = true,
  pictureClassName,
  className,
  loading = "lazy",
  ...props
}: ResponsiveImageProps) {
  const sources = responsiveSources(src);
  // The WebP widths are the <img>'s own srcset rather than a <source type="image/webp">: every browser that reads
  // srcset reads WebP, and the home page carries twenty of these images (docs/performance.md#targets, its element
  // count). A <picture> remains only where an AVIF <source> comes first or the caller styles the wrapper.
  const img = (
    <img
      src={src}
      srcSet={sources?.webp}
      alt={alt}
      sizes={sources ? sizes : undefined}
      loading={loading}
      decoding="async"
      className={className}
      {...props}
    />
  );
  // The caller's class makes the wrapper a box (display: block); without one the <picture> takes no box of its own,
  // so the <img> stays the item of its parent's flex or grid (an inline style: the admin's cards use this too).
  if (!sources) return pictureClassName ? <span className={pictureClassName}>{img}</span> : img;
  if (!avif && !pictureClassName) return img;
  return (
    <picture className={pictureClassName} style={pictureClassName ? undefined : CONTENTS}>
      {avif ? <source type="image/avif" srcSet={sources.avif} sizes={sizes} media={avif === "phones" ? PHONES : undefined} /> : null}
      {img}
    </picture>
  );
}

const CONTENTS = { display: "contents" } as const;

/** Where `avif="phones"` offers the AVIF: up to 960 px it covers a phone's screen at up to 2.5 dppx. */
const PHONES = "(max-width: 767px)";

/**
 * The largest paint of a page (the hero, a detail page's featured image): fetched with high priority
 * from a <link rel="preload"> in the head, before the browser reaches the <img> further down the HTML.
 * The same candidates as the image rendered with `avif="phones"`: the AVIF on phones, WebP elsewhere.
 */
export function preloadImage(src: string, sizes: string) {
  const sources = responsiveSources(src);
  if (!sources) {
    preload(src, { as: "image", fetchPriority: "high" });
    return;
  }
  preload(sources.avifUrl, { as: "image", fetchPriority: "high", type: "image/avif", media: PHONES, imageSrcSet: sources.avif, imageSizes: sizes });
  preload(sources.fallback, { as: "image", fetchPriority: "high", media: "(min-width: 768px)", imageSrcSet: sources.webp, imageSizes: sizes });
}
