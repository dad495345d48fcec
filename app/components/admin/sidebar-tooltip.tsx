import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";

// The name beside an icon of the collapsed sidebar. Its own module (the positioning library is most of the
// admin shell's code), loaded only when the sidebar is collapsed (admin-shell.tsx).

export default function SidebarTooltip({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right" sideOffset={8}>
        {label}
      </TooltipContent>
    </Tooltip>
  );
}
