import { CalendarClock } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { formatSiteMoment, visibilityAt } from "~/lib/site-time";

// A service's or project's show-from/hide-from state on its admin card (docs/decisions/0087-show-from-and-hide-from.md),
// in Maldives time: nothing when no date is set or the switch is off (the Active/Public badge says that).
export function ScheduleBadge({ on, showFrom, hideFrom }: { on: boolean; showFrom: string | null; hideFrom: string | null }) {
  const state = visibilityAt(on, showFrom, hideFrom);
  if (state.state === "off" || state.state === "shown") return null;
  const text = state.state === "from" ? `Shows from ${formatSiteMoment(state.at)}` : state.state === "until" ? `Hides from ${formatSiteMoment(state.at)}` : `Hidden since ${formatSiteMoment(state.at)}`;
  return (
    <Badge variant="outline" className={state.state === "ended" ? "border-dashed" : undefined}>
      <CalendarClock aria-hidden="true" />
      {text}
    </Badge>
  );
}
