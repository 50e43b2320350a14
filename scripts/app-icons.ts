/**
 * Draws the installed app's icons (src/web/public/icons/) from one SVG: `npx tsx scripts/app-icons.ts`.
 * The PNGs are committed; run this again only when the drawing changes. The maskable icon keeps the
 * letter inside the middle 80 % (the safe zone a launcher's mask never cuts) on a full-bleed colour.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../src/web/public/icons');
const BRAND = '#4f5bd5';
/** the favicon's F, drawn on a 32-unit square */
const LETTER = 'M10 8h12v3H13.5v4H21v3h-7.5v6H10z';

function svg(maskable: boolean): string {
  // maskable: the square fills the canvas and the letter shrinks to the safe zone
  const background = maskable
    ? `<rect width="32" height="32" fill="${BRAND}"/>`
    : `<rect width="32" height="32" rx="7" fill="${BRAND}"/>`;
  const letter = maskable
    ? `<path d="${LETTER}" fill="#fff" transform="translate(16 16) scale(0.7) translate(-16 -16)"/>`
    : `<path d="${LETTER}" fill="#fff"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}${letter}</svg>`;
}

mkdirSync(OUT, { recursive: true });
for (const size of [192, 512]) {
  for (const maskable of [false, true]) {
    const name = `folio-${maskable ? 'maskable-' : ''}${size}.png`;
    await sharp(Buffer.from(svg(maskable)), { density: (72 * size) / 32 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(OUT, name));
  }
}
await sharp(Buffer.from(svg(true)), { density: (72 * 180) / 32 })
  .resize(180, 180)
  .flatten({ background: '#ffffff' })
  .png({ compressionLevel: 9 })
  .toFile(path.join(OUT, 'apple-touch-icon.png'));
