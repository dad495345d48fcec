// Writes the responsive variants (app/lib/images.ts convention) for the site's own images in public/images:
// <name>-w480.webp, <name>-w960.webp, <name>-w1600.webp and <name>-w960.avif. Run after scripts/build-images.mjs.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const dir = path.resolve("public/images");
const WIDTHS = [480, 960, 1600];
const sources = fs.readdirSync(dir).filter((f) => /\.webp$/.test(f) && !/-w\d+\.webp$/.test(f));

for (const file of sources) {
  const base = path.join(dir, file.replace(/\.webp$/, ""));
  const input = fs.readFileSync(path.join(dir, file));
  for (const width of WIDTHS) {
    await sharp(input).resize({ width, withoutEnlargement: true }).webp({ quality: 74, effort: 5 }).toFile(`${base}-w${width}.webp`);
  }
  await sharp(input).resize({ width: 960, withoutEnlargement: true }).avif({ quality: 50, effort: 4 }).toFile(`${base}-w960.avif`);
  console.log(`variants: ${file}`);
}
