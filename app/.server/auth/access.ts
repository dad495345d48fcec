import { data, redirect } from "react-router";
import { auth } from "./auth";
import { logger, requestContext } from "../logger";
import { getProfile, type Profile } from "../models/profiles";
import { readTwoFactorRequirement } from "../models/settings";
import { can, type Permission, ROLE_LABELS, type Role, roleOf, type RoutePermissions } from "~/lib/permissions";

// The one place that decides who may do what. Deny by default: every admin loader and action calls
// requirePermission (or requireAction) first, whatever the layout already checked; what each role may do is the
// table in ./permissions.ts (docs/decisions/0076-staff-roles-design.md).

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  sessionId: string;
  profile: Profile | null;
  /** The staff role, read from the profile on every request (a change takes effect on the next one); null: not staff. */
  role: Role | null;
  twoFactorEnabled: boolean;
}

/**
 * Each request's session, looked up once: a page's data request runs the layout's loader and the page's, and
 * both ask (every lookup verifies the signed cookie and reads the session, the user and the profile). Keyed by
 * the Request object, so it is forgotten with the request.
 */
const sessionOfRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * React Router hands each loader a Request of its own (a copy without its `index` and `_routes` parameters), so
 * the loaders of one HTTP request share their lookup through that request's context (server/app.ts), keyed by the
 * headers that carry the session (docs/decisions/0040-admin-save-path.md). Loaders only: they read, and they run
 * after any action of the same request, whose writes (a sign-out, a changed profile) they must see.
 */
const sessionOfHttpRequest = new WeakMap<object, Map<string, Promise<SessionUser | null>>>();

function sharedLookups(request: Request): Map<string, Promise<SessionUser | null>> | null {
  if (!isPageRequest(request)) return null;
  const context = requestContext.getStore();
  if (!context) return null;
  let lookups = sessionOfHttpRequest.get(context);
  if (!lookups) {
    lookups = new Map();
    sessionOfHttpRequest.set(context, lookups);
  }
  return lookups;
}

/** The signed-in user, or null (no session, an expired or revoked one, or a broken cookie). */
export function getOptionalUser(request: Request): Promise<SessionUser | null> {
  let user = sessionOfRequest.get(request);
  if (user) return user;
  const shared = sharedLookups(request);
  const key = shared ? `${request.headers.get("cookie") ?? ""}\n${request.headers.get("authorization") ?? ""}` : "";
  user = shared?.get(key);
  if (!user) {
    user = lookUpUser(request);
    shared?.set(key, user);
  }
  sessionOfRequest.set(request, user);
  return user;
}

async function lookUpUser(request: Request): Promise<SessionUser | null> {
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
    role: roleOf(profile?.role),
    // Added to the user by the twoFactor plugin (app/.server/auth/auth.ts).
    twoFactorEnabled: Boolean((session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
  };
}

/** Where an admin without two-factor is sent while the Settings switch requires it. */
export const TWO_FACTOR_SETUP_PATH = "/admin/profile/two-factor";

/**
 * Whether Settings require two-factor of this role. Fails closed (docs/decisions/0079-two-factor-requirement-fails-closed.md):
 * a requirement that cannot be read is taken as "required", so a database fault never lets a member without
 * two-factor past a switch that may be on. That member is sent to set two-factor up, which stays open to them; a
 * member with two-factor is not affected. The requirement is kept apart from the site's content settings, so a
 * broken settings table (which the Settings page reports as 'Failed to fetch site settings', where an Owner would
 * see and fix it) neither lowers the bar nor locks anyone out of that page.
 */
export async function twoFactorRequired(role: Role): Promise<boolean> {
  try {
    return await readTwoFactorRequirement(role);
  } catch (error) {
    logger.error({ err: error }, "two-factor requirement could not be read: required until it can be");
    return true;
  }
}

const isPageRequest = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * The signed-in staff member whose role has `permission`, or a refusal: signed out (or no role) pages redirect to
 * /admin/login (docs/product.md#access), actions and resource routes answer 401 (signed out) or 403 (no role);
 * a staff member whose role lacks the permission gets 403: the admin layout shows it as a page that says so.
 */
export async function requirePermission(request: Request, permission: Permission, { allowWithoutTwoFactor = false } = {}): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user?.role) {
    if (!allowWithoutTwoFactor && !user.twoFactorEnabled && (await twoFactorRequired(user.role))) {
      // "Require two-factor" for the member's role: set it up before anything else (docs/decisions/0014-staff-accounts-and-two-factor.md).
      if (isPageRequest(request)) throw redirect(TWO_FACTOR_SETUP_PATH);
      throw data({ error: "Two-factor authentication is required: set it up first" }, { status: 403 });
    }
    if (can(user.role, permission)) return user;
    throw data({ error: "Forbidden", role: ROLE_LABELS[user.role] }, { status: 403 });
  }
  if (isPageRequest(request)) {
    const url = new URL(request.url);
    const next = url.pathname.startsWith("/admin") && url.pathname !== "/admin/login" ? `?redirectTo=${encodeURIComponent(url.pathname + url.search)}` : "";
    throw redirect(`/admin/login${next}`);
  }
  throw data({ error: user ? "Forbidden" : "Not authenticated" }, { status: user ? 403 : 401 });
}

/** The gate of the admin layout: any staff role. */
export const requireAdmin = (request: Request, options: { allowWithoutTwoFactor?: boolean } = {}) => requirePermission(request, "dashboard.view", options);

/** The posted form's intent, read from a copy of the request so the action still reads the body itself; null: not a form. */
async function intentOfRequest(request: Request): Promise<string | null> {
  try {
    return String((await request.clone().formData()).get("intent") ?? "");
  } catch {
    return null;
  }
}

/**
 * An action's guard: a staff member first (so a stranger's body is never read), then the permission of the posted
 * intent in the route's `permissions`. An intent with no entry changes nothing: 400 'Unknown action' for someone who
 * may use the page, 403 for anyone else (docs/decisions/0076-staff-roles-design.md: where a page and its action
 * differ, the action decides).
 */
export async function requireAction(request: Request, permissions: RoutePermissions, options: { allowWithoutTwoFactor?: boolean } = {}): Promise<SessionUser> {
  await requirePermission(request, "self.manage", options);
  const intents = permissions.intents ?? {};
  // A single write without intents is not read ahead: an upload's body is streamed once, by the route.
  const only = Object.keys(intents);
  const intent = only.length === 1 && only[0] === "" ? "" : await intentOfRequest(request);
  const permission = intent !== null && Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (permission) return requirePermission(request, permission, options);
  const page = permissions.loader ? await requirePermission(request, permissions.loader, options) : null;
  // A body that is not a form can do nothing: the page's own action says so in its words.
  if (intent === null && page) return page;
  throw data({ ok: false, intent: intent ?? "", message: "Unknown action" }, { status: 400 });
}
