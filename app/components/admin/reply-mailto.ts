// The link that opens a lead's reply in the admin's own email app (docs/decisions/0071-replies-from-the-admins-own-email-app.md).

/** Email apps and browsers cut long mailto: links (some near 2,000 characters): the body is shortened to fit. */
export const MAILTO_MAX = 1900;

/** A mailto: link to `to` with the subject and as much of the body as fits in MAILTO_MAX; `cut` when shortened. */
export function replyMailto(to: string, subject: string, body: string): { href: string; cut: boolean } {
  const head = `mailto:${encodeURIComponent(to).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}&body=`;
  const full = head + encodeURIComponent(body);
  if (full.length <= MAILTO_MAX) return { href: full, cut: false };
  // Shortened by characters (never in the middle of an escape), with a mark that the rest was left out.
  let end = body.length;
  let href = full;
  while (end > 0 && href.length > MAILTO_MAX) {
    end = Math.floor(end * 0.9);
    href = head + encodeURIComponent(`${body.slice(0, end)}…`);
  }
  return { href, cut: true };
}
