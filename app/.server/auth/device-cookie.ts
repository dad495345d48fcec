import crypto from "node:crypto";
import { authSecret, SITE_ORIGIN } from "./auth";

// Trusted-device cookies: OWASP's "slow brute force protection using device cookies"
// (docs/decisions/0010-device-cookies-and-unlock-links.md). A browser that has signed in to an account gets a
// long-lived cookie naming that account, signed with a key derived from the auth secret. On sign-in with such a
// cookie for the same account, the account lockout (which anyone can trigger) does not apply; the device has
// its own small failure budget instead.

export const DEVICE_COOKIE = "device";
/** A year: the admin's own browser should stay trusted between visits. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const VERSION = "v1";

export interface TrustedDevice {
  /** The account the cookie names, lower-cased. */
  email: string;
  /** Random per issue: the key of the device's own failure counter. */
  nonce: string;
}

let key: { secret: string; key: Buffer } | undefined;
function signingKey(): Buffer {
  const secret = authSecret();
  // Derived, so a device cookie can never be mistaken for (or forged from) a better-auth cookie signature.
  if (key?.secret !== secret) key = { secret, key: crypto.createHmac("sha256", secret).update("device-cookie/v1").digest() };
  return key.key;
}

const b64 = (value: string) => Buffer.from(value, "utf8").toString("base64url");
const sign = (payload: string) => crypto.createHmac("sha256", signingKey()).update(payload).digest("base64url");

/** The Set-Cookie value that makes this browser a trusted device for `email`. */
export function deviceCookieFor(email: string, now = Date.now()): string {
  const payload = [VERSION, b64(email.trim().toLowerCase()), crypto.randomBytes(16).toString("base64url"), String(Math.floor(now / 1000))].join(".");
  const secure = SITE_ORIGIN.startsWith("https://");
  return [
    `${DEVICE_COOKIE}=${payload}.${sign(payload)}`,
    "Path=/",
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The device the request's cookie proves, if it is genuine, unexpired and names `email`; otherwise null. */
export function trustedDevice(request: Request, email: string, now = Date.now()): TrustedDevice | null {
  const value = cookieValue(request, DEVICE_COOKIE);
  if (!value || value.length > 1024) return null;
  const parts = value.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [, name, nonce, issued, signature] = parts;
  const expected = Buffer.from(sign(parts.slice(0, 4).join(".")));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const issuedAt = Number(issued) * 1000;
  if (!Number.isFinite(issuedAt) || issuedAt > now + 60_000 || now - issuedAt > DEVICE_COOKIE_MAX_AGE_S * 1000) return null;
  const cookieEmail = Buffer.from(name, "base64url").toString("utf8");
  if (cookieEmail !== email.trim().toLowerCase()) return null;
  return { email: cookieEmail, nonce };
}
