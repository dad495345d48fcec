import { logger } from "../logger";

// better-auth follows a few URL parameters back after a sign-in step (callbackURL and its kin). It refuses another
// site's with 403 but logs that at error level, and a URL it cannot parse (`//evil.example`) on verify-email ends in
// a 500. Both are a visitor's input, so they are refused here first (docs/security.md "Faults and errors").

const URL_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"] as const;
/** A base no real address has: what resolves against it and keeps its origin is a path of this site. */
const BASE = "http://site.invalid";

/** True for a path of this site ("/admin/…"); false for another site, a scheme-relative URL or a script. */
export function isSitePath(value: unknown): boolean {
  if (typeof value !== "string" || !value.startsWith("/")) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** A 403 when a URL parameter of the query or the JSON body is not a path of this site; else null. */
export async function refuseForeignRedirect(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const values: unknown[] = URL_FIELDS.flatMap((name) => url.searchParams.getAll(name));
  if (request.method !== "GET" && request.method !== "HEAD" && request.headers.get("content-type")?.includes("json")) {
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => null);
    if (body && typeof body === "object") {
      for (const name of URL_FIELDS) if (name in body) values.push((body as Record<string, unknown>)[name]);
    }
  }
  const foreign = values.find((value) => !isSitePath(value));
  if (foreign === undefined) return null;
  logger.info({ path: url.pathname, value: String(foreign).slice(0, 200) }, "auth: redirect URL of another site refused");
  return Response.json({ code: "INVALID_CALLBACK_URL", message: "Invalid callbackURL" }, { status: 403 });
}
