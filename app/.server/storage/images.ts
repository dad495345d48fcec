import pLimit from "p-limit";
import sharp, { type Sharp, type SharpOptions } from "sharp";
import { AVIF_WIDTHS, VARIANT_WIDTHS } from "~/lib/images";
import type { SniffedType } from "./sniff";

// Every uploaded image is decoded with a pixel cap, turned upright (EXIF orientation), re-encoded in its own
// format without metadata (no GPS, no camera data, no trailing bytes of a polyglot), capped in width, and
// given the responsive variants that app/lib/images.ts names.

/**
 * sharp's default cap (268 MP) lets a 600 KB PNG take ~700 MB to decode; 40 MP covers any camera photo.
 * For an animation the cap counts every frame.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * An animation costs every frame in every output it makes: a 246-byte GIF of 9 frames at 2000x2000 (36 MP, under
 * the still cap) took ~300 MB to process. Animations get their own, smaller cap over all frames, and a frame
 * count cap (tiny frames by the thousand cost time per frame). docs/security.md "Bounded memory".
 */
export const MAX_ANIMATION_PIXELS = 12_000_000;
export const MAX_ANIMATION_FRAMES = 300;
/** The stored original is never wider than this. */
export const MAX_STORED_WIDTH = 2560;
// libvips keeps recent operations and decoded inputs in a cache (50 MB by default) for re-use. Every upload is
// a new input seen once, so the cache only holds memory (docs/performance.md "Memory").
sharp.cache(false);

/** AVIF at sharp's default effort takes seconds per image on two cores. */
const AVIF_EFFORT = 2;

