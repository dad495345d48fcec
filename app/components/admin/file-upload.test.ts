import { describe, expect, it } from "vitest";
import { checkFiles, matchesAccept } from "./file-upload";
import { formatBudget, formatDate } from "~/lib/format";
import { initialOf } from "./labels";
import { readSidebarCollapsed } from "./admin-nav";

const MB = 1024 * 1024;
const image = (size = 1000, type = "image/png") => ({ size, type });

describe("file picker checks (docs/product.md#file-picker-and-uploads)", () => {
  it("allows one file, or up to 10 when multiple", () => {
    const opts = { folder: "featured" as const, accept: "image/*", multiple: false };
    expect(checkFiles([image()], opts)).toBeNull();
    expect(checkFiles([image(), image()], opts)).toEqual({ title: "Maximum 1 files allowed" });
    expect(checkFiles(Array.from({ length: 10 }, () => image()), { ...opts, multiple: true })).toBeNull();
    expect(checkFiles(Array.from({ length: 11 }, () => image()), { ...opts, multiple: true })).toEqual({ title: "Maximum 10 files allowed" });
  });

  it("rejects files over the folder's limit: 5 MB default, 2 MB avatars and logos, 10 MB hero", () => {
    const check = (folder: "featured" | "gallery" | "avatars" | "logos" | "hero-backgrounds", size: number) =>
      checkFiles([image(size)], { folder, accept: "image/*", multiple: false });
    expect(check("featured", 5 * MB)).toBeNull();
    expect(check("featured", 5 * MB + 1)).toEqual({ title: "File too large", description: "File size must be less than 5MB" });
    expect(check("gallery", 6 * MB)).toEqual({ title: "File too large", description: "File size must be less than 5MB" });
    expect(check("avatars", 2 * MB + 1)).toEqual({ title: "File too large", description: "File size must be less than 2MB" });
    expect(check("logos", 3 * MB)).toEqual({ title: "File too large", description: "File size must be less than 2MB" });
    expect(check("hero-backgrounds", 10 * MB)).toBeNull();
    expect(check("hero-backgrounds", 11 * MB)).toEqual({ title: "File too large", description: "File size must be less than 10MB" });
  });

  it("accepts image/* by default and video/* for a video hero", () => {
    expect(matchesAccept({ type: "image/webp" }, "image/*")).toBe(true);
    expect(matchesAccept({ type: "video/mp4" }, "image/*")).toBe(false);
    expect(matchesAccept({ type: "video/mp4" }, "video/*")).toBe(true);
    expect(matchesAccept({ type: "image/png" }, "image/jpeg, image/png")).toBe(true);
    expect(checkFiles([{ size: 10, type: "application/pdf" }], { folder: "featured", accept: "image/*", multiple: false })).toEqual({
      title: "Upload failed",
      description: "Choose an image file",
    });
  });
});

describe("admin formatters", () => {
  it("formats dates in long US English and budgets in dollars, 'N/A' when missing", () => {
    expect(formatDate("2026-03-05")).toBe("March 5, 2026");
    expect(formatDate("2026-11-21T23:59:00.000Z")).toBe("November 22, 2026"); // a created_at: the Maldives day
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate("garbage")).toBe("N/A");
    expect(formatBudget(1250000.5)).toBe("$1,250,000.50");
    expect(formatBudget(260000)).toBe("$260,000");
    expect(formatBudget(null)).toBe("N/A");
  });

  it("takes the initial of a name, else a fallback", () => {
    expect(initialOf("aminath")).toBe("A");
    expect(initialOf("  ")).toBe("A");
    expect(initialOf(null, "x")).toBe("X");
  });

  it("reads the sidebar cookie", () => {
    expect(readSidebarCollapsed("a=1; admin_sidebar=collapsed; b=2")).toBe(true);
    expect(readSidebarCollapsed("admin_sidebar=expanded")).toBe(false);
    expect(readSidebarCollapsed(null)).toBe(false);
  });
});
