import { describe, expect, it } from "vitest";
import { bucketAvifWidths, focalStyle, isLocalImage, responsiveSources, setBucketAvifWidths, setImageVersions } from "./images";

describe("responsiveSources", () => {
  it("names the variants of the site's own images and of uploads served here", () => {
    expect(responsiveSources("/images/hero.jpg")).toEqual({
      webp: "/images/hero-w480.webp 480w, /images/hero-w960.webp 960w, /images/hero-w1600.webp 1600w",
      // The site's own images also have a 480 and an 800 px AVIF, for images shown at phone widths.
      avif: "/images/hero-w480.avif 480w, /images/hero-w800.avif 800w, /images/hero-w960.avif 960w",
      avifUrl: "/images/hero-w960.avif",
      fallback: "/images/hero-w960.webp",
    });
    expect(responsiveSources("/uploads/project-images/gallery/0123456789abcdef-1763740800000.png")?.avif).toBe(
      [480, 800, 960].map((w) => `/uploads/project-images/gallery/0123456789abcdef-1763740800000-w${w}.avif ${w}w`).join(", "),
    );
  });

  it("puts the content hash of a site image in its URL once the server has set them", () => {
    setImageVersions(new Map([["/images/hero-w480.avif", "0123abcd"], ["/images/hero-w960.webp", "4567ef01"]]));
    try {
      const sources = responsiveSources("/images/hero.jpg");
      expect(sources?.avif).toBe("/images/hero-w480.avif?v=0123abcd 480w, /images/hero-w800.avif 800w, /images/hero-w960.avif 960w");
      expect(sources?.fallback).toBe("/images/hero-w960.webp?v=4567ef01");
    } finally {
      setImageVersions(new Map());
    }
  });

  it("names them for an upload in a bucket behind S3_PUBLIC_URL: same key, absolute URL", () => {
    const url = "https://cdn.example.com/site/service-images/featured/0123456789abcdef-1763740800000.jpg";
    expect(responsiveSources(url)?.webp).toBe(
      [480, 960, 1600].map((w) => `https://cdn.example.com/site/service-images/featured/0123456789abcdef-1763740800000-w${w}.webp ${w}w`).join(", "),
    );
    expect(isLocalImage("https://bucket.example.com/project-images/gallery/fedcba9876543210-1763740800000.webp")).toBe(true);
  });

  it("leaves a late AVIF width out for uploads behind S3_PUBLIC_URL while the server says the bucket may lack it", () => {
    const bucket = "https://cdn.example.com/site/service-images/featured/0123456789abcdef-1763740800000";
    const here = "/uploads/service-images/featured/0123456789abcdef-1763740800000";
    const all = (base: string) => `${base}-w480.avif 480w, ${base}-w800.avif 800w, ${base}-w960.avif 960w`;
    setBucketAvifWidths([]);
    try {
      expect(bucketAvifWidths()).toEqual([]);
      expect(responsiveSources(`${bucket}.jpg`)).toMatchObject({ avif: `${bucket}-w960.avif 960w`, avifUrl: `${bucket}-w960.avif` });
      // Requests for these reach the app, which makes a missing one on the spot (docs/decisions/0038-upload-avif-480.md).
      expect(responsiveSources(`${here}.jpg`)?.avif).toBe(all(here));
      expect(responsiveSources("/images/hero.jpg")?.avif).toBe(all("/images/hero"));
      // A bucket whose 480 px marker is there from before, and whose 800 px one is not yet.
      setBucketAvifWidths([480]);
      expect(bucketAvifWidths()).toEqual([480]);
      expect(responsiveSources(`${bucket}.jpg`)?.avif).toBe(`${bucket}-w480.avif 480w, ${bucket}-w960.avif 960w`);
      // Only the late widths count: 960 is always there, 640 is no width of ours.
      setBucketAvifWidths([800, 960, 640]);
      expect(bucketAvifWidths()).toEqual([800]);
      expect(responsiveSources(`${bucket}.jpg`)?.avif).toBe(`${bucket}-w800.avif 800w, ${bucket}-w960.avif 960w`);
    } finally {
      setBucketAvifWidths([480, 800]);
    }
    expect(responsiveSources(`${bucket}.jpg`)?.avif).toBe(all(bucket));
  });

  it("leaves other URLs as they are: external images, videos, variants themselves", () => {
    for (const url of [
      "https://example.com/photo.jpg",
      "https://example.com/service-images/featured/photo.jpg",
      "https://cdn.example.com/other-bucket/featured/0123456789abcdef-1763740800000.jpg",
      "https://cdn.example.com/project-images/gallery/0123456789abcdef-1763740800000.mp4",
      "/uploads/project-images/gallery/0123456789abcdef-1763740800000-w480.webp",
      "/images/../../etc/passwd",
      "javascript:alert(1)//service-images/featured/0123456789abcdef-1.jpg",
      null,
      "",
    ]) {
      expect(responsiveSources(url), String(url)).toBeNull();
    }
  });
});

describe("focalStyle", () => {
  it("positions the crop at the point, writes nothing for the centre, and clamps what is out of range", () => {
    expect(focalStyle(20, 85)).toEqual({ objectPosition: "20% 85%" });
    expect(focalStyle(50, 50)).toBeUndefined();
    expect(focalStyle(undefined, undefined)).toBeUndefined();
    expect(focalStyle(-5, 140)).toEqual({ objectPosition: "0% 100%" });
    expect(focalStyle(Number.NaN, 10)).toEqual({ objectPosition: "50% 10%" });
  });
});