export class ImageRejectedError extends Error {
  constructor(
    readonly reason: "too-large" | "unreadable",
    message: string,
  ) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

type ImageExt = Extract<SniffedType, { kind: "image" }>["ext"];

export interface ImageOutput {
  data: Buffer;
  contentType: string;
}

export interface ProcessedImage {
  original: ImageOutput & { width: number; height: number };
  /** Keyed by the suffix that replaces the original's extension: `-w480.webp`, ..., `-w480.avif`, `-w800.avif`, `-w960.avif`. */
  variants: Array<ImageOutput & { suffix: string }>;
}

const SHARP_FORMAT: Record<ImageExt, string> = { jpg: "jpeg", png: "png", webp: "webp", gif: "gif", avif: "heif" };
const MIME: Record<ImageExt, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif", avif: "image/avif" };

function encode(image: Sharp, ext: ImageExt): Sharp {
  switch (ext) {
    case "jpg":
      return image.jpeg({ quality: 85, progressive: true });
    case "png":
      return image.png();
    case "webp":
      return image.webp({ quality: 82 });
    case "gif":
      return image.gif();
    case "avif":
      return image.avif({ quality: 55, effort: AVIF_EFFORT });
  }
}

const toWebp = (image: Sharp, width: number) => image.resize({ width, withoutEnlargement: true }).webp({ quality: 80 });
// Chroma at half resolution (4:2:0), as in the WebP variants and any JPEG: 9-11% fewer bytes than sharp's default
// 4:4:4 and a sixth less encoding time, with no difference to see in a photo (docs/decisions/0055-avif-chroma-420.md).
// The AVIF original above keeps full chroma: the backfill makes later widths from it.
const toAvif = (image: Sharp, width: number) =>
  image.resize({ width, withoutEnlargement: true }).avif({ quality: 50, effort: AVIF_EFFORT, chromaSubsampling: "4:2:0" });

function rejected(error: unknown): ImageRejectedError {
  if (error instanceof ImageRejectedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageRejectedError("too-large", message);
  return new ImageRejectedError("unreadable", message);
}

/**
 * Images processed at once, across all requests: one. Each job decodes up to MAX_INPUT_PIXELS and encodes six
 * files, and libvips already spreads one job over every core, so a second job at once finished no sooner: two
 * 2400x1600 photos took 2.5-2.7 s together and 2.3-3.0 s one after the other on two cores, but together held
 * 111-120 MB more at their peak against 60 (docs/decisions/0099-one-image-job-at-a-time.md). Ten admins uploading
 * galleries at the same moment queue here instead of holding ten decoded images and starving page requests of CPU.
 */
export const imageJobs = pLimit(1);

export async function processImage(input: Buffer, ext: ImageExt): Promise<ProcessedImage> {
  try {
    return await imageJobs(() => transform(input, ext));
  } catch (error) {
    throw rejected(error);
  }
}

async function transform(input: Buffer, ext: ImageExt): Promise<ProcessedImage> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" as const };
  // The header alone: a decompression bomb is refused here, before any pixel is decoded.
  const meta = await sharp(input, options).metadata();
  if (meta.format !== SHARP_FORMAT[ext] || (ext === "avif" && meta.compression !== "av1")) {
    throw new ImageRejectedError("unreadable", `content is ${meta.format}/${meta.compression ?? "-"}, not ${ext}`);
  }
  const width = meta.width ?? 0;
  const pageHeight = meta.pageHeight ?? meta.height ?? 0;
  const pages = meta.pages ?? 1;
  if (width <= 0 || pageHeight <= 0) throw new ImageRejectedError("unreadable", "no dimensions");
  if (width * pageHeight * pages > MAX_INPUT_PIXELS) throw new ImageRejectedError("too-large", `${width}x${pageHeight}x${pages}`);

  if (pages > 1 && (ext === "gif" || ext === "webp")) {
    if (pages > MAX_ANIMATION_FRAMES || width * pageHeight * pages > MAX_ANIMATION_PIXELS) {
      throw new ImageRejectedError("too-large", `animation ${width}x${pageHeight}x${pages}`);
    }
    return processAnimation(input, ext, options);
  }

  // Decode once, upright and capped; every output is encoded from these pixels.
  const { data, info } = await sharp(input, options)
    .rotate()
    .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

  // One output at a time: six encoders at once each hold their own buffers (and fragment the heap), for a few
  // seconds saved per upload (docs/performance.md "Memory").
  const original = await encode(pixels(), ext).toBuffer({ resolveWithObject: true });
  const variants: Buffer[] = [];
  for (const w of VARIANT_WIDTHS) variants.push(await toWebp(pixels(), w).toBuffer());
  for (const w of AVIF_WIDTHS) variants.push(await toAvif(pixels(), w).toBuffer());
  return {
    original: { data: original.data, contentType: MIME[ext], width: original.info.width, height: original.info.height },
    variants: variantList(variants),
  };
}

/** Animated GIF/WebP: kept animated (original and WebP variants); the AVIF variants are the first frame. */
async function processAnimation(input: Buffer, ext: "gif" | "webp", options: SharpOptions): Promise<ProcessedImage> {
  const frames = () => sharp(input, { ...options, animated: true });
  // One output at a time: each decodes every frame, so running them together multiplies the memory.
  const original = await encode(frames().resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true }), ext).toBuffer({ resolveWithObject: true });
  const variants: Buffer[] = [];
  for (const w of VARIANT_WIDTHS) variants.push(await toWebp(frames(), w).toBuffer());
  for (const w of AVIF_WIDTHS) variants.push(await toAvif(sharp(input, options), w).toBuffer());
  return {
    original: {
      data: original.data,
      contentType: MIME[ext],
      width: original.info.width,
      height: original.info.pageHeight ?? original.info.height,
    },
    variants: variantList(variants),
  };
}

function variantList(buffers: Buffer[]): ProcessedImage["variants"] {
  const webp = VARIANT_WIDTHS.map((w, i) => ({ suffix: `-w${w}.webp`, data: buffers[i], contentType: "image/webp" }));
  const avif = AVIF_WIDTHS.map((w, i) => ({ suffix: `-w${w}.avif`, data: buffers[VARIANT_WIDTHS.length + i], contentType: "image/avif" }));
  return [...webp, ...avif];
}

/**
 * One AVIF variant made from a stored original (already upright, capped and without metadata), for uploads
 * stored before that width existed (app/.server/storage/avif-backfill.ts). Same pixel cap, queue and encoder
 * settings as an upload; an animation gives its first frame, as at upload.
 */
export async function avifVariantFromOriginal(original: Buffer, width: number): Promise<Buffer> {
  try {
    return await imageJobs(() => toAvif(sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" }), width).toBuffer());
  } catch (error) {
    throw rejected(error);
  }
}
