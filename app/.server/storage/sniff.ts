// File type by content (magic bytes), never by name or declared type. Only the formats we accept are
// recognised; everything else (SVG, HTML, PDF, HEIC, QuickTime, Matroska, ...) is null.

export type SniffedType =
  | { kind: "image"; ext: "jpg" | "png" | "webp" | "gif" | "avif"; mime: string }
  | { kind: "video"; ext: "mp4" | "webm"; mime: string };

/** Enough of the head of a file for every check below. */
export const SNIFF_BYTES = 256;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const MP4_BRANDS = new Set(["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42", "mp71", "avc1", "dash", "M4V ", "mmp4"]);

/** Brands of an ISO base media file (`ftyp` box): the major brand and the compatible ones. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return null;
  const size = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  if (size < 16 || size > 4096) return null;
  const end = Math.min(size, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(bytes, i, i + 4));
  return brands;
}

/** The EBML DocType of a Matroska-family file ("webm" or "matroska"), read from the header element. */
function ebmlDocType(bytes: Uint8Array): string | null {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  for (let i = 4; i + 3 < Math.min(bytes.length, SNIFF_BYTES); i++) {
    if (bytes[i] !== 0x42 || bytes[i + 1] !== 0x82) continue;
    const first = bytes[i + 2];
    // An EBML variable-length size: the count of leading zero bits gives its length.
    const length = first === 0 ? 0 : Math.clz32(first) - 23;
    if (length < 1 || length > 8) return null;
    let size = first & (0xff >> length);
    for (let j = 1; j < length; j++) size = size * 256 + bytes[i + 2 + j];
    const start = i + 2 + length;
    if (size > 32 || start + size > bytes.length) return null;
    return ascii(bytes, start, start + size).replace(/\0+$/, "");
  }
  return null;
}

export function sniff(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: "image", ext: "jpg", mime: "image/jpeg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: "image", ext: "png", mime: "image/png" };
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return { kind: "image", ext: "gif", mime: "image/gif" };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { kind: "image", ext: "webp", mime: "image/webp" };
  }
  const brands = ftypBrands(bytes);
  if (brands) {
    if (brands.includes("avif") || brands.includes("avis")) return { kind: "image", ext: "avif", mime: "image/avif" };
    // HEIC/HEIF stills share the container; they are not AVIF and not video.
    if (brands.some((b) => /^(hei[cmsx]|hev[cmsx]|mif1|msf1)$/.test(b)) && !brands.some((b) => MP4_BRANDS.has(b))) return null;
    if (brands.some((b) => MP4_BRANDS.has(b))) return { kind: "video", ext: "mp4", mime: "video/mp4" };
    return null;
  }
  if (ebmlDocType(bytes) === "webm") return { kind: "video", ext: "webm", mime: "video/webm" };
  return null;
}
