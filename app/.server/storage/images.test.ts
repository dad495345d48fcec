import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageRejectedError, imageJobs, MAX_ANIMATION_FRAMES, MAX_ANIMATION_PIXELS, MAX_INPUT_PIXELS, MAX_STORED_WIDTH, processImage } from "./images";

const png = (color: string) => sharp({ create: { width: 1200, height: 800, channels: 3, background: color } }).png().toBuffer();

/**
 * "4:2:0" or "4:4:4" from an AVIF's av1C box (AV1-ISOBMFF 2.3.3): after its 4-byte type come a marker/version byte,
 * the profile/level byte, then tier, bit depth (2 bits), monochrome, chroma_subsampling_x and _y.
 */
function avifChroma(data: Buffer): string {
  const at = data.indexOf("av1C");
  if (at < 0) return "no av1C box";
  const flags = data[at + 6];
  return `${(flags >> 3) & 1}${(flags >> 2) & 1}` === "11" ? "4:2:0" : "4:4:4";
}

describe("processImage", () => {
  it("stores the original without enlarging it and names every variant of app/lib/images.ts", async () => {
    const result = await processImage(await png("#0f5f7a"), "png");
    expect(result.original).toMatchObject({ contentType: "image/png", width: 1200, height: 800 });
    expect(result.variants.map((v) => v.suffix)).toEqual(["-w480.webp", "-w960.webp", "-w1600.webp", "-w480.avif", "-w800.avif", "-w960.avif"]);
    const widths = await Promise.all(result.variants.map(async (v) => (await sharp(v.data).metadata()).width));
    expect(widths).toEqual([480, 960, 1200, 480, 800, 960]);
  });

  // docs/decisions/0055-avif-chroma-420.md: colour at half resolution, as in the WebP variants.
  it("encodes the AVIF variants with 4:2:0 chroma, uploads and the site's own images alike", async () => {
    const photo = await png("#c2410c");
    const avif = (await processImage(photo, "png")).variants.filter((v) => v.contentType === "image/avif");
    expect(avif.map((v) => avifChroma(v.data))).toEqual(["4:2:0", "4:2:0", "4:2:0"]);
    // The AVIF original keeps full chroma: the backfill makes later widths from it.
    const original = await sharp(photo).resize(300).avif({ quality: 60, effort: 0 }).toBuffer();
    expect(avifChroma((await processImage(original, "avif")).original.data)).toBe("4:4:4");

    const dir = path.resolve("public/images");
    const siteFiles = fs.readdirSync(dir).filter((f) => f.endsWith(".avif"));
    expect(siteFiles.length).toBeGreaterThan(50);
    const fullChroma = siteFiles.filter((f) => avifChroma(fs.readFileSync(path.join(dir, f))) !== "4:2:0");
    expect(fullChroma, "site images to encode again with scripts/image-variants.mjs").toEqual([]);
  });

  it("processes at most imageJobs.concurrency images at once; the rest wait their turn", async () => {
    const inputs = await Promise.all(["#111111", "#222222", "#333333", "#444444", "#555555"].map(png));
    let mostActive = 0;
    let mostWaiting = 0;
    let done = false;
    const sample = async () => {
      while (!done) {
        mostActive = Math.max(mostActive, imageJobs.activeCount);
        mostWaiting = Math.max(mostWaiting, imageJobs.pendingCount);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    const sampling = sample();
    const results = await Promise.all(inputs.map((input) => processImage(input, "png")));
    done = true;
    await sampling;
    expect(results).toHaveLength(5);
    expect(mostActive).toBeGreaterThan(0);
    expect(mostActive).toBeLessThanOrEqual(imageJobs.concurrency);
    expect(mostWaiting).toBe(5 - imageJobs.concurrency);
    expect(imageJobs.activeCount + imageJobs.pendingCount).toBe(0);
  }, 60_000); // five images, each encoded one output at a time: seconds on a busy machine
});

/** An animated GIF of `count` frames, each `size` square and a different grey (identical frames would be merged). */
async function animatedGif(size: number, count: number): Promise<Buffer> {
  const frames = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const grey = (i * 23) % 256;
      return sharp({ create: { width: size, height: size, channels: 3, background: { r: grey, g: grey, b: grey } } }).png().toBuffer();
    }),
  );
  return sharp(frames, { join: { animated: true } }).gif().toBuffer();
}

/**
 * The attack's shape: a GIF whose logical screen is `size` square, with `count` frames of one pixel each. A few
 * hundred bytes, but a decoder paints every frame over the whole screen.
 */
function tinyScreenFillingGif(size: number, count: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const bytes = [
    ...Buffer.from("GIF89a"),
    ...u16(size),
    ...u16(size),
    0x80, 0, 0, // global colour table of 2 entries
    0, 0, 0, 255, 255, 255,
    0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0"), 0x03, 0x01, 0, 0, 0x00, // loop forever
  ];
  for (let i = 0; i < count; i++) {
    bytes.push(0x21, 0xf9, 0x04, 0x00, 10, 0, 0, 0x00); // 0.1 s per frame
    bytes.push(0x2c, 0, 0, 0, 0, ...u16(1), ...u16(1), 0x00); // a 1x1 image at the origin
    bytes.push(0x02, 0x02, 0x44, 0x01, 0x00); // LZW: clear, index i % 2, end
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

describe("animated images", () => {
  it("counts every frame: 9 frames of 2000x2000 (36 MP, under the still cap) are refused before any frame is decoded", async () => {
    const gif = tinyScreenFillingGif(2000, 9);
    expect(gif.length).toBeLessThan(300);
    expect(await sharp(gif).metadata()).toMatchObject({ width: 2000, height: 2000, pages: 9 });
    expect(2000 * 2000 * 9).toBeLessThan(MAX_INPUT_PIXELS);
    expect(2000 * 2000 * 9).toBeGreaterThan(MAX_ANIMATION_PIXELS);
    const started = Date.now();
    const error = await processImage(gif, "gif").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).reason).toBe("too-large");
    // Refused from the header: no frame was decoded.
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("refuses more frames than MAX_ANIMATION_FRAMES, however small", async () => {
    const gif = await animatedGif(8, MAX_ANIMATION_FRAMES + 1);
    await expect(processImage(gif, "gif")).rejects.toMatchObject({ reason: "too-large" });
  }, 30_000);

  it("keeps a modest animation animated, original and WebP copies alike", async () => {
    const result = await processImage(await animatedGif(400, 5), "gif");
    expect(result.original).toMatchObject({ contentType: "image/gif", width: 400, height: 400 });
    expect((await sharp(result.original.data).metadata()).pages).toBe(5);
    const webp = result.variants.find((v) => v.suffix === "-w480.webp")!;
    expect((await sharp(webp.data).metadata()).pages).toBe(5);
  }, 30_000);
});

describe("the widest stored original", () => {
  it("is the size the admin's Shrink and upload scales a photo to (docs/decisions/0085-shrink-and-upload-in-the-browser.md)", async () => {
    const { SHRINK_LONGEST_SIDE } = await import("~/components/admin/shrink-image");
    expect(SHRINK_LONGEST_SIDE).toBe(MAX_STORED_WIDTH);
  });
});
