import type * as React from "react";
import { preload } from "react-dom";
import { responsiveSources } from "~/lib/images";
import { cn } from "~/lib/utils";

type ResponsiveImageProps = Omit<React.ComponentProps<"img">, "src" | "srcSet" | "alt"> & {
  src: string;
  /** Required: describe the image, or "" when it only decorates. */
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  /** Offer the single-width AVIF variant first. Off for images shown wider than it (the hero, featured images). */
  avif?: boolean;
  /** Classes for the <picture> wrapper (the <img> takes className). */
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
  const img = (
    <img src={src} alt={alt} sizes={sources ? sizes : undefined} loading={loading} decoding="async" className={className} {...props} />
  );
  if (!sources) return pictureClassName ? <span className={cn("block", pictureClassName)}>{img}</span> : img;
  return (
    <picture className={cn("contents", pictureClassName)}>
      {avif ? <source type="image/avif" srcSet={sources.avif} sizes={sizes} /> : null}
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}

/**
 * The largest paint of a page (the hero, a detail page's featured image): fetched with high priority
 * from a <link rel="preload"> in the head, before the browser reaches the <img> further down the HTML.
 * Preloads the WebP candidates, which the image must then use (`avif={false}`).
 */
export function preloadImage(src: string, sizes: string) {
  const sources = responsiveSources(src);
  preload(src, {
    as: "image",
    fetchPriority: "high",
    ...(sources ? { imageSrcSet: sources.webp, imageSizes: sizes } : {}),
  });
}
