// "Shrink and upload" (docs/decisions/0085-shrink-and-upload-in-the-browser.md): a phone's photo over the picker's limit
// is scaled in the browser, its longest side to at most the widest image the site stores and serves (the server caps
// the stored original at this width, app/.server/storage/images.ts MAX_STORED_WIDTH), re-encoded until it is under
// the limit, and sent like any picked file. The server still checks and re-encodes it as any upload.

export const SHRINK_LONGEST_SIDE = 2560;

/** Photos and pictures a browser can decode and re-encode: not a GIF (its animation would be lost), not SVG or video. */
const SHRINKABLE = /^image\/(jpeg|png|webp|avif|bmp|heic|heif)$/i;
export const isShrinkable = (file: { type: string }) => SHRINKABLE.test(file.type);

/** The size that fits `side` on the longer edge, never larger than the original. */
export function fitWithin(width: number, height: number, side = SHRINK_LONGEST_SIDE): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Tries, in order: qualities at the full size, then each step smaller. */
const QUALITIES = [0.85, 0.75, 0.65] as const;
const SMALLER = 0.8;
const MAX_TRIES = 8;

async function encode(bitmap: ImageBitmap, width: number, height: number, type: string, quality: number): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot shrink images");
  if (type === "image/jpeg") {
    // A JPEG has no transparency: transparent pixels would turn black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
  }
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  canvas.width = 0;
  if (!blob) throw new Error("This browser cannot shrink images");
  return blob;
}

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/webp": "webp", "image/png": "png" };
const renamed = (name: string, type: string) => `${name.replace(/\.[^.]*$/, "") || "photo"}.${EXTENSIONS[type] ?? "jpg"}`;

/**
 * The picture scaled to fit SHRINK_LONGEST_SIDE and encoded under `maxBytes`: a JPEG for a photo, a WebP for a
 * picture that may be transparent (PNG, WebP). Upright as the camera held it (EXIF orientation applied).
 */
export async function shrinkImage(file: File, maxBytes: number): Promise<File> {
  let bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const type = /^image\/(png|webp)$/i.test(file.type) ? "image/webp" : "image/jpeg";
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const quality = QUALITIES[Math.min(attempt, QUALITIES.length - 1)];
      const side = SHRINK_LONGEST_SIDE * SMALLER ** Math.max(0, attempt - QUALITIES.length + 1);
      const { width, height } = fitWithin(bitmap.width, bitmap.height, Math.round(side));
      if (width !== bitmap.width || height !== bitmap.height) {
        // Scaled by the browser's image decoder, off the page's thread where it can (a canvas drawImage of 48 MP
        // holds the page still for seconds); a browser that ignores the size options gets drawImage's scaling.
        const scaled = await createImageBitmap(bitmap, { resizeWidth: width, resizeHeight: height, resizeQuality: "high" });
        bitmap.close();
        bitmap = scaled;
      }
      const blob = await encode(bitmap, width, height, type, quality);
      // A browser without a WebP encoder answers PNG: smaller sizes are then its only way under the limit.
      if (blob.size <= maxBytes) return new File([blob], renamed(file.name, blob.type), { type: blob.type, lastModified: file.lastModified });
    }
    throw new Error("The image is still too large after shrinking");
  } finally {
    bitmap.close();
  }
}
