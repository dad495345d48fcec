import { getOptionalUser } from "./access";

// Preview of unpublished content (docs/decisions/0012-preview-requests.md). A request with a `preview`
// query parameter is never served from nor stored in the page cache (page-cache.ts shares only bare
// URLs, and these headers forbid storing), is honoured for a signed-in admin only (anyone else gets
// the normal public page) and is never indexed.

export const PREVIEW_PARAM = "preview";

/** Sent with every answer to a preview request, honoured or not. */
export const PREVIEW_HEADERS = { "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" } as const;

export const wantsPreview = (request: Request) => new URL(request.url).searchParams.has(PREVIEW_PARAM);

/** True when the request asks for a preview and comes from a signed-in admin. */
export async function canPreview(request: Request): Promise<boolean> {
  if (!wantsPreview(request)) return false;
  const user = await getOptionalUser(request);
  return user?.isAdmin === true;
}
