import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageJobs, processImage } from "./images";

const png = (color: string) => sharp({ create: { width: 1200, height: 800, channels: 3, background: color } }).png().toBuffer();

describe("processImage", () => {
  it("stores the original without enlarging it and names every variant of app/lib/images.ts", async () => {
    const result = await processImage(await png("#0f5f7a"), "png");
    expect(result.original).toMatchObject({ contentType: "image/png", width: 1200, height: 800 });
    expect(result.variants.map((v) => v.suffix)).toEqual(["-w480.webp", "-w960.webp", "-w1600.webp", "-w960.avif"]);
    const widths = await Promise.all(result.variants.map(async (v) => (await sharp(v.data).metadata()).width));
    expect(widths).toEqual([480, 960, 1200, 960]);
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
  });
});
