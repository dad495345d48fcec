// Which pages load the React Router client (docs/decisions/0007-public-pages-without-hydration.md).
// A route exports `handle = STATIC_PAGE` to be sent as server-rendered HTML with the small script
// of app/islands/site.ts instead of the whole client runtime.

export const STATIC_PAGE = { hydrate: false } as const;

export function isStaticPage(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((m) => typeof m.handle === "object" && m.handle !== null && (m.handle as { hydrate?: unknown }).hydrate === false);
}
