import type { Route } from "./+types/auth";
import { getOptionalUser } from "~/.server/auth/access";
import { recordSecurityActivity } from "~/.server/activity/activity";
import { sendPasswordChangedEmail } from "~/.server/mail/account-emails";
import { auth, SITE_ORIGIN } from "~/.server/auth/auth";
import { refuseForeignRedirect } from "~/.server/auth/redirect-urls";
import { signIn } from "~/.server/auth/sign-in";
import { requestPasswordReset } from "~/.server/auth/staff";
import { RESET_REQUESTED, RESET_TOO_MANY } from "~/content/staff";
import { LoginSchema } from "~/validation/login";
import { ForgotPasswordSchema } from "~/validation/staff";

// better-auth's HTTP endpoints (docs/product.md#endpoints: /api/auth/*). Email sign-in is routed through our
// own sign-in function so its database-backed limits apply here exactly as on the login form.

export async function loader({ request }: Route.LoaderArgs) {
  return (await refuseForeignRedirect(request)) ?? auth().handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  const refused = await refuseForeignRedirect(request);
  if (refused) return refused;
  const url = new URL(request.url);
  if (url.pathname === "/api/auth/sign-in/email" && request.method === "POST") {
    const body = (await request
      .clone()
      .json()
      .catch(() => null)) as unknown;
    const parsed = LoginSchema.safeParse(body);
    if (!parsed.success) {
      return Response.json({ code: "VALIDATION_ERROR", message: parsed.error.issues[0]?.message ?? "Invalid request" }, { status: 400 });
    }
    const result = await signIn(request, parsed.data, { requireAdmin: false });
    if (!result.ok) {
      const headers: HeadersInit = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
      return Response.json({ code: result.status === 429 ? "TOO_MANY_REQUESTS" : "INVALID_EMAIL_OR_PASSWORD", message: result.message }, { status: result.status, headers });
    }
    result.headers.set("Content-Type", "application/json");
    // Two-factor on: no session yet, only the two-factor cookie; the client must verify a code next.
    if (result.twoFactorRequired) return new Response(JSON.stringify({ twoFactorRedirect: true, twoFactorMethods: ["totp"] }), { status: 200, headers: result.headers });
    return new Response(JSON.stringify({ redirect: false, user: { id: result.userId } }), { status: 200, headers: result.headers });
  }
  if (url.pathname === "/api/auth/sign-out" && request.method === "POST") {
    // The activity log's "Signed out", as on /admin/logout: who it was is read before the session ends.
    const user = await getOptionalUser(request);
    const response = await auth().handler(request);
    if (user && response.ok) await recordSecurityActivity(request, { action: "sign-out", actorId: user.id, actorEmail: user.email });
    return response;
  }
  if (url.pathname === "/api/auth/change-password" && request.method === "POST") {
    // As on the Profile page: the account is told by email and the change is in the activity log (better-auth's
    // endpoint does neither). Who it is, is read before the endpoint ends the other sessions.
    const user = await getOptionalUser(request);
    const response = await auth().handler(request);
    if (user && response.ok) {
      await sendPasswordChangedEmail(user.email, user.profile?.full_name || user.name, `${SITE_ORIGIN}/admin/login`);
      await recordSecurityActivity(request, { action: "password.change", actorId: user.id, actorEmail: user.email });
    }
    return response;
  }
  if (url.pathname === "/api/auth/request-password-reset" && request.method === "POST") {
    // The same per-IP and per-address limits as the forgot-password form (app/.server/auth/staff.ts).
    const body = (await request
      .clone()
      .json()
      .catch(() => null)) as unknown;
    const parsed = ForgotPasswordSchema.safeParse(body);
    if (!parsed.success) return Response.json({ code: "VALIDATION_ERROR", message: parsed.error.issues[0]?.message ?? "Invalid request" }, { status: 400 });
    const result = await requestPasswordReset(request, parsed.data.email);
    if (!result.ok) return Response.json({ code: "TOO_MANY_REQUESTS", message: RESET_TOO_MANY }, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
    return Response.json({ status: true, message: RESET_REQUESTED });
  }
  return auth().handler(request);
}
