import type { LoginInput } from "~/validation/login";
import { recordSecurityActivity, recordSignInBlocked } from "./activity";
import { auth, CLIENT_IP_HEADER } from "./auth";
import { env } from "./env";
import { logger } from "./logger";
import { isAdminUser } from "./models/users";
import { hitRateLimit, peekRateLimit } from "./rate-limit";
import { noteSignIn } from "./sign-in-events";

export type SignInResult =
  | { ok: true; headers: Headers; userId: string; twoFactorRequired?: false }
  /** Password right, two-factor on: no session yet, only the two-factor cookie (app/.server/two-factor.ts). */
  | { ok: true; headers: Headers; userId: null; twoFactorRequired: true }
  | { ok: false; status: 401 | 403 | 429; message: string; retryAfter?: number };

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** "3/10" -> [3 tries, 10 000 ms]. */
function parseLimit(spec: string): [number, number] {
  const [tries, seconds] = spec.split("/").map(Number);
  return [tries, seconds * 1000];
}

/** Tries per IP: about 3 per 10 s by default (docs/product.md#limits; WordPress VIP's login limits). */
export const IP_LIMIT = () => parseLimit(env.LOGIN_IP_LIMIT);
/** Failures per account: at most 100 an hour by default, whatever the IP. */
export const ACCOUNT_LIMIT = () => parseLimit(env.LOGIN_ACCOUNT_LIMIT);

export const TOO_MANY = (seconds: number) => `Too many sign-in attempts. Please try again in ${seconds} seconds.`;

/**
 * The one sign-in path (the login form and POST /api/auth/sign-in/email both come here): limits first,
 * then better-auth checks the password and makes a fresh session. Unknown email and wrong password get
 * the same answer. Only admins may keep a session made here.
 */
export async function signIn(request: Request, input: LoginInput, { requireAdmin = true } = {}): Promise<SignInResult> {
  const [ipMax, ipWindow] = IP_LIMIT();
  const ip = await hitRateLimit(`login-ip:${clientIp(request)}`, ipMax, ipWindow);
  if (!ip.allowed) {
    await recordSignInBlocked(request, input.email, "Too many attempts from this address");
    return { ok: false, status: 429, message: TOO_MANY(ip.retryAfter), retryAfter: ip.retryAfter };
  }

  const [accountMax, accountWindow] = ACCOUNT_LIMIT();
  const accountKey = `login-account:${input.email.toLowerCase()}`;
  // Too many failures lock the account for the window, even for the right password.
  const locked = await peekRateLimit(accountKey, accountMax);
  if (!locked.allowed) {
    await recordSignInBlocked(request, input.email, "Too many failures for this account");
    return { ok: false, status: 429, message: TOO_MANY(locked.retryAfter), retryAfter: locked.retryAfter };
  }

  const response = await auth().api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: true },
    headers: request.headers,
    asResponse: true,
  });

  if (!response.ok) {
    const failures = await hitRateLimit(accountKey, accountMax, accountWindow);
    if (!failures.allowed) {
      await recordSignInBlocked(request, input.email, "Too many failures for this account");
      return { ok: false, status: 429, message: TOO_MANY(failures.retryAfter), retryAfter: failures.retryAfter };
    }
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    logger.info({ ip: clientIp(request), status: response.status }, "sign-in failed");
    await recordSecurityActivity(request, { action: "sign-in.failure", actorEmail: input.email, detail: "Wrong email or password" });
    return { ok: false, status: 401, message: body?.message || "Invalid email or password" };
  }

  const body = (await response.json()) as { user?: { id: string }; twoFactorRedirect?: boolean };
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  // The admin check and the sign-in notice wait for the second step (app/.server/two-factor.ts).
  if (body.twoFactorRedirect) return { ok: true, headers, userId: null, twoFactorRequired: true };
  const userId = body.user?.id ?? "";

  if (requireAdmin && !(await isAdminUser(userId))) {
    // Do not leave a non-admin session behind: revoke it at once.
    const cookieHeader = new Headers({ cookie: response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
    await auth()
      .api.signOut({ headers: cookieHeader })
      .catch((error: unknown) => logger.warn({ err: error }, "could not revoke a non-admin session"));
    await recordSecurityActivity(request, { action: "sign-in.refused", actorId: userId, actorEmail: input.email, detail: "Not an admin" });
    return { ok: false, status: 403, message: "This account does not have admin access." };
  }
  logger.info({ userId, ip: clientIp(request) }, "signed in");
  await recordSecurityActivity(request, { action: "sign-in.success", actorId: userId, actorEmail: input.email });
  await noteSignIn(request, userId);
  return { ok: true, headers, userId };
}
