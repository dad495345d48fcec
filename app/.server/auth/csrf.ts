// Cross-site write protection for every state-changing request, resource routes included
// (React Router's own origin check covers only actions of UI routes).

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface WriteRequestInfo {
  method: string;
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
}

/**
 * True when a browser sent this write from another site. Browsers send Origin on every POST
 * and Sec-Fetch-Site on every request; clients that send neither (curl, server-to-server)
 * cannot carry a victim's cookies across sites, so they are left to authentication.
 */
export function isCrossSiteWrite(req: WriteRequestInfo, allowedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  if (req.origin !== undefined) {
    if (req.origin === "null") return true;
    if (allowedOrigins.includes(req.origin)) return false;
    try {
      return new URL(req.origin).host !== req.host;
    } catch {
      return true;
    }
  }
  return req.secFetchSite === "cross-site" || req.secFetchSite === "same-site";
}
