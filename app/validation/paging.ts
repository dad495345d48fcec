// Paged admin lists (docs/decisions/0056-paged-admin-lists.md): the page number comes from `?page=` and is
// clamped to the pages there are, so a stale link (the last item of the last page deleted) still shows a page.

/** Project cards per admin page: whole rows at one, two and three columns. */
export const PROJECTS_PAGE_SIZE = 24;
/** Files per page of Admin: Media and of "Choose from library": whole rows at one to four columns. */
export const MEDIA_PAGE_SIZE = 24;
/** Enquiries per page of the inbox list. */
export const ENQUIRIES_PAGE_SIZE = 50;

/** The highest page number a URL may ask for; past the last page a request reads as the last page anyway. */
const MAX_PAGE = 100_000;

/**
 * The page a list's URL asks for: `?page=` as a whole number from 1. Anything else (missing, "abc", "-2", "2.5")
 * is the first page, and 0 too: the parameter is only ever written by the list's own links.
 */
export function requestedPage(params: URLSearchParams): number {
  const value = params.get("page")?.trim() ?? "";
  if (!/^\d+$/.test(value)) return 1;
  // A number past any list (however many digits) is a page past the end: the last page, once clamped.
  return Math.min(MAX_PAGE, Math.max(1, Number(value)));
}

/** One page of a list of `total` rows: which rows to read, and what to say about them. */
export interface PageWindow {
  /** 1-based, at most `pageCount`. */
  page: number;
  pageCount: number;
  total: number;
  offset: number;
  limit: number;
  /** 1-based positions of the first and last rows shown ("Showing 25–48 of 130"); 0 and 0 for an empty list. */
  first: number;
  last: number;
}

/** The window for the `requested` page of `total` rows, `size` to a page; past the end is the last page. */
export function pageWindow(total: number, requested: number, size: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(requested)), pageCount);
  const offset = (page - 1) * size;
  return { page, pageCount, total, offset, limit: size, first: total === 0 ? 0 : offset + 1, last: Math.min(total, offset + size) };
}
