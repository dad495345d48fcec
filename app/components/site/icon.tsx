// The public pages' icons: one <span> each, drawn by a CSS mask from app/site-icons.css
// (docs/decisions/0037-public-icons-as-css-masks.md). An inline lucide <svg> brought two to six elements per
// icon and its whole drawing on every use; the home page shows about ninety icons. Always decorative: the text
// or the control's label beside an icon says what it means. Colour is the text colour, size the element's (1.5rem
// unless the component's stylesheet in app/site-styles says otherwise, usually as `.parent .icon`).

/** The icons in app/site-icons.css (scripts/build-site-icons.mjs writes one class per name). */
export type IconName =
  | "arrow-left"
  | "arrow-right"
  | "award"
  | "building-2"
  | "calendar-clock"
  | "calendar-days"
  | "calendar-range"
  | "check-circle"
  | "circle-check-big"
  | "chevron-down"
  | "chevron-left"
  | "chevron-right"
  | "clock"
  | "expand"
  | "eye"
  | "folder-kanban"
  | "gauge"
  | "globe"
  | "handshake"
  | "hard-hat"
  | "home"
  | "leaf"
  | "loader"
  | "mail"
  | "map-pin"
  | "menu"
  | "message-circle"
  | "message-circle-question"
  | "paperclip"
  | "pause"
  | "phone"
  | "phone-call"
  | "play"
  | "quote"
  | "search-x"
  | "send"
  | "shield-check"
  | "star-filled"
  | "tag"
  | "target"
  | "users"
  | "wallet"
  | "x";

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span aria-hidden="true" className={className ? `icon icon-${name} ${className}` : `icon icon-${name}`} />;
}

/**
 * An icon on a tile of its own (a rounded square or circle behind it): the tile draws the icon in its `::before`,
 * so the pair is one element. `className` names the tile for its stylesheet, which sizes the tile and its
 * `::before` (the icon). The tile is decorative too.
 */
export function IconBox({ name, className }: { name: IconName; className?: string }) {
  return <span aria-hidden="true" className={className ? `icon-box icon-${name} ${className}` : `icon-box icon-${name}`} />;
}
