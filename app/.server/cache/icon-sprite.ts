// The public icons' sprite cut to the icons a stored page shows (docs/decisions/0047-public-icons-from-one-sprite.md).
// app/site-icons.css draws every icon from one SVG sprite, `--icons`, with each icon in a cell of its own and its
// class saying where (`.icon-phone{--icon-x:72.5%}`): one SVG image per page instead of one per icon, which cost
// the browser a document to parse for each. The whole sprite holds every icon the site has; once the page cache
// has cut a page's stylesheet to its rules, the icon classes left say which cells it needs, and the sprite,
// the positions and the mask size are written again for those alone.

/** `--icons:url("data:image/svg+xml,...")` as the built stylesheet writes it. */
const SPRITE = /--icons:url\("data:image\/svg\+xml,([^"]*)"\)/;
/** An icon class's cell: `.icon-NAME{--icon-x:P%}`. */
const CELL_RULE = /(\.icon-[a-z0-9-]+\{--icon-x:)([\d.]+)(%\})/g;

/** The masks' size, `var(--icons) var(--icon-x) 0 / 5433.33% 100%`: the sprite's width in element widths. */
const MASK_SIZE = /(var\(--icons\) var\(--icon-x\) 0 \/ )[\d.]+(% 100%)/g;

/** A number as CSS writes it: at most four decimals, no trailing zeros (as scripts/build-site-icons.mjs). */
const num = (n: number) => String(Number(n.toFixed(4)));

/** The data URL's text as the generator escapes it. */
const encode = (svg: string) => svg.replace(/%/g, "%25").replace(/#/g, "%23").replace(/</g, "%3C").replace(/>/g, "%3E");

/** `css` with the icon sprite holding only the cells its icon classes point at (unchanged if it has no sprite). */
export function subsetIconSprite(css: string): string {
  const found = SPRITE.exec(css);
  if (!found) return css;
  let svg: string;
  try {
    svg = decodeURIComponent(found[1]);
  } catch {
    return css;
  }
  const open = /^<svg[^>]*viewBox='0 0 (\d+) 24'[^>]*>/.exec(svg);
  const cells = [...svg.matchAll(/<g transform='translate\((\d+)\)'([^>]*)>([\s\S]*?)<\/g>/g)];
  if (!open || cells.length < 2) return css;
  const count = cells.length;
  const width = Number(open[1]);
  const cell = (width - 24) / (count - 1);
  const used = new Map<number, number>();
  for (const m of css.matchAll(CELL_RULE)) used.set(Math.round((Number(m[2]) / 100) * (count - 1)), 0);
  const order = [...used.keys()].filter((k) => k >= 0 && k < count).sort((a, b) => a - b);
  if (order.length === count) return css;
  order.forEach((k, j) => used.set(k, j));
  const kept = Math.max(order.length, 1);
  const newWidth = cell * (kept - 1) + 24;
  const body = order.map((k, j) => `<g transform='translate(${cell * j})'${cells[k][2]}>${cells[k][3]}</g>`).join("");
  const sprite = `${open[0].replace(`viewBox='0 0 ${width} 24'`, `viewBox='0 0 ${newWidth} 24'`)}${body}</svg>`;
  return css
    .replace(found[0], `--icons:url("data:image/svg+xml,${encode(sprite)}")`)
    .replace(MASK_SIZE, (_m, head: string, tail: string) => `${head}${num((newWidth / 24) * 100)}${tail}`)
    .replace(CELL_RULE, (_m, head: string, position: string, tail: string) => {
      const j = used.get(Math.round((Number(position) / 100) * (count - 1))) ?? 0;
      return `${head}${kept > 1 ? num((j / (kept - 1)) * 100) : "0"}${tail}`;
    });
}

/** The page with each inline stylesheet's icon sprite cut to the icons the stylesheet still draws. */
export function subsetInlineIconSprites(html: string): string {
  if (!html.includes("--icons:")) return html;
  return html.replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi, (_m, open: string, css: string, close: string) => open + subsetIconSprite(css) + close);
}
