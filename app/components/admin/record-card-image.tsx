import { ImageIcon } from "lucide-react";
import { preloadImage, ResponsiveImage } from "~/components/site/responsive-image";
import { focalStyle } from "~/lib/images";
import { cn } from "~/lib/utils";

interface RecordCardImageProps {
  record: { featured_image_url: string | null; featured_image_focal_x: number; featured_image_focal_y: number };
  /** As wide as the card shows the image (its `sizes`). */
  sizes: string;
  /** The first card of the list: its image loads first. */
  priority: boolean;
  className: string;
  /** The box shown where there is no image, and its icon. */
  placeholderClassName: string;
  iconClassName: string;
}

/** The featured image of a service or project card in the admin lists, cropped round its focal point, or a placeholder. */
export function RecordCardImage({ record, sizes, priority, className, placeholderClassName, iconClassName }: RecordCardImageProps) {
  const url = record.featured_image_url;
  // The first card's image is the largest paint on a phone: a preload in the server's head starts it before the
  // stylesheet and the scripts, instead of when the parser reaches the card (docs/performance.md#admin). Not in the
  // browser: the image is in the page by then, and a browser build lacks the site images' version hashes, so its
  // preload would fetch the same image again under another URL.
  if (import.meta.env.SSR && priority && url) preloadImage(url, sizes);
  if (!url) {
    return (
      <div className={cn("flex items-center justify-center bg-muted text-muted-foreground", placeholderClassName)}>
        <ImageIcon aria-hidden="true" className={iconClassName} />
        <span className="sr-only">No image</span>
      </div>
    );
  }
  return (
    <ResponsiveImage
      src={url}
      alt=""
      sizes={sizes}
      avif="phones"
      // The first card's image is the largest paint on a phone: fetched at once, first (docs/performance.md#admin).
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      style={focalStyle(record.featured_image_focal_x, record.featured_image_focal_y)}
      className={className}
    />
  );
}
