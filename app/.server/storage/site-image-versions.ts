import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// The site's own images (public/images, copied into the client build) are linked with a content hash, `?v=<hash>`,
// and served for a year as immutable (app/lib/images.ts, server/app.ts). The hash is one per picture, not per file:
// a picture's files (`hero.jpg`, `hero-w480.webp`, `hero-w800.avif`, ...) share the hash of all of them together, so
// a page names the same short value again in every srcset entry of a picture, which compression takes nearly for free
// (16 hex digits per file cost the home page 1.2 KB of brotli: docs/decisions/0061-public-scripts-as-files-and-one-image-version-per-picture.md).
// Any file of a picture that changes changes the URLs of all its files, so no stale file is ever kept a year.

/** Hex digits of the version: 40 bits, far more than the pictures one site will ever have. */
export const IMAGE_VERSION_LENGTH = 10;

/** `/images/hero-w480.webp` and `/images/hero.jpg` -> `hero`: the picture a file belongs to. */
export function pictureOf(file: string): string {
  return file.replace(/\.[a-z0-9]+$/i, "").replace(/-w\d+$/, "");
}

/** `/images/<file>` -> its picture's version, for the image files of a build's images folder (none without a build). */
export function siteImageVersions(dir: string): Map<string, string> {
  let files: string[];
  try {
    files = fs.readdirSync(dir).filter((file) => /\.(webp|avif|jpe?g|png|svg)$/i.test(file));
  } catch {
    return new Map(); // no build (development): plain URLs
  }
  const pictures = new Map<string, string[]>();
  for (const file of files.sort()) pictures.set(pictureOf(file), [...(pictures.get(pictureOf(file)) ?? []), file]);
  const versions = new Map<string, string>();
  for (const group of pictures.values()) {
    const hash = crypto.createHash("sha256");
    for (const file of group) hash.update(file).update("\0").update(fs.readFileSync(path.join(dir, file))).update("\0");
    const version = hash.digest("hex").slice(0, IMAGE_VERSION_LENGTH);
    for (const file of group) versions.set(`/images/${file}`, version);
  }
  return versions;
}
