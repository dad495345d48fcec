import { isbot } from "isbot";
import { portfolioHref, portfolioQueryInput, PortfolioQuerySchema } from "~/validation/portfolio";

// Which requests the page cache answers, and under which key (docs/decisions/0006-rendered-page-cache.md,
// docs/decisions/0064-page-cache-keys-by-what-a-page-reads.md): a pure function of the request's method, address,
// cookie and user agent.

/** `/`, `/projects`, `/service/<id>` and `/project/<id>`, with the ids the loaders accept; `.data` requests never match. */
const PAGE_PATH = /^\/(?:(?:service|project)\/[A-Za-z0-9_-]{1,64}|projects)?$/;

/** Parameters React Router reads itself (`?index` picks the index route): such a request is left to it. */
const ROUTER_PARAMS = ["index", "_data", "_routes"];

/** An id as the home page's contact prefill accepts it (`?service=<id>`, `?project=<id>`). */
const PREFILL_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The part of the query string a page reads, written one way (the cache key's second half), "" when it reads
 * none of what was sent, or null when the request is not for the cache. Everything else (campaign tags, click ids,
 * `?c=1`) leaves the page as it is, so it gets the stored page: a campaign link is served as fast as the bare page,
 * and a flood of distinct query strings neither renders nor stores anything new (docs/decisions/0064-page-cache-keys-by-what-a-page-reads.md).
 */
export function pageQuery(path: string, params: URLSearchParams): string | null {
  if (ROUTER_PARAMS.some((name) => params.has(name))) return null;
  if (path === "/projects") {
    // The portfolio's filters and page, as its loader reads them; its canonical address is the key.
    const parsed = PortfolioQuerySchema.safeParse(portfolioQueryInput(params));
    return parsed.success ? portfolioHref(parsed.data).slice("/projects".length) : null;
  }
  if (path === "/") {
    // The contact form's start (contactPrefill): a service, else a project, by an id it accepts. Campaign tags are
    // filled into the form by the page's script, so that the page does not vary with them.
    for (const name of ["service", "project"]) {
      const id = params.get(name);
      if (id && PREFILL_ID.test(id)) return `?${name}=${id}`;
    }
  }
  return "";
}

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
