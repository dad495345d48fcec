import fs from "node:fs";
import path from "node:path";
import { env } from "../env";

const texts = new Map<string, string | null>();

/**
 * The text of a file of the client build (`/assets/...`), for pages that inline it (app/root.tsx),
 * read once from the build that server.mjs serves at the same URL. Undefined in development, where
 * Vite serves the sources, and when the file cannot be read: the page then links it instead.
 */
export function clientBuildText(href: string): string | undefined {
  if (import.meta.env.DEV) return undefined;
  if (!texts.has(href)) {
    try {
      texts.set(href, fs.readFileSync(path.join(path.resolve(env.BUILD_DIR, "client"), href), "utf8"));
    } catch {
      texts.set(href, null);
    }
  }
  return texts.get(href) ?? undefined;
}
