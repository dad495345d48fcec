import { englishPath } from "~/i18n/language";
import { portfolioHref, portfolioQueryInput, PortfolioQuerySchema } from "~/validation/portfolio";

// The part of a public page's query string the page reads: the page cache's key (app/.server/cache/page-cache-key.ts)
// and the header's link to the same page in the other language (app/components/site/site-shell.tsx) both keep
// exactly that, so a stored page's language link is right for every request the stored page answers.

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
export function pageQuery(pathname: string, params: URLSearchParams): string | null {
  if (ROUTER_PARAMS.some((name) => params.has(name))) return null;
  // A Dhivehi page reads what its English twin reads (docs/decisions/0077-dhivehi-design.md).
  const path = englishPath(pathname);
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

