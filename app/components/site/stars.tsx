import { Star } from "lucide-react";
import { cn } from "~/lib/utils";

/** A star rating out of 5, read as one image ("Rated 5 out of 5"). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const full = Math.round(rating);
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={cn("flex items-center gap-0.5", className)}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn("size-4", i < full ? "fill-brand-amber text-brand-amber" : "fill-white/20 text-white/30")}
        />
      ))}
    </span>
  );
}
