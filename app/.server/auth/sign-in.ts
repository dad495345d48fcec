import type { LoginInput } from "~/validation/login";
import { recordSecurityActivity, recordSignInBlocked } from "../activity/activity";
import { auth, CLIENT_IP_HEADER } from "./auth";
import { deviceCookieFor, trustedDevice } from "./device-cookie";
import { env } from "../env";
import { logger } from "../logger";
import { isStaffUser } from "../models/users";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "../models/rate-limits";
import { noteSignIn } from "./sign-in-events";
import { accountLimitKey, offerUnlockLink, unlockByEmailAvailable } from "./sign-in-unlock";

export type SignInResult =
  | { ok: true; headers: Headers; userId: string; twoFactorRequired?: false }
  /** Password right, two-factor on: no session yet, only the two-factor cookie (app/.server/auth/two-factor.ts). */
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
/** Failures per trusted device (app/.server/auth/device-cookie.ts): 10 an hour by default. */
export const DEVICE_LIMIT = () => parseLimit(env.LOGIN_DEVICE_LIMIT);

export const TOO_MANY = (seconds: number) => `Too many sign-in attempts. Please try again in ${seconds} seconds.`;
export const UNLOCK_SENT = "If this is your account, we have emailed it a link to unlock sign-in.";

/** The account lockout's answer; with mail configured it also sends the account an unlock link. */
async function lockedOut(request: Request, email: string, retryAfter: number): Promise<SignInResult> {
  await recordSignInBlocked(request, email, "Too many failures for this account");
  if (!unlockByEmailAvailable()) return { ok: false, status: 429, message: TOO_MANY(retryAfter), retryAfter };
  await offerUnlockLink(email);
  return { ok: false, status: 429, message: `${TOO_MANY(retryAfter)} ${UNLOCK_SENT}`, retryAfter };
}

/**
 * The one sign-in path (the login form and POST /api/auth/sign-in/email both come here): limits first,
 * then better-auth checks the password and makes a fresh session. Unknown email and wrong password get
 * the same answer. Only admins may keep a session made here.
 */
export async function signIn(request: Request, input: LoginInput, { requireAdmin = true } = {}): Promise<SignInResult> {
  // A browser that signed in to this account before is judged on its own failures only: an attacker's
  // failures from elsewhere cannot lock it out (docs/decisions/0010-device-cookies-and-unlock-links.md).
  const device = trustedDevice(request, input.email);
  const [deviceMax, deviceWindow] = DEVICE_LIMIT();
  const deviceKey = device ? `login-device:${device.nonce}` : null;
  if (deviceKey) {
    const spent = await peekRateLimit(deviceKey, deviceMax);
    if (!spent.allowed) {
      await recordSignInBlocked(request, input.email, "Too many failures from this device");
      return { ok: false, status: 429, message: TOO_MANY(spent.retryAfter), retryAfter: spent.retryAfter };
    }
  }

  const [ipMax, ipWindow] = IP_LIMIT();
  const [accountMax, accountWindow] = ACCOUNT_LIMIT();
  const accountKey = accountLimitKey(input.email);
  if (!deviceKey) {
    const ip = await hitRateLimit(`login-ip:${clientIp(request)}`, ipMax, ipWindow);
    if (!ip.allowed) {
      await recordSignInBlocked(request, input.email, "Too many attempts from this address");
      return { ok: false, status: 429, message: TOO_MANY(ip.retryAfter), retryAfter: ip.retryAfter };
    }
    // Too many failures lock the account for the window, even for the right password (trusted devices aside).
    const locked = await peekRateLimit(accountKey, accountMax);
    if (!locked.allowed) return lockedOut(request, input.email, locked.retryAfter);
  }

  const response = await auth().api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: true },
    headers: request.headers,
    asResponse: true,
  });

  if (!response.ok) {
    if (deviceKey) {
      const spent = await hitRateLimit(deviceKey, deviceMax, deviceWindow);
      if (!spent.allowed) {
        await recordSignInBlocked(request, input.email, "Too many failures from this device");
        return { ok: false, status: 429, message: TOO_MANY(spent.retryAfter), retryAfter: spent.retryAfter };
      }
    } else {
      const failures = await hitRateLimit(accountKey, accountMax, accountWindow);
      if (!failures.allowed) return lockedOut(request, input.email, failures.retryAfter);
    }
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    logger.info({ ip: clientIp(request), status: response.status }, "sign-in failed");
    await recordSecurityActivity(request, { action: "sign-in.failure", actorEmail: input.email, detail: "Wrong email or password" });
    return { ok: false, status: 401, message: body?.message || "Invalid email or password" };
  }

  const body = (await response.json()) as { user?: { id: string }; twoFactorRedirect?: boolean };
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  // The admin check, the sign-in notice and the device cookie wait for the second step (app/.server/auth/two-factor.ts).
  if (body.twoFactorRedirect) return { ok: true, headers, userId: null, twoFactorRequired: true };
  const userId = body.user?.id ?? "";

  if (requireAdmin && !(await isStaffUser(userId))) {
    // Do not leave a non-admin session behind: revoke it at once.
    const cookieHeader = new Headers({ cookie: response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
    await auth()
      .api.signOut({ headers: cookieHeader })
      .catch((error: unknown) => logger.warn({ err: error }, "could not revoke a non-admin session"));
    await recordSecurityActivity(request, { action: "sign-in.refused", actorId: userId, actorEmail: input.email, detail: "Not an admin" });
    return { ok: false, status: 403, message: "This account does not have admin access." };
  }
  // This browser is now a trusted device for the account (a fresh nonce, so a fresh failure budget).
  headers.append("Set-Cookie", deviceCookieFor(input.email));
  if (deviceKey) await clearRateLimit(deviceKey);
  logger.info({ userId, ip: clientIp(request), trustedDevice: Boolean(deviceKey) }, "signed in");
  await recordSecurityActivity(request, { action: "sign-in.success", actorId: userId, actorEmail: input.email });
  await noteSignIn(request, userId);
  return { ok: true, headers, userId };
}
