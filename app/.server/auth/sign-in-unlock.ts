import crypto from "node:crypto";
import { COMPANY } from "~/content/company";
import { publishedCompanyName } from "../models/site-chrome";
import { auth, authSecret, SITE_ORIGIN } from "./auth";
import { logger } from "../logger";
import { headerSafe, mailConfig } from "../mail/mailer";
import { clearRateLimitWindow, hitRateLimit, rateLimitWindow } from "../models/rate-limits";

// Unlock links for a locked-out account (docs/decisions/0010-device-cookies-and-unlock-links.md). When the
// per-account failure ceiling is reached and mail is configured, the account's own address gets a link. The
// link is signed, expires after UNLOCK_LINK_TTL_MS, and names the lockout window it was made for: redeeming
// it deletes that window's counter (atomically, once), so a used link, or one from an earlier lockout, does
// nothing. The browser that redeems it becomes a trusted device (device-cookie.ts).

/** The counter of failed sign-ins for an account, kept by sign-in.ts. */
export const accountLimitKey = (email: string) => `login-account:${email.trim().toLowerCase()}`;

export const UNLOCK_LINK_TTL_MS = 30 * 60_000;
/** At most one unlock email per account per this long, however many attempts the lockout refuses. */
export const UNLOCK_MAIL_INTERVAL_MS = 15 * 60_000;
export const UNLOCK_PATH = "/admin/login/unlock";

let key: { secret: string; key: Buffer } | undefined;
function signingKey(): Buffer {
  const secret = authSecret();
  if (key?.secret !== secret) key = { secret, key: crypto.createHmac("sha256", secret).update("unlock-link/v1").digest() };
  return key.key;
}
const sign = (payload: string) => crypto.createHmac("sha256", signingKey()).update(payload).digest("base64url");

export function unlockToken(email: string, windowEndsAt: number, expiresAt: number): string {
  const payload = [Buffer.from(email.trim().toLowerCase()).toString("base64url"), String(windowEndsAt), String(expiresAt)].join(".");
  return `${payload}.${sign(payload)}`;
}

function readToken(token: string, now: number): { email: string; windowEndsAt: number } | null {
  if (token.length > 1024) return null;
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const expected = Buffer.from(sign(parts.slice(0, 3).join(".")));
  const given = Buffer.from(parts[3]);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const windowEndsAt = Number(parts[1]);
  const expiresAt = Number(parts[2]);
  if (!Number.isSafeInteger(windowEndsAt) || !Number.isSafeInteger(expiresAt) || expiresAt <= now) return null;
  return { email: Buffer.from(parts[0], "base64url").toString("utf8"), windowEndsAt };
}

export const unlockUrl = (token: string) => `${SITE_ORIGIN}${UNLOCK_PATH}?token=${encodeURIComponent(token)}`;

export function unlockEmail(to: string, from: string, url: string, companyName: string = COMPANY.name) {
  const text = [
    `Someone, perhaps you, has tried to sign in to the ${companyName} admin panel with this email address and a wrong password too many times, so sign-in from new browsers is paused for this account.`,
    "",
    "To sign in from your browser now, open this link within 30 minutes:",
    url,
    "",
    "The link works once, and the browser you open it in stays trusted for this account. Browsers you have signed in with before are not affected.",
    "If this was not you, you can ignore this email: your password has not been changed.",
  ].join("\n");
  return { to, from, subject: headerSafe("Unlock sign-in to the admin panel"), text };
}

/** Whether a locked-out sign-in can offer an unlock link (mail is configured). */
export const unlockByEmailAvailable = () => mailConfig() !== null;

/**
 * Called when a sign-in is refused by the account lockout: emails the account an unlock link, at most once per
 * UNLOCK_MAIL_INTERVAL_MS. Unknown emails get nothing, but the caller's answer is the same. Never throws.
 */
export async function offerUnlockLink(email: string): Promise<void> {
  const config = mailConfig();
  if (!config) return;
  const address = email.trim().toLowerCase();
  try {
    const windowEndsAt = await rateLimitWindow(accountLimitKey(address));
    if (windowEndsAt === null) return;
    if (!(await hitRateLimit(`unlock-mail:${address}`, 1, UNLOCK_MAIL_INTERVAL_MS)).allowed) return;
    const found = await (await auth().$context).internalAdapter.findUserByEmail(address);
    if (!found) return;
    const token = unlockToken(address, windowEndsAt, Date.now() + UNLOCK_LINK_TTL_MS);
    await config.transport.sendMail(unlockEmail(found.user.email, config.from, unlockUrl(token), await publishedCompanyName()));
    logger.info({ userId: found.user.id }, "sign-in unlock link sent");
  } catch (error) {
    logger.error({ err: error }, "could not send a sign-in unlock link");
  }
}

/** True when `token` is genuine, unexpired and its lockout is still in force (without using it). */
export async function checkUnlockToken(token: string, now = Date.now()): Promise<boolean> {
  const read = readToken(token, now);
  return read !== null && (await rateLimitWindow(accountLimitKey(read.email))) === read.windowEndsAt;
}

/** Uses the link: lifts the lockout it was made for and answers the account's email, or null if it is no good. */
export async function redeemUnlockToken(token: string, now = Date.now()): Promise<{ email: string } | null> {
  const read = readToken(token, now);
  if (!read) return null;
  if (!(await clearRateLimitWindow(accountLimitKey(read.email), read.windowEndsAt))) return null;
  logger.info("sign-in unlocked by emailed link");
  return { email: read.email };
}
