import sharp, { type Sharp } from 'sharp';
import { THUMB_WIDTHS, type ThumbWidth } from '../../../shared/schemas/uploads.ts';
import { decodeBmp } from './bmp.ts';
import { decodeBudget } from './decode-budget.ts';

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

/**
 * Makes the 550, 160 and 150 px wide webp thumbnails of a stored jpeg, png, gif or bmp picture,
 * off the event loop (sharp works in its own threads; BMP is decoded in a worker), within the
 * process's decode budget, and never above THUMB_MAX_PIXELS for any format.
 */
export function makeThumbnails(input: Buffer, ext: string): Promise<Thumbnails> {
  return withDecodedPicture(input, ext, THUMB_MAX_PIXELS, thumbnailsOf);
}

/**
 * Hands `use` the picture as a sharp source while its decoded pixels are reserved in the decode
 * budget (decode-budget.ts): the size comes from the header, before anything is decoded. A BMP is
 * decoded in a worker (sharp's libvips has no BMP loader); other formats by sharp, within `use`.
 */
export async function withDecodedPicture<T>(
  input: Buffer,
  ext: string,
  maxPixels: number,
  use: (source: Sharp) => Promise<T>,
): Promise<T> {
  if (ext === 'bmp')
    return decodeBmp(input, maxPixels, (raw) =>
      use(
        sharp(raw.data, {
          raw: { width: raw.width, height: raw.height, channels: raw.channels },
          limitInputPixels: maxPixels,
        }),
      ),
    );
  const open = () => sharp(input, { limitInputPixels: maxPixels, failOn: 'error', pages: 1 });
  const { width = 0, height = 0, channels = 4 } = await open().metadata();
  return decodeBudget.use(width * height * channels, () => use(open()));
}

async function thumbnailsOf(source: Sharp): Promise<Thumbnails> {
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
