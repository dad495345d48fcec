import fs from "node:fs";
import path from "node:path";
import { env } from "./env";

let text: string | null | undefined;

/**
 * The built stylesheet's text, for pages that inline it (app/root.tsx), read once from the client
 * build that server.mjs serves at the same URL. Undefined in development, where Vite serves the
 * stylesheet, and when the file cannot be read: the page then links it instead.
 */
export function builtStylesheet(href: string): string | undefined {
  if (import.meta.env.DEV) return undefined;
  if (text === undefined) {
    try {
      text = fs.readFileSync(path.join(path.resolve(env.BUILD_DIR, "client"), href), "utf8");
    } catch {
      text = null;
    }
  }
  return text ?? undefined;
}
