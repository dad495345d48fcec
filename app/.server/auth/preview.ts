import { data } from "react-router";
import { getOptionalUser } from "./access";
import { can } from "~/lib/permissions";

// Admin previews of public pages: `/?preview=1` shows the site content's drafts (docs/decisions/0012-preview-requests.md);
// `?preview=1` on a service or project page shows an inactive service or a private project
// (docs/decisions/0013-versions-and-trash.md). Honoured for a signed-in admin only (anyone else gets the normal public
// page). Whoever asks, such a response is never cached or indexed: the page cache (page-cache.ts) never stores or
// serves it.

export const PREVIEW_PARAM = "preview";

/** Sent with every response to a request that carries a `preview` query parameter. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

export const isPreviewRequest = (request: Request) => new URL(request.url).searchParams.has(PREVIEW_PARAM);

/** True when the request asks for a preview and comes from a signed-in member who may edit content. */
export async function canPreview(request: Request): Promise<boolean> {
  if (!isPreviewRequest(request)) return false;
  const user = await getOptionalUser(request);
  return can(user?.role ?? null, "content.edit");
}

/**
 * The loader's page as it is, or wrapped with PREVIEW_HEADERS for a preview request. React Router unwraps
 * data() before the page sees it, so the page's type is the same either way; callers of an ordinary
 * request keep getting the plain object.
 */
export function withPreviewHeaders<T>(request: Request, page: T): T {
  return isPreviewRequest(request) ? (data(page, { headers: PREVIEW_HEADERS }) as unknown as T) : page;
}
