import { Award, Clock, Eye, Handshake, Leaf, type LucideProps, ShieldCheck, Target, Users } from "lucide-react";
import type { ContentIcon as ContentIconName } from "~/content/types";

const ICONS = {
  shield: ShieldCheck,
  clock: Clock,
  users: Users,
  award: Award,
  leaf: Leaf,
  handshake: Handshake,
  eye: Eye,
  target: Target,
} satisfies Record<ContentIconName, React.ComponentType<LucideProps>>;

/** The lucide icon for a name used in the fixed content; always decorative. */
export function ContentIcon({ name, ...props }: { name: ContentIconName } & LucideProps) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" {...props} />;
}
