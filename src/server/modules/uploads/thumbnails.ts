import sharp from 'sharp';
import { THUMB_WIDTHS, type ThumbWidth } from '../../../shared/schemas/uploads.ts';
import { decodeBmp } from './bmp.ts';

/**
 * Pictures above this many pixels are not decoded (a decompression bomb: a small file that
 * expands to gigabytes). 50 megapixels covers every camera and screenshot in common use.
 */
export const THUMB_MAX_PIXELS = 50_000_000;
/** A thumbnail is never taller than this many times its width (very long screenshots). */
const MAX_ASPECT = 4;

export interface Thumbnails {
  /** the picture's size, upright (EXIF orientation applied) */
  width: number;
  height: number;
  /** webp thumbnails by width */
  images: Map<ThumbWidth, Buffer>;
}

/** Makes the 550, 160 and 150 px wide webp thumbnails of a stored jpeg, png, gif or bmp picture. */
export async function makeThumbnails(input: Buffer, ext: string): Promise<Thumbnails> {
  const source =
    ext === 'bmp'
      ? (() => {
          const raw = decodeBmp(input, THUMB_MAX_PIXELS);
          return sharp(raw.data, {
            raw: { width: raw.width, height: raw.height, channels: raw.channels },
            limitInputPixels: THUMB_MAX_PIXELS,
          });
        })()
      : sharp(input, { limitInputPixels: THUMB_MAX_PIXELS, failOn: 'error', pages: 1 });
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
