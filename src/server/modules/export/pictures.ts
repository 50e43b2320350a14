import sharp from 'sharp';

export interface FittedPicture {
  data: Buffer;
  width: number;
  height: number;
  type: 'png' | 'jpeg';
}

/**
 * The picture shrunk to fit the box (never enlarged), as JPEG (PNG keeps transparency): the
 * formats both PDF and Word read. Null when it cannot be decoded, so one bad picture does not end
 * an export. The stored thumbnails are already capped in size, so decoding one is cheap.
 */
export async function fitPicture(
  bytes: Buffer,
  box: { width: number; height?: number },
): Promise<FittedPicture | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate().resize({
      width: box.width,
      height: box.height,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const meta = await sharp(bytes).metadata();
    const type = meta.hasAlpha ? 'png' : 'jpeg';
    const { data, info } = await (type === 'png' ? image.png() : image.jpeg({ quality: 80 })).toBuffer({
      resolveWithObject: true,
    });
    return { data, width: info.width, height: info.height, type };
  } catch {
    return null;
  }
}
