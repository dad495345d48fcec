import type { Route } from "./+types/uploads";
import { requireAction } from "~/.server/auth/access";
import { can, type RoutePermissions } from "~/lib/permissions";
import { recordAdminActivity } from "~/.server/activity/activity";
import { SITE_ORIGIN } from "~/.server/auth/auth";
import { logger } from "~/.server/logger";
import { getStorage } from "~/.server/storage";
import { handleUpload, UploadError } from "~/.server/storage/upload";
import { mediaSync, recordMedia } from "~/.server/models/media";

// POST /api/uploads: multipart/form-data with `bucket`, `folder` and one `file` part (up to 10 for the
// gallery folder). Answers { files: [{ url, type, size, width?, height? }] } or { error } with
// 400/401/403/405/413/415. docs/decisions/0004-storage.md

const noStore = { "Cache-Control": "no-store" };
const refuse = (status: number, error: string) => Response.json({ error }, { status, headers: noStore });

/**
 * React Router's CSRF check does not cover resource routes: a write must come from our own pages. Browsers
 * send Origin on every POST; a request without one, or from another site, is refused.
 */
function isSameOrigin(request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin") return false;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  return origin === SITE_ORIGIN || origin === new URL(request.url).origin;
}

/** Nothing to read here: uploads are written with POST. */
export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}

/** Everyone uploads their own avatar; the site's images need content.edit, checked by folder below. */
export const permissions = { intents: { "": "self.manage" } } satisfies RoutePermissions;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  if (!isSameOrigin(request)) {
    logger.warn({ userId: user.id, origin: request.headers.get("origin"), fetchSite: request.headers.get("sec-fetch-site") }, "upload refused: cross-origin");
    return refuse(403, "Cross-site request refused");
  }
  if (request.method !== "POST") {
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: { ...noStore, Allow: "POST" } });
  }
  try {
    const stored = await handleUpload(request, getStorage(), (folder) => folder === "avatars" || can(user.role, "content.edit"));
    // The media library's rows (docs/decisions/0088-media-library.md). The files are stored whatever happens here:
    // a row that could not be written is made by the library's background pass from the storage listing, which
    // runs again now (docs/decisions/0094-media-replace-and-paging.md).
    await recordMedia(
      stored.map((f) => ({ key: f.key, url: f.url, fileName: f.name, bytes: f.size, width: f.width, height: f.height })),
      user.id,
    ).catch((error: unknown) => {
      logger.error({ err: error, userId: user.id }, "media library: could not record an upload");
      mediaSync.request();
    });
    const files = stored.map(({ key: _key, name: _name, ...file }) => file);
    logger.info({ userId: user.id, files: files.map((f) => ({ url: f.url, type: f.type, size: f.size })) }, "upload stored");
    await recordAdminActivity(request, user, {
      action: "upload.create",
      entity: "upload",
      entityId: files[0]?.url ?? null,
      detail: files.length === 1 ? `${files[0].type}, ${files[0].size} bytes` : `${files.length} files: ${files.map((f) => f.url).join(" ")}`,
    });
    return Response.json({ files }, { headers: noStore });
  } catch (error) {
    if (error instanceof UploadError) {
      logger.warn({ userId: user.id, status: error.status, error: error.message, detail: error.detail }, "upload refused");
      return refuse(error.status, error.message);
    }
    logger.error({ userId: user.id, err: error }, "upload failed");
    return refuse(500, "Failed to upload file");
  }
}
