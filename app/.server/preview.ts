import { data } from "react-router";
import { getOptionalUser } from "./access";

// Admin preview of public pages (docs/decisions/0013-versions-and-trash.md): `?preview=1` on a service or
// project page shows an inactive service or a private project to a signed-in admin. Whoever asks, such a
// response is never cached or indexed; the page cache (page-cache.ts) never stores or serves it.

/** Sent with every response to a request that carries a `preview` query parameter. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

export const isPreviewRequest = (request: Request) => new URL(request.url).searchParams.has("preview");

/** True when the request asks for a preview and comes from a signed-in admin. */
export async function canPreview(request: Request): Promise<boolean> {
  if (!isPreviewRequest(request)) return false;
  const user = await getOptionalUser(request);
  return user?.isAdmin === true;
}

/**
 * The loader's page as it is, or wrapped with PREVIEW_HEADERS for a preview request. React Router unwraps
 * data() before the page sees it, so the page's type is the same either way; callers of an ordinary
 * request keep getting the plain object.
 */
export function withPreviewHeaders<T>(request: Request, page: T): T {
  return isPreviewRequest(request) ? (data(page, { headers: PREVIEW_HEADERS }) as unknown as T) : page;
}
