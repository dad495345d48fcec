import crypto from "node:crypto";
import { type Cookie, createCookie, data, redirect } from "react-router";
import { z } from "zod";
import { authSecret, SITE_ORIGIN } from "../auth/auth";
import type { FlashToast } from "~/lib/flash";
import { logger } from "../logger";

// Messages after a redirect (docs/decisions/0028-one-message-mechanism.md): the action that redirects puts the
// toast in a short-lived signed cookie; the root loader of the next admin page reads it once, clears it, and the
// page shows it with the admin toaster. Fetcher results never come this way: they carry their own message.

const FlashToastSchema: z.ZodType<FlashToast> = z.object({
  id: z.string().max(64),
  type: z.enum(["success", "error", "message"]),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});

export type { FlashToast };
export type FlashToastInput = Omit<FlashToast, "id" | "type"> & { type?: FlashToast["type"] };

/** Only the admin and its sign-in pages: public pages are cached and never hydrated, so they never read it. */
export const FLASH_PATH = "/admin";

export const isFlashPath = (pathname: string) => pathname === FLASH_PATH || pathname.startsWith(`${FLASH_PATH}/`);

let cookie: { secret: string; cookie: Cookie } | undefined;
function flashCookie(): Cookie {
  const secret = authSecret();
  if (cookie?.secret !== secret) {
    // A key of its own, derived from the auth secret, so a flash signature can never stand for another cookie's.
    const key = crypto.createHmac("sha256", secret).update("flash-cookie/v1").digest("base64url");
    cookie = {
      secret,
      cookie: createCookie("flash", {
        // The browser sends it nowhere else: a public page's request never carries it, so the page cache is untouched.
        path: FLASH_PATH,
        httpOnly: true,
        sameSite: "lax",
        secure: SITE_ORIGIN.startsWith("https://"),
        // A message is for the page that comes next; one not read within a minute is stale.
        maxAge: 60,
        secrets: [key],
      }),
    };
  }
  return cookie.cookie;
}

/** The Set-Cookie header value that carries `toast` to the next admin page. */
export async function flashToastCookie(toast: FlashToastInput): Promise<string> {
  const value: FlashToast = { id: crypto.randomUUID(), type: toast.type ?? "message", title: toast.title, description: toast.description };
  return flashCookie().serialize(FlashToastSchema.parse(value));
}

/** A redirect that shows `toast` on the page it leads to (an admin or sign-in page). */
export async function redirectWithToast(url: string, toast: FlashToastInput, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToastCookie(toast));
  return redirect(url, { ...init, headers });
}

/**
 * The flash message the request carries, if any, and the header that clears it, so it shows once. A forged,
 * tampered or malformed cookie reads as no message (and is cleared too).
 */
export async function readFlashToast(request: Request): Promise<{ toast: FlashToast | null; headers: Headers | null }> {
  const header = request.headers.get("Cookie");
  if (!header || !/(?:^|;\s*)flash=/.test(header)) return { toast: null, headers: null };
  const jar = flashCookie();
  let value: unknown = null;
  try {
    value = await jar.parse(header);
  } catch (error) {
    logger.info({ err: error }, "unreadable flash cookie");
  }
  const parsed = FlashToastSchema.safeParse(value);
  const clear = new Headers({ "Set-Cookie": await jar.serialize("", { maxAge: 0, expires: new Date(0) }) });
  return { toast: parsed.success ? parsed.data : null, headers: clear };
}

/**
 * The root loader's answer: the message for this admin or sign-in page, or none. A public page never reads the
 * cookie nor answers with Set-Cookie, so the page cache keeps it.
 */
export async function flashForPage(request: Request) {
  if (!isFlashPath(new URL(request.url).pathname)) return { flash: null };
  const { toast, headers } = await readFlashToast(request);
  return data({ flash: toast }, headers ? { headers } : undefined);
}
