import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

// A stored page's bytes (docs/decisions/0006-rendered-page-cache.md): the rendered HTML with the values that belong
// to one response cut out, compressed once when stored, and put together again for each response as plain HTML, a
// gzip member or a brotli stream, without compressing the page again. Pure functions of their arguments; the
// Express layer that captures and sends pages is page-cache.ts.

/** The values a rendered page holds that belong to one response only. */
export interface RequestValues {
  /** The CSP nonce: a page served with another response's nonce lets that response's scripts in. */
  nonce: string;
  /** The contact form's signed render time: a shared one would defeat the minimum fill time check. */
  formToken: string;
}

type Slot = keyof RequestValues;

/** A rendered page with its per-request values cut out: `parts[i]`, then the value of `slots[i]`, and so on. */
export interface PageTemplate {
  parts: Buffer[];
  slots: Slot[];
  bytes: number;
}

/** Splits `body` at every occurrence of each value (both are random or HMAC strings: no page text matches). */
export function toTemplate(body: Buffer, values: Partial<RequestValues>): PageTemplate {
  const needles = (Object.entries(values) as [Slot, string | undefined][])
    .filter((entry): entry is [Slot, string] => typeof entry[1] === "string" && entry[1] !== "")
    .map(([slot, value]) => ({ slot, bytes: Buffer.from(value) }));
  const parts: Buffer[] = [];
  const slots: Slot[] = [];
  let start = 0;
  for (;;) {
    let next: { slot: Slot; at: number; length: number } | null = null;
    for (const needle of needles) {
      const at = body.indexOf(needle.bytes, start);
      if (at >= 0 && (!next || at < next.at)) next = { slot: needle.slot, at, length: needle.bytes.length };
    }
    if (!next) break;
    parts.push(body.subarray(start, next.at));
    slots.push(next.slot);
    start = next.at + next.length;
  }
  parts.push(body.subarray(start));
  return { parts, slots, bytes: body.length };
}

/** The page for one response: the template with this response's values put back. */
export function fillTemplate(template: PageTemplate, values: RequestValues): Buffer {
  const pieces: Buffer[] = [];
  template.parts.forEach((part, i) => {
    pieces.push(part);
    if (i < template.slots.length) pieces.push(Buffer.from(values[template.slots[i]]));
  });
  return Buffer.concat(pieces);
}

/**
 * The template's parts deflated one by one when the page is stored, so that a hit can be sent gzipped
 * without compressing the page again: compressing 150 KB on every response costs more than the render
 * the cache saves (`npm run bench`, docs/performance.md). Each part but the last ends on a byte boundary (a sync flush) and
 * refers only to itself, so the values can sit between them in stored (uncompressed) blocks.
 */
export function deflateParts(template: PageTemplate): Buffer[] {
  const last = template.parts.length - 1;
  return template.parts.map((part, i) =>
    zlib.deflateRawSync(part, {
      level: zlib.constants.Z_BEST_COMPRESSION,
      finishFlush: i === last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
    }),
  );
}

