import { ArrowRight, CircleAlert, CircleCheck, CircleX, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

// The dashboard's small parts (app/routes/admin/dashboard.tsx): a quick action's link and a System Status row.

export function QuickAction({
  to,
  icon: Icon,
  title,
  text,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
}) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-3 rounded-lg border p-4 transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="grid flex-1 gap-0.5">
        <span className="text-sm font-semibold">{title}</span>
        <span className="text-xs text-muted-foreground">{text}</span>
      </span>
      <ArrowRight
        aria-hidden="true"
        className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}

export type StatusTone = "ok" | "warn" | "fail";

const TONES: Record<
  StatusTone,
  { row: string; icon: string; Mark: LucideIcon }
> = {
  ok: {
    row: "border-emerald-200 bg-emerald-50",
    icon: "text-emerald-700",
    Mark: CircleCheck,
  },
  warn: {
    row: "border-amber-200 bg-amber-50",
    icon: "text-amber-700",
    Mark: CircleAlert,
  },
  fail: {
    row: "border-red-200 bg-red-50",
    icon: "text-red-700",
    Mark: CircleX,
  },
};

export function StatusRow({
  tone,
  icon: Icon,
  text,
  detail,
}: {
  tone: StatusTone;
  icon: LucideIcon;
  text: string;
  detail?: string | null;
}) {
  const { row, icon, Mark } = TONES[tone];
  return (
    <li
      className={cn(
        "flex items-start gap-3 rounded-lg border p-3 text-sm",
        row,
      )}
    >
      <Icon aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0", icon)} />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span>{text}</span>
        {detail ? (
          <span className="text-xs break-words text-muted-foreground">
            {detail}
          </span>
        ) : null}
      </span>
      <Mark aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0", icon)} />
    </li>
  );
}
