import { describe, expect, it } from "vitest";
import { COMPANY } from "~/content/company";
import { resolveHeroBackground, resolveLogo } from "./branding";

describe("resolveLogo", () => {
  it("is the company name by default", () => {
    expect(resolveLogo({}, "header")).toEqual({ kind: "text", text: COMPANY.name });
    expect(resolveLogo({ footer_logo_type: "text", footer_logo_text: "" }, "footer")).toEqual({ kind: "text", text: COMPANY.name });
  });
  it("uses the logo text", () => {
    expect(resolveLogo({ header_logo_type: "text", header_logo_text: "Atoll Build" }, "header")).toEqual({
      kind: "text",
      text: "Atoll Build",
    });
  });
  it("is an image when the type is image and a URL is set", () => {
    expect(resolveLogo({ header_logo_type: "image", header_logo_image_url: "/uploads/logo.png" }, "header")).toEqual({
      kind: "image",
      src: "/uploads/logo.png",
      alt: COMPANY.name,
    });
  });
  it("falls back to text when the type is image but no URL is set", () => {
    expect(resolveLogo({ footer_logo_type: "image", footer_logo_image_url: " ", footer_logo_text: "Atoll" }, "footer")).toEqual({
      kind: "text",
      text: "Atoll",
    });
  });
  it("keeps header and footer apart", () => {
    const settings = {
      header_logo_type: "image",
      header_logo_image_url: "/uploads/h.png",
      footer_logo_type: "text",
      footer_logo_text: "Footer",
    };
    expect(resolveLogo(settings, "header").kind).toBe("image");
    expect(resolveLogo(settings, "footer")).toEqual({ kind: "text", text: "Footer" });
  });
});

describe("resolveHeroBackground", () => {
  it("is the site's own image by default", () => {
    expect(resolveHeroBackground({})).toEqual({ kind: "image", src: "/images/hero-maldives.webp" });
    expect(resolveHeroBackground({ hero_background_type: "image", hero_background_url: "" })).toEqual({
      kind: "image",
      src: "/images/hero-maldives.webp",
    });
  });
  it("uses the image URL from the settings", () => {
    expect(resolveHeroBackground({ hero_background_type: "image", hero_background_url: "/uploads/hero.webp" })).toEqual({
      kind: "image",
      src: "/uploads/hero.webp",
    });
  });
  it("is a video with the default image as poster", () => {
    expect(resolveHeroBackground({ hero_background_type: "video", hero_background_url: "/uploads/hero.mp4" })).toEqual({
      kind: "video",
      src: "/uploads/hero.mp4",
      poster: "/images/hero-maldives.webp",
    });
  });
  it("falls back to the image when the video has no URL", () => {
    expect(resolveHeroBackground({ hero_background_type: "video", hero_background_url: "" })).toEqual({
      kind: "image",
      src: "/images/hero-maldives.webp",
    });
  });
  it("never gives a video element an image, nor an image element a video (docs/decisions/0019-admin-toasts-and-hero-media.md)", () => {
    expect(resolveHeroBackground({ hero_background_type: "video", hero_background_url: "/uploads/hero.webp" })).toEqual({
      kind: "image",
      src: "/images/hero-maldives.webp",
    });
    expect(resolveHeroBackground({ hero_background_type: "image", hero_background_url: "/uploads/hero.mp4" })).toEqual({
      kind: "image",
      src: "/images/hero-maldives.webp",
    });
  });
});
