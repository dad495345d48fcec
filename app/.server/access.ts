import { data, redirect } from "react-router";
import { auth } from "./auth";
import { logger } from "./logger";
import { getProfile, isAdminProfile, type Profile } from "./models/profiles";

// The one place that decides who may do what. Deny by default: every admin loader and action
// calls requireAdmin first, whatever the layout already checked.

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  sessionId: string;
  profile: Profile | null;
  isAdmin: boolean;
}

/** The signed-in user, or null (no session, an expired or revoked one, or a broken cookie). */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  let session: Awaited<ReturnType<ReturnType<typeof auth>["api"]["getSession"]>>;
  try {
    session = await auth().api.getSession({ headers: request.headers });
  } catch (error) {
    logger.warn({ err: error }, "session lookup failed");
    return null;
  }
  if (!session) return null;
  const profile = await getProfile(session.user.id);
  return {
    id: session.user.id,
    email: session.user.email,
    name: session.user.name,
    sessionId: session.session.id,
    profile,
    isAdmin: isAdminProfile(profile),
  };
}

const isPageRequest = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * The signed-in admin, or a refusal: pages redirect to /admin/login (docs/product.md#access);
 * actions and resource routes answer 401 (signed out) or 403 (not an admin).
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user?.isAdmin) return user;
  if (isPageRequest(request)) {
    const url = new URL(request.url);
    const next = url.pathname.startsWith("/admin") && url.pathname !== "/admin/login" ? `?redirectTo=${encodeURIComponent(url.pathname + url.search)}` : "";
    throw redirect(`/admin/login${next}`);
  }
  throw data({ error: user ? "Forbidden" : "Not authenticated" }, { status: user ? 403 : 401 });
}
