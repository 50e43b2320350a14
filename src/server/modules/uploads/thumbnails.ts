import sharp, { type Sharp } from 'sharp';
import { THUMB_WIDTHS, type ThumbWidth } from '../../../shared/schemas/uploads.ts';
import { decodeBmp } from './bmp.ts';

/**
 * Pictures above this many pixels are not decoded (a decompression bomb: a small file that
 * expands to gigabytes). 50 megapixels covers every camera and screenshot in common use.
 */
export const THUMB_MAX_PIXELS = 50_000_000;
/** A thumbnail is never taller than this many times its width (very long screenshots). */
const MAX_ASPECT = 4;
/**
 * Pictures decoded at once, whatever the number of thumbnail jobs running: a 50-megapixel picture
 * takes about 150 MB decoded, so four in parallel took RSS to 2.5 GB.
 */
export const THUMB_CONCURRENCY = 1;

export interface Thumbnails {
  /** the picture's size, upright (EXIF orientation applied) */
  width: number;
  height: number;
  /** webp thumbnails by width */
  images: Map<ThumbWidth, Buffer>;
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than THUMB_CONCURRENCY pictures are being decoded. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= THUMB_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Makes the 550, 160 and 150 px wide webp thumbnails of a stored jpeg, png, gif or bmp picture,
 * one picture at a time, off the event loop (sharp works in its own threads; BMP is decoded in a
 * worker), and never above THUMB_MAX_PIXELS for any format.
 */
export function makeThumbnails(input: Buffer, ext: string): Promise<Thumbnails> {
  return inTurn(() => thumbnailsOf(input, ext));
}

async function thumbnailsOf(input: Buffer, ext: string): Promise<Thumbnails> {
  let source: Sharp;
  if (ext === 'bmp') {
    const raw = await decodeBmp(input, THUMB_MAX_PIXELS);
    source = sharp(raw.data, {
      raw: { width: raw.width, height: raw.height, channels: raw.channels },
      limitInputPixels: THUMB_MAX_PIXELS,
    });
  } else {
    source = sharp(input, { limitInputPixels: THUMB_MAX_PIXELS, failOn: 'error', pages: 1 });
  }
  // autoOrient: a phone photo's EXIF orientation makes the thumbnail upright
  const upright = source.autoOrient();
  const meta = await upright.clone().metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const width = (swap ? meta.height : meta.width) ?? 0;
  const height = (swap ? meta.width : meta.height) ?? 0;
  const images = new Map<ThumbWidth, Buffer>();
  for (const w of THUMB_WIDTHS) {
    const image = await upright
      .clone()
      .resize({ width: w, height: w * MAX_ASPECT, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    images.set(w, image);
  }
  return { width, height, images };
}
