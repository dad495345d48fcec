/**
 * A message shown on the next admin page after a redirect (docs/decisions/0028-one-message-mechanism.md). Here, not
 * in app/.server/http/flash.ts which reads and writes the cookie, so the admin components that show it import no server code.
 */
export interface FlashToast {
  id: string;
  type: "success" | "error" | "message";
  title: string;
  description?: string;
}
