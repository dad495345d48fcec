import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_ATTACHMENTS_TOTAL_BYTES } from "~/validation/constants";

// Request body limits, enforced while the body streams and before React Router or better-auth parse a byte
// (docs/security.md "Request bodies"; docs/decisions/0009-early-body-limits.md). One table, first match wins.

const KB = 1024;
const MB = 1024 * KB;

export interface BodyLimitRule {
  /** A name for logs and docs. */
  name: string;
  /** Matched against the path with any `.data` suffix removed (`/admin/login.data` is `/admin/login`). */
  pattern: RegExp;
  /** Bytes allowed; null: the route enforces its own streaming limits. */
  bytes: number | null;
  /** Bytes allowed for a multipart/form-data body, when the route takes files (else `bytes` applies). */
  multipartBytes?: number;
}

/**
 * The contact form: POST /api/enquiries and the home page's action (`/?index`, `/_root.data?index`). As
 * urlencoded or JSON text: 5,000 characters of project details, even as three-byte characters percent-encoded,
 * come to about 50 KB. As multipart it carries attachments: their total plus the text fields
 * (MAX_ENQUIRY_BODY in app/.server/enquiries/attachments.ts, which also checks each file while it streams).
 */
export const CONTACT_FORM_LIMIT = 64 * KB;
/** A multipart contact post: the attachments' total, plus this much for its text fields. */
export const MAX_ENQUIRY_BODY = MAX_ATTACHMENTS_TOTAL_BYTES + 256 * KB;
/** The sign-in form and better-auth's JSON endpoints: an email, a password, a code or a token. */
export const AUTH_FORM_LIMIT = 16 * KB;
/** Admin forms: long descriptions (20,000 characters), galleries of URLs, several fields at once. */
export const ADMIN_FORM_LIMIT = 2 * MB;
/** Any other write (a logout, a POST to a page with no action): nothing there needs more. */
export const DEFAULT_BODY_LIMIT = 64 * KB;

export const BODY_LIMITS: readonly BodyLimitRule[] = [
  // Multipart uploads stream through their own per-folder limits (app/.server/storage/upload.ts).
  { name: "uploads", pattern: /^\/api\/uploads\/?$/, bytes: null },
  { name: "contact-form", pattern: /^\/(?:_root|api\/enquiries\/?)?$/, bytes: CONTACT_FORM_LIMIT, multipartBytes: MAX_ENQUIRY_BODY },
  { name: "sign-in", pattern: /^\/admin\/login(?:\/|$)/, bytes: AUTH_FORM_LIMIT },
  { name: "auth-api", pattern: /^\/api\/auth(?:\/|$)/, bytes: AUTH_FORM_LIMIT },
  { name: "admin", pattern: /^\/admin(?:\/|$)/, bytes: ADMIN_FORM_LIMIT },
  { name: "default", pattern: /^/, bytes: DEFAULT_BODY_LIMIT },
];

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/** The rule for a request, or null when it carries no body to limit. */
export function bodyLimitFor(method: string, path: string, rules: readonly BodyLimitRule[] = BODY_LIMITS): BodyLimitRule | null {
  if (WITHOUT_BODY.has(method.toUpperCase())) return null;
  const route = path.replace(/\.data$/, "");
  return rules.find((rule) => rule.pattern.test(route)) ?? null;
}

export const BODY_TOO_LARGE = "Request body is too large";
/** How long a refused connection keeps reading (and dropping) what the client still sends before it is closed. */
export const LINGER_MS = 2000;

type Next = (error?: unknown) => void;

/**
 * Connect/Express middleware. A Content-Length over the limit is refused before a byte is read; a body without
 * one (chunked) is counted as it arrives from the socket, whether or not anything reads it yet, and answered 413
 * the moment it passes the limit. Either way the connection is closed shortly after the answer, and what arrives
 * meanwhile is dropped, never held.
 */
export function bodyLimitMiddleware(
  options: { rules?: readonly BodyLimitRule[]; onRefused?: (info: { rule: string; path: string; bytes: number }) => void } = {},
) {
  const rules = options.rules ?? BODY_LIMITS;
  return (req: IncomingMessage, res: ServerResponse, next: Next) => {
    const path = (req.url ?? "/").split("?")[0];
    const rule = bodyLimitFor(req.method ?? "GET", path, rules);
    if (!rule || rule.bytes === null) return next();
    const multipart = /^multipart\/form-data/i.test(req.headers["content-type"] ?? "");
    const limit = multipart && rule.multipartBytes !== undefined ? rule.multipartBytes : rule.bytes;

    // The HTTP parser hands each body chunk to push(); counting there sees the bytes as they arrive, before any
    // reader. Once refused, chunks are dropped (never held) while the connection lingers.
    let received = 0;
    let over = false;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (over) return true;
      if (chunk !== null && chunk !== undefined) {
        received += (chunk as Buffer).length;
        if (received > limit) {
          refuse(received);
          return true;
        }
      }
      return push(chunk, encoding);
    };

    const refuse = (bytes: number) => {
      over = true;
      options.onRefused?.({ rule: rule.name, path, bytes });
      const socket = req.socket;
      if (res.headersSent) {
        socket.destroy();
        return;
      }
      // A lingering close: closing at once would make the client's TCP stack reset the connection while it is
      // still sending, and a reset can discard our answer before the client reads it. So only our side is
      // closed when the answer is out; what the client still sends is read and dropped for LINGER_MS.
      socket.destroySoon = () => socket.end();
      res.once("finish", () => {
        socket.resume();
        setTimeout(() => socket.destroy(), LINGER_MS).unref();
      });
      const json = path.startsWith("/api/") || path.endsWith(".data");
      res.statusCode = 413;
      res.setHeader("Connection", "close");
      res.setHeader("Content-Type", json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
      res.end(json ? JSON.stringify({ error: BODY_TOO_LARGE }) : BODY_TOO_LARGE);
    };

    const declared = req.headers["content-length"];
    if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit) return refuse(Number(declared));
    next();
  };
}
