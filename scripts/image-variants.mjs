// Writes the responsive variants (app/lib/images.ts convention) for the site's own images in public/images:
// <name>-w480.webp, <name>-w960.webp, <name>-w1600.webp, <name>-w480.avif, <name>-w800.avif and <name>-w960.avif. Run after
// scripts/build-images.mjs. Only missing files are written; `--force` writes them all again.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const dir = path.resolve("public/images");
const WIDTHS = [480, 960, 1600];
const AVIF_WIDTHS = [480, 800, 960];
const force = process.argv.includes("--force");
const sources = fs.readdirSync(dir).filter((f) => /\.webp$/.test(f) && !/-w\d+\.webp$/.test(f));

for (const file of sources) {
  const base = path.join(dir, file.replace(/\.webp$/, ""));
  const input = fs.readFileSync(path.join(dir, file));
  const wanted = (out) => force || !fs.existsSync(out);
  for (const width of WIDTHS) {
    const out = `${base}-w${width}.webp`;
    if (wanted(out)) await sharp(input).resize({ width, withoutEnlargement: true }).webp({ quality: 74, effort: 5 }).toFile(out);
  }
  for (const width of AVIF_WIDTHS) {
    const out = `${base}-w${width}.avif`;
    // Encoded once and served to every visitor: effort 6 (uploads use 2, which the server can afford per upload) and
    // chroma at half resolution as uploads (docs/decisions/0055-avif-chroma-420.md).
    if (wanted(out)) await sharp(input).resize({ width, withoutEnlargement: true }).avif({ quality: 50, effort: 6, chromaSubsampling: "4:2:0" }).toFile(out);
  }
  console.log(`variants: ${file}`);
}
