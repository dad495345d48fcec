// Renders the site's icons from public/favicon.svg (the company's navy, white and amber): favicon.ico,
// the apple-touch-icon and the web app manifest's PNGs. Run after changing the SVG: node scripts/build-icons.mjs
import fs from "node:fs";
import sharp from "sharp";

const svg = fs.readFileSync("public/favicon.svg");
// A few flat colours: an 8-bit palette PNG is less than half the size of a true-colour one, and looks the same
// (docs/decisions/0055-avif-chroma-420.md). The .ico keeps true colour, the 32 bits its directory declares.
const PALETTE = { compressionLevel: 9, palette: true, quality: 90, effort: 10 };
const png = (size, { padded = false, palette = true } = {}) => {
  const PNG = palette ? PALETTE : { compressionLevel: 9 };
  const image = sharp(svg, { density: 72 * Math.ceil(size / 32) * 2 }).resize(padded ? Math.round(size * 0.8) : size, padded ? Math.round(size * 0.8) : size);
  if (!padded) return image.png(PNG).toBuffer();
  // Maskable and Apple icons are cropped to a circle or rounded square: the mark sits on a full navy square.
  const pad = Math.round(size * 0.1);
  return image
    .extend({ top: pad, bottom: size - Math.round(size * 0.8) - pad, left: pad, right: size - Math.round(size * 0.8) - pad, background: "#0f2a43" })
    .flatten({ background: "#0f2a43" })
    .png(PNG)
    .toBuffer();
};

/** An .ico holding PNG images (every browser since IE Vista-era reads these). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2);
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

const sizes = [16, 32, 48];
fs.writeFileSync("public/favicon.ico", ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(size, { palette: false }) })))));
fs.writeFileSync("public/apple-touch-icon.png", await png(180, { padded: true }));
fs.writeFileSync("public/icon-192.png", await png(192));
fs.writeFileSync("public/icon-512.png", await png(512));
fs.writeFileSync("public/icon-maskable-512.png", await png(512, { padded: true }));
console.log("icons written to public/");
