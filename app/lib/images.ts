import { UPLOAD_BUCKETS, UPLOAD_FOLDERS } from "~/validation/constants";

// Responsive image convention, shared by the upload pipeline (which writes the files) and the
// components (which build srcset). For a local image `/uploads/.../name.ext` or `/images/name.ext`,
// the pipeline also writes `name-w480.webp`, `name-w960.webp`, `name-w1600.webp` (never enlarged:
// a smaller source gives files at its own width), `name-w480.avif`, `name-w800.avif` and `name-w960.avif`: the
// site's own images from scripts/image-variants.mjs, uploads from app/.server/storage/images.ts (uploads made
// before the 480 or 800 px AVIF existed get them from app/.server/storage/avif-backfill.ts:
// docs/decisions/0038-upload-avif-480.md, docs/decisions/0051-avif-800.md).

export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The AVIF a phone-only preload names first (the srcset offers every AVIF_WIDTHS entry). */
export const AVIF_WIDTH = 960;
/**
 * AVIF widths of every local image, the site's own and uploads: 480 px for images shown at phone widths, 800 px for
 * a phone-wide image at up to 2 dppx and a 400 px card on a screen at up to 2 dppx, which would otherwise take the
 * 960 px file (docs/decisions/0051-avif-800.md).
 */
export const AVIF_WIDTHS = [480, 800, 960] as const;
/**
 * The AVIF widths added after uploads were first stored (960 px was there from the start): older uploads get them
 * from the backfill, and each has its own marker for uploads behind S3_PUBLIC_URL (see bucketAvifWidths).
 */
export const LATE_AVIF_WIDTHS = [480, 800] as const;
export type LateAvifWidth = (typeof LATE_AVIF_WIDTHS)[number];

/**
 * Content hashes of the site's own images (`/images/<file>` -> hash), set by the server at start from the build
 * it serves (server/app.ts). Their URLs then carry `?v=<hash>`, which the server answers with a year-long,
 * immutable cache; without a hash (development, the browser bundle) the plain URL is cached for an hour.
 */
const imageVersions = new Map<string, string>();

export function setImageVersions(versions: Map<string, string>): void {
  imageVersions.clear();
  for (const [url, hash] of versions) imageVersions.set(url, hash);
}

/** `/images/x.webp` -> `/images/x.webp?v=<hash>` when the hash is known; any other URL as it is. */
export function versionedUrl(url: string): string {
  const version = imageVersions.get(url);
  return version ? `${url}?v=${version}` : url;
}

/**
 * A server-made upload name without its extension (newObjectBase in app/.server/storage/upload.ts):
 * `<bucket>/<folder>/<16 hex>-<milliseconds>`. The original adds `.<ext>`, each variant a VARIANT_SUFFIX_PATTERN.
 */
export const UPLOAD_BASE_PATTERN = `(?:${UPLOAD_BUCKETS.join("|")})/(?:${UPLOAD_FOLDERS.join("|")})/[0-9a-f]{16}-\\d+`;
/** What a variant puts in place of the original's extension: `-w960.webp`, `-w960.avif`, ... */
export const VARIANT_SUFFIX_PATTERN = "-w\\d+\\.(?:webp|avif)";

const LOCAL_IMAGE = /^\/(uploads|images)\/[A-Za-z0-9/_.-]+\.(jpe?g|png|webp|gif|avif)$/i;
/**
 * An upload in object storage behind S3_PUBLIC_URL (docs/decisions/0004-storage.md): an absolute URL, but the
 * same server-made key, `<bucket>/<folder>/<16 hex>-<milliseconds>.<ext>`, with its variants stored beside it.
 */
const STORED_UPLOAD = new RegExp(`^https?://[^/?#]+(/[^?#]*)?/${UPLOAD_BASE_PATTERN}\\.(jpe?g|png|webp|gif|avif)$`, "i");
const VARIANT = new RegExp(`${VARIANT_SUFFIX_PATTERN}$`, "i");

/** An image with the variants above beside it: the site's own, or an upload (served here or from a bucket). */
export function isLocalImage(url: string | null | undefined): url is string {
  return typeof url === "string" && (LOCAL_IMAGE.test(url) || STORED_UPLOAD.test(url)) && !VARIANT.test(url);
}

/** The base path without extension: `/uploads/a/b/name.jpg` -> `/uploads/a/b/name`. */
export function variantBase(url: string): string {
  return url.replace(/\.[a-z0-9]+$/i, "");
}

export function variantUrl(url: string, width: number, format: "webp" | "avif" = "webp"): string {
  return versionedUrl(`${variantBase(url)}-w${width}.${format}`);
}

/**
 * Which of LATE_AVIF_WIDTHS the AVIF srcset of an upload served from S3_PUBLIC_URL names. Those requests never
 * reach the app, which cannot make a missing file on the spot, so the server leaves a width out until the store is
 * known to hold it for every upload (its marker: app/.server/storage/avif-backfill.ts,
 * docs/decisions/0043-avif-480-marker-for-s3-public-url.md); the admin's browser is told the server's answer by the
 * admin layout. Uploads under `/uploads` and the site's own images always offer every width.
 */
let bucketLateWidths: ReadonlySet<number> = new Set(LATE_AVIF_WIDTHS);

const isLate = (w: number) => (LATE_AVIF_WIDTHS as readonly number[]).includes(w);

export function setBucketAvifWidths(widths: readonly number[]): void {
  bucketLateWidths = new Set(widths.filter(isLate));
}

/** The late AVIF widths uploads behind S3_PUBLIC_URL name now, smallest first. */
export function bucketAvifWidths(): LateAvifWidth[] {
  return LATE_AVIF_WIDTHS.filter((w) => bucketLateWidths.has(w));
}

/** srcset strings for a local image, or null for an external URL (rendered as-is). */
export function responsiveSources(
  url: string | null | undefined,
): { webp: string; avif: string; avifUrl: string; fallback: string } | null {
  if (!isLocalImage(url)) return null;
  const avifWidths = STORED_UPLOAD.test(url) ? AVIF_WIDTHS.filter((w) => !isLate(w) || bucketLateWidths.has(w)) : AVIF_WIDTHS;
  return {
    webp: VARIANT_WIDTHS.map((w) => `${variantUrl(url, w)} ${w}w`).join(", "),
    avif: avifWidths.map((w) => `${variantUrl(url, w, "avif")} ${w}w`).join(", "),
    avifUrl: variantUrl(url, AVIF_WIDTH, "avif"),
    fallback: variantUrl(url, 960),
  };
}

/**
 * The `object-position` that crops an image around its focal point (docs/product.md#focal-point), as an inline
 * style; none for the centre (the browser's default), so an image without a chosen point renders as before.
 * Values are clamped to 0-100: a bad stored value can move the crop, never break the style.
 */
export function focalStyle(x: number | null | undefined, y: number | null | undefined): { objectPosition: string } | undefined {
  const clamp = (v: number | null | undefined) => (typeof v === "number" && Number.isFinite(v) ? Math.round(Math.min(100, Math.max(0, v))) : 50);
  const [px, py] = [clamp(x), clamp(y)];
  return px === 50 && py === 50 ? undefined : { objectPosition: `${px}% ${py}%` };
}
