/** Lucide's star (24 x 24), moved right by `dx`: its only absolute commands are the first M and one L. */
import { useMessages } from "~/i18n/messages";
const star = (dx: number) =>
  `M${11.525 + dx} 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L${6.396 + dx} 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L${2.16 + dx} 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z`;

/** Each star's step: 24 units of star and 3 of gap (2 px at 16 px a star, as the row of icons had). */
const STEP = 27;

/**
 * A star rating out of 5, read as one image ("Rated 5 out of 5"). One SVG of two paths (the filled stars and
 * the rest), not five icons: a page of testimonials had 26 star icons, a tenth of its elements (docs/performance.md).
 * Styled by `.stars` (app/site-styles/home.css).
 */
export function Stars({ rating }: { rating: number }) {
  const m = useMessages();
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  const path = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => star((from + i) * STEP)).join("");
  return (
    <svg
      role="img"
      aria-label={m.rated(rating)}
      viewBox={`0 0 ${5 * STEP - 3} 24`}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="stars"
    >
      {full > 0 ? <path d={path(0, full)} /> : null}
      {full < 5 ? <path d={path(full, 5)} className="stars-off" /> : null}
    </svg>
  );
}