/** A gzip member (RFC 1952) around the deflated parts and this response's values. */
export function gzipPage(template: PageTemplate, deflated: Buffer[], values: RequestValues): Buffer {
  // No file name, no mtime, "unknown" OS: the same bytes for the same page.
  const pieces: Buffer[] = [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])];
  let crc = 0;
  let size = 0;
  template.parts.forEach((part, i) => {
    pieces.push(deflated[i]);
    crc = zlib.crc32(part, crc);
    size += part.length;
    if (i >= template.slots.length) return;
    const value = Buffer.from(values[template.slots[i]]);
    // A stored block (RFC 1951 3.2.4): header byte (not final, type 00), LEN, NLEN, the bytes as they are.
    const head = Buffer.alloc(5);
    head.writeUInt16LE(value.length, 1);
    head.writeUInt16LE(~value.length & 0xffff, 3);
    pieces.push(head, value);
    crc = zlib.crc32(value, crc);
    size += value.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

const brotliCompress = promisify(zlib.brotliCompress);

/**
 * Brotli quality of a stored page's first answer, which that visitor waits for. 6, not 9: for a home page 9 took
 * 10-20 times as long and allocated 28 MB of match tables against 3.6 MB, for 1-2% fewer bytes, and every stored
 * page was compressed so after each content change (docs/decisions/0098-first-brotli-quality-6.md). The stored page
 * is then compressed again at BROTLI_QUALITY off the request (upgradeBrotli), for the 8-10% fewer bytes every later
 * visitor gets (docs/decisions/0048-stored-pages-at-brotli-11.md).
 */
export const BROTLI_FIRST_QUALITY = 6;
export const BROTLI_QUALITY = 11;

/** A page whose values all sit in its last few bytes can be sent as brotli: see brotliPage. */
const MAX_BROTLI_TAIL = 8 * 1024;

/**
 * The part of the page before its first value, brotli-compressed once when the page is stored, or null when
 * the values come too early in the page for that to pay. Brotli, unlike deflate, cannot take a value
 * between two independently compressed parts (later parts refer to earlier bytes and to the position in the
 * stream), so only what follows the last compressed byte can change: the form token is therefore placed at
 * the very end of the body (app/root.tsx) and the nonce is not in a stored page at all (pageWithoutNonce).
 */
export async function brotliPrefix(template: PageTemplate, quality = BROTLI_QUALITY): Promise<Buffer | null> {
  const tail = template.parts.slice(1).reduce((sum, part) => sum + part.length, 0) + template.slots.length * 256;
  // Sent uncompressed, the tail must be a small part of the page, or gzip (which compresses it) wins.
  if (template.slots.length > 0 && (tail > MAX_BROTLI_TAIL || tail * 16 > template.bytes)) return null;
  const params = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: template.parts[0].length,
  };
  // With values to come, the stream is flushed to a byte boundary but not finished.
  const finishFlush = template.slots.length > 0 ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.BROTLI_OPERATION_FINISH;
  return brotliCompress(template.parts[0], { params, finishFlush });
}

/**
 * A brotli stream (RFC 7932) of the filled page: the stored prefix, then the values and the rest of the page
 * in one uncompressed meta-block (section 9.2: ISLAST 0, MNIBBLES 4, MLEN - 1, ISUNCOMPRESSED 1, padding),
 * then an empty last meta-block. The tail is at most MAX_BROTLI_TAIL (plus the values), under the 64 KiB
 * that four nibbles of length can say.
 */
export function brotliPage(template: PageTemplate, prefix: Buffer, values: RequestValues): Buffer {
  if (template.slots.length === 0) return prefix;
  const tail = fillTemplate({ parts: [Buffer.alloc(0), ...template.parts.slice(1)], slots: template.slots, bytes: 0 }, values);
  const pieces = [prefix];
  for (let at = 0; at < tail.length; at += 65536) {
    const chunk = tail.subarray(at, at + 65536);
    const bits = ((chunk.length - 1) << 3) | (1 << 19);
    pieces.push(Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]), chunk);
  }
  // ISLAST 1, ISLASTEMPTY 1.
  pieces.push(Buffer.from([0x03]));
  return Buffer.concat(pieces);
}

/**
 * A stored page is the same for everyone, so it cannot carry one response's CSP nonce. Each inline script
 * the render gave the nonce is allowed by its SHA-256 hash instead (CSP level 2 hash sources), and the
 * nonce attributes go. Only scripts that carried the nonce are hashed: a script injected into content would
 * not have had it, and stays blocked. Null (keep the nonce, filled in per response) when a script with the
 * nonce loads a file, which a hash cannot allow, or when the response had no nonce-based policy.
 */
export function pageWithoutNonce(html: string, nonce: string, csp: string | undefined): { html: string; scriptSources: string } | null {
  const nonceSource = `'nonce-${nonce}'`;
  if (!csp?.includes(nonceSource)) return null;
  const attribute = ` nonce="${nonce}"`;
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!match[1].includes(attribute)) continue;
    if (/\ssrc=/i.test(match[1])) return null;
    hashes.push(`'sha256-${crypto.createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  const stripped = html.split(attribute).join("");
  if (stripped.includes(nonce)) return null;
  return { html: stripped, scriptSources: [...new Set(hashes)].join(" ") };
}
