import fs from "node:fs";

/**
 * Chromium for browser tests: CHROME_PATH, else Debian's headless shell (package chromium-headless-shell), else
 * Debian's full /usr/bin/chromium. The headless shell is what Playwright itself runs headless: it loads a page
 * with about half the CPU of the full browser, which on two shared cores took a third off the browser tests
 * (docs/decisions/0044-browser-tests-on-the-headless-shell.md).
 */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error("No Chromium found: set CHROME_PATH or install it (apt-get install -y chromium-headless-shell).");
  }
  return found;
}
