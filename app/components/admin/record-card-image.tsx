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
  /** A service's row (a thumbnail beside the text from 640 px) or a project's tile (the image across the top). */
  layout: "row" | "tile";
}

// A hidden record's image is greyed and faded (docs/decisions/0019-admin-toasts-and-hero-media.md): the card says
// data-state inactive (a service) or private (a project).
const LAYOUTS = {
  row: {
    image: "aspect-[2/1] w-full shrink-0 rounded-lg border bg-muted object-cover group-data-[state=inactive]/card:opacity-50 group-data-[state=inactive]/card:grayscale sm:aspect-video sm:h-28 sm:w-44",
    placeholder: "aspect-[2/1] w-full shrink-0 rounded-lg border sm:aspect-video sm:h-28 sm:w-44",
    icon: "size-6",
  },
  tile: {
    image: "aspect-video w-full bg-muted object-cover group-data-[state=private]/card:opacity-50 group-data-[state=private]/card:grayscale",
    placeholder: "aspect-video w-full",
    icon: "size-8",
  },
} as const;

/** The featured image of a service or project card in the admin lists, cropped round its focal point, or a placeholder. */
export function RecordCardImage({ record, sizes, priority, layout }: RecordCardImageProps) {
  const url = record.featured_image_url;
  const classes = LAYOUTS[layout];
  // The first card's image is the largest paint on a phone: a preload in the server's head starts it before the
  // stylesheet and the scripts, instead of when the parser reaches the card (docs/performance.md#admin). Not in the
  // browser: the image is in the page by then, and a browser build lacks the site images' version hashes, so its
  // preload would fetch the same image again under another URL.
  if (import.meta.env.SSR && priority && url) preloadImage(url, sizes);
  if (!url) {
    return (
      <div className={cn("flex items-center justify-center bg-muted text-muted-foreground", classes.placeholder)}>
        <ImageIcon aria-hidden="true" className={classes.icon} />
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
      className={classes.image}
    />
  );
}
