import Bowser from "bowser";

/** "Chrome on Windows": browser and system names without versions, so an update is not a new browser. */
export function describeBrowser(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown browser";
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || "Unknown browser";
  const os = parsed.os.name;
  return os ? `${browser} on ${os}` : browser;
}
