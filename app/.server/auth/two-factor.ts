import { deviceCookieFor } from "./device-cookie";
import { recordSecurityActivity } from "../activity/activity";
import QRCode from "qrcode";
import { auth } from "./auth";
import { logger } from "../logger";
import { isStaffUser } from "../models/users";
import { hitRateLimit } from "../models/rate-limits";
import { clientIp } from "./sign-in";
import { noteSignIn } from "./sign-in-events";

// Two-factor sign-in and set-up on top of better-auth's twoFactor plugin
// (docs/decisions/0014-staff-accounts-and-two-factor.md).

/** Second-step tries per IP: 10 in 5 minutes (the plugin also locks an account after 10 failures). */
export const SECOND_STEP_IP_LIMIT = [10, 5 * 60_000] as const;

export const INVALID_CODE = "That code is not valid. Check your authenticator app and try again.";
export const STEP_EXPIRED = "Your sign-in has expired. Please sign in again.";

const setCookies = (response: Response) => {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
};

export type SecondStepResult =
  | { ok: true; headers: Headers; userId: string }
  | { ok: false; status: 400 | 401 | 403 | 429; message: string; expired?: boolean; retryAfter?: number };

/**
 * The second sign-in step: an app code or a backup code, with the two-factor cookie the first step set.
 * On success the session cookie is set (and the trust-device cookie when asked); only admins keep it.
 */
export async function verifySecondFactor(request: Request, input: { method: "totp" | "backup"; code: string; trust_device: boolean }): Promise<SecondStepResult> {
  const limit = await hitRateLimit(`2fa-ip:${clientIp(request)}`, ...SECOND_STEP_IP_LIMIT);
  if (!limit.allowed) return { ok: false, status: 429, message: `Too many attempts. Please try again in ${limit.retryAfter} seconds.`, retryAfter: limit.retryAfter };
  const body = { code: input.code, trustDevice: input.trust_device };
  const response =
    input.method === "totp"
      ? await auth().api.verifyTOTP({ body, headers: request.headers, asResponse: true })
      : await auth().api.verifyBackupCode({ body, headers: request.headers, asResponse: true });
  if (!response.ok) {
    const error = (await response.json().catch(() => null)) as { code?: string } | null;
    logger.info({ ip: clientIp(request), code: error?.code }, "second sign-in step failed");
    await recordSecurityActivity(request, { action: "sign-in.second-step-failure", detail: error?.code ?? null });
    if (error?.code === "INVALID_TWO_FACTOR_COOKIE") return { ok: false, status: 401, message: STEP_EXPIRED, expired: true };
    if (error?.code?.includes("LOCKED")) return { ok: false, status: 429, message: "Too many wrong codes. This account is locked for 15 minutes." };
    if (error?.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return { ok: false, status: 401, message: STEP_EXPIRED, expired: true };
    return { ok: false, status: 401, message: INVALID_CODE };
  }
  const result = (await response.json()) as { user?: { id: string; email?: string } };
  const userId = result.user?.id ?? "";
  const headers = setCookies(response);
  if (!(await isStaffUser(userId))) {
    const cookie = new Headers({ cookie: response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
    await auth()
      .api.signOut({ headers: cookie })
      .catch((error: unknown) => logger.warn({ err: error }, "could not revoke a non-admin session"));
    return { ok: false, status: 403, message: "This account does not have admin access." };
  }
  logger.info({ userId, ip: clientIp(request) }, "signed in with a second factor");
  await recordSecurityActivity(request, { action: "sign-in.second-step-success", actorId: userId, actorEmail: result.user?.email ?? null });
  // Only now is this browser a trusted device for the account (docs/decisions/0010-device-cookies-and-unlock-links.md).
  if (result.user?.email) headers.append("Set-Cookie", deviceCookieFor(result.user.email));
  await noteSignIn(request, userId);
  return { ok: true, headers, userId };
}

/** An SVG QR code of the otpauth:// link, drawn here: the secret never leaves the site. */
export async function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2, width: 200 });
}

/** The base32 secret of an otpauth:// link, for typing into an app by hand. */
export function secretOf(uri: string): string {
  return new URL(uri).searchParams.get("secret") ?? "";
}

export type SetupStart = { ok: true; totpURI: string; qrSvg: string; secret: string; backupCodes: string[] } | { ok: false; message: string };

/** Step one of turning two-factor on (password required): a new secret and 10 backup codes, not yet active. */
export async function startTwoFactorSetup(request: Request, password: string): Promise<SetupStart> {
  try {
    const result = await auth().api.enableTwoFactor({ body: { password }, headers: request.headers });
    if (!("totpURI" in result) || !result.totpURI) return { ok: false, message: "Two-factor could not be set up" };
    return { ok: true, totpURI: result.totpURI, qrSvg: await qrCodeSvg(result.totpURI), secret: secretOf(result.totpURI), backupCodes: result.backupCodes ?? [] };
  } catch (error) {
    return { ok: false, message: apiMessage(error) };
  }
}

/** Step two: a code from the app proves it was set up; two-factor turns on and the session is renewed. */
export async function confirmTwoFactorSetup(request: Request, code: string): Promise<{ ok: true; headers: Headers } | { ok: false; message: string }> {
  const response = await auth().api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true });
  if (!response.ok) return { ok: false, message: INVALID_CODE };
  return { ok: true, headers: setCookies(response) };
}

export async function disableTwoFactor(request: Request, password: string): Promise<{ ok: true; headers: Headers } | { ok: false; message: string }> {
  const response = await auth().api.disableTwoFactor({ body: { password }, headers: request.headers, asResponse: true });
  if (!response.ok) {
    const error = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    return { ok: false, message: error?.code === "INVALID_PASSWORD" ? "Password is incorrect" : (error?.message ?? "Two-factor could not be turned off") };
  }
  return { ok: true, headers: setCookies(response) };
}

export async function regenerateBackupCodes(request: Request, password: string): Promise<{ ok: true; backupCodes: string[] } | { ok: false; message: string }> {
  try {
    const result = await auth().api.generateBackupCodes({ body: { password }, headers: request.headers });
    return { ok: true, backupCodes: result.backupCodes };
  } catch (error) {
    return { ok: false, message: apiMessage(error) };
  }
}

function apiMessage(error: unknown): string {
  const body = (error as { body?: { code?: string; message?: string } }).body;
  if (body?.code === "INVALID_PASSWORD") return "Password is incorrect";
  return body?.message ?? (error instanceof Error ? error.message : "Something went wrong");
}
