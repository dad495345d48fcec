const FALLBACK = "/admin/dashboard";
/** A base no real address has: what resolves against it and keeps its origin is a path of this site. */
const BASE = "http://admin.invalid";

/**
 * Where to go after signing in: an admin page named by ?redirectTo, never another site or the sign-in pages.
 * The answer is the address as the URL parser writes it back (control and non-ASCII characters percent-encoded,
 * dot segments resolved), so it is always a valid Location header; anything odd falls back to the dashboard.
 */
export function safeRedirect(to: string | null): string {
  if (!to || !to.startsWith("/admin")) return FALLBACK;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return FALLBACK;
  }
  const path = url.pathname;
  if (url.origin !== BASE || !/^\/admin(\/|$)/.test(path) || path.startsWith("/admin/login")) return FALLBACK;
  return path + url.search + url.hash;
}
