import fs from "node:fs";

/** Chromium for browser tests: CHROME_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error("No Chromium found: set CHROME_PATH or install it (apt-get install -y chromium).");
  }
  return found;
}
