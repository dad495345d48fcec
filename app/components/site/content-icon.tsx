import type { ContentIcon as ContentIconName } from "~/content/types";
import { IconBox, type IconName } from "~/components/site/icon";

const ICONS = {
  shield: "shield-check",
  clock: "clock",
  users: "users",
  award: "award",
  leaf: "leaf",
  handshake: "handshake",
  eye: "eye",
  target: "target",
} satisfies Record<ContentIconName, IconName>;

/** The icon for a name used in the fixed content, drawn on its tile (IconBox in app/components/site/icon.tsx). */
export function ContentIconBox({ name, className, iconClassName }: { name: ContentIconName; className: string; iconClassName: string }) {
  return <IconBox name={ICONS[name]} className={className} iconClassName={iconClassName} />;
}
