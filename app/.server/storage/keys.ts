import { LATE_AVIF_WIDTHS, type LateAvifWidth } from "~/lib/images";

// Storage keys are server-made (`<bucket>/<folder>/<name>.<ext>`); these checks keep any key, made here or
// taken from a URL path, inside the store: no `..`, no dotfiles, no absolute paths, no odd characters.

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && !segment.includes(".."));
}

export function assertKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The only types the stores hold, by extension: what we serve a stored object as, whatever else is claimed. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
  mp4: "video/mp4",
  webm: "video/webm",
};

export function contentTypeForKey(key: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return ext ? CONTENT_TYPES[ext] : undefined;
}

/**
 * Not an upload: the object written once the store holds every upload's AVIF of that width (one of
 * LATE_AVIF_WIDTHS), which every instance reads at start (docs/decisions/0043-avif-480-marker-for-s3-public-url.md,
 * docs/decisions/0051-avif-800.md). No served type: /uploads answers 404 for it.
 */
export const avifMarkerKey = (width: LateAvifWidth) => `markers/avif-${width}-complete`;
// The 480 px one, `markers/avif-480-complete`, keeps the name buckets written before the 800 px AVIF already hold.
export const AVIF_MARKER_KEYS: readonly string[] = LATE_AVIF_WIDTHS.map(avifMarkerKey);
