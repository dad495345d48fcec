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

/**
 * The icon for a name used in the fixed content, drawn on its tile (IconBox in app/components/site/icon.tsx).
 * The section that shows it sizes and colours the tile (app/site-styles/home.css).
 */
export function ContentIconBox({ name }: { name: ContentIconName }) {
  return <IconBox name={ICONS[name]} />;
}
