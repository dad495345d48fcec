import type { ContentIcon as ContentIconName } from "~/content/types";
import { Icon, type IconName } from "~/components/site/icon";

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

/** The icon for a name used in the fixed content (app/components/site/icon.tsx); always decorative. */
export function ContentIcon({
  name,
  className,
}: {
  name: ContentIconName;
  className?: string;
}) {
  return <Icon name={ICONS[name]} className={className} />;
}
