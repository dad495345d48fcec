import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_VERSION_LENGTH, pictureOf, siteImageVersions } from "./site-image-versions";

describe("siteImageVersions", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "images-"));
    for (const [file, text] of Object.entries({ "hero.jpg": "a", "hero-w480.webp": "b", "hero-w800.avif": "c", "team-w480.webp": "d", "notes.txt": "e" })) {
      fs.writeFileSync(path.join(dir, file), text);
    }
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("gives every file of a picture the same version, and another picture another", () => {
    const versions = siteImageVersions(dir);
    expect([...versions.keys()].sort()).toEqual(["/images/hero-w480.webp", "/images/hero-w800.avif", "/images/hero.jpg", "/images/team-w480.webp"]);
    const hero = versions.get("/images/hero.jpg");
    expect(hero).toMatch(new RegExp(`^[0-9a-f]{${IMAGE_VERSION_LENGTH}}$`));
    expect(versions.get("/images/hero-w480.webp")).toBe(hero);
    expect(versions.get("/images/hero-w800.avif")).toBe(hero);
    expect(versions.get("/images/team-w480.webp")).not.toBe(hero);
  });

  it("changes every URL of a picture when any one of its files changes", () => {
    const before = siteImageVersions(dir);
    fs.writeFileSync(path.join(dir, "hero-w800.avif"), "c2");
    const after = siteImageVersions(dir);
    expect(after.get("/images/hero.jpg")).not.toBe(before.get("/images/hero.jpg"));
    expect(after.get("/images/hero-w480.webp")).toBe(after.get("/images/hero.jpg"));
    expect(after.get("/images/team-w480.webp")).toBe(before.get("/images/team-w480.webp"));
  });

  it("is empty without a build folder", () => {
    expect(siteImageVersions(path.join(dir, "missing")).size).toBe(0);
  });

  it("reads the picture from a file name", () => {
    expect(pictureOf("hero-maldives-w1600.webp")).toBe("hero-maldives");
    expect(pictureOf("hero-maldives.jpg")).toBe("hero-maldives");
    expect(pictureOf("team-2024.png")).toBe("team-2024");
  });
});
