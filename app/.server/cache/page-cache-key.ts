import { isbot } from "isbot";
import { pageQuery } from "~/lib/page-query";

export { pageQuery };

// Which requests the page cache answers, and under which key (docs/decisions/0006-rendered-page-cache.md,
// docs/decisions/0064-page-cache-keys-by-what-a-page-reads.md): a pure function of the request's method, address,
// cookie and user agent.

/**
 * `/`, `/projects`, `/service/<id>` and `/project/<id>`, with the ids the loaders accept, and the same under `/dv`
 * (docs/decisions/0077-dhivehi-design.md: the path is the key, so each language is stored apart); `.data` requests
 * never match.
 */
const PAGE_PATH = /^(?:\/dv)?\/(?:(?:service|project)\/[A-Za-z0-9_-]{1,64}|projects)$|^\/(?:dv)?$/;

export interface RequestFacts {
  method: string;
  /** The path and query string as received. */
  url: string;
  cookie?: string;
  userAgent?: string;
}

/** The cache key of a request, or null when it must go to React Router without the cache. */
export function pageCacheKey({ method, url, cookie, userAgent }: RequestFacts): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const mark = url.indexOf("?");
  const path = mark < 0 ? url : url.slice(0, mark);
  if (!PAGE_PATH.test(path)) return null;
  const params = new URLSearchParams(mark < 0 ? "" : url.slice(mark + 1));
  // An admin preview (`?preview=1`) may show what visitors must not see: never shared (docs/decisions/0013-versions-and-trash.md).
  if (params.has("preview")) return null;
  const query = pageQuery(path, params);
  if (query === null) return null;
  // Public pages do not vary by user today. A signed-in admin still gets a fresh render, so that a page
  // that one day shows something to admins only can never land in the cache every visitor reads from.
  if (cookie?.includes("session_token")) return null;
  // entry.server.tsx streams to browsers but sends crawlers the whole document at once (a page with
  // streamed lists differs between the two), so each gets its own entry.
  return `${userAgent && isbot(userAgent) ? "bot" : "browser"} ${path}${query}`;
}
