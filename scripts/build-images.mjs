#!/usr/bin/env node
// Renders the hand-written SVG illustrations in assets/images/src/ to optimized
// raster files in public/images/ (WebP for the site + JPEG copy for Open Graph).
//
//   node scripts/build-images.mjs            # all images
//   node scripts/build-images.mjs hero-maldives proj-villa   # only some
//
// Widths: hero-* → 1600 px (16:9), og-default → 1200 px (1200×630), others → 1200 px (3:2).
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(root, 'assets/images/src');
const OUT = path.join(root, 'public/images');
const WEBP_QUALITY = 78;
const JPEG_QUALITY = 80;
const MAX_WEBP_BYTES = 150 * 1024;

const widthFor = (name) => (name.startsWith('hero-') ? 1600 : 1200);
const expectedRatio = (name) => (name.startsWith('hero-') ? 16 / 9 : name === 'og-default' ? 1200 / 630 : 3 / 2);

function viewBoxSize(svg) {
  const m = svg.match(/viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/);
  if (!m) throw new Error('SVG has no viewBox');
  return { w: Number(m[1]), h: Number(m[2]) };
}

async function render(name) {
  const svg = await readFile(path.join(SRC, `${name}.svg`));
  const vb = viewBoxSize(svg.toString('utf8'));
  const width = widthFor(name);
  const height = Math.round((width * vb.h) / vb.w);
  const ratio = vb.w / vb.h;
  if (Math.abs(ratio - expectedRatio(name)) > 0.01) console.warn(`! ${name}: aspect ${ratio.toFixed(3)} != expected ${expectedRatio(name).toFixed(3)}`);

  // Rasterise at 2x and downsample: smoother thin lines (lattices, rebar, scaffolding).
  const density = Math.min(600, (72 * width * 2) / vb.w);
  const base = await sharp(svg, { density })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .flatten({ background: '#0f2a43' })
    .toColourspace('srgb')
    .png()
    .toBuffer();

  let q = WEBP_QUALITY;
  let webp = await sharp(base).webp({ quality: q, effort: 6, smartSubsample: true }).toBuffer();
  while (webp.length > MAX_WEBP_BYTES && q > 50) {
    q -= 4;
    webp = await sharp(base).webp({ quality: q, effort: 6, smartSubsample: true }).toBuffer();
  }
  const jpg = await sharp(base).jpeg({ quality: JPEG_QUALITY, mozjpeg: true, progressive: true }).toBuffer();
  await writeFile(path.join(OUT, `${name}.webp`), webp);
  await writeFile(path.join(OUT, `${name}.jpg`), jpg);
  const kb = (b) => `${(b.length / 1024).toFixed(0)} KB`;
  console.log(`${name.padEnd(26)} ${width}x${height}  webp ${kb(webp)}${q !== WEBP_QUALITY ? ` (q${q})` : ''}  jpg ${kb(jpg)}`);
}

await mkdir(OUT, { recursive: true });
const only = process.argv.slice(2);
const names = (await readdir(SRC))
  .filter((f) => f.endsWith('.svg'))
  .map((f) => f.replace(/\.svg$/, ''))
  .filter((nm) => !only.length || only.includes(nm))
  .sort();
if (!names.length) {
  console.error('No SVG sources found in', SRC);
  process.exit(1);
}
for (const name of names) await render(name);
