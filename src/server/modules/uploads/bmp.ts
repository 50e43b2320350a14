/**
 * A BMP reader for thumbnails: sharp's bundled libvips has no BMP loader. Handles the common
 * uncompressed files (1, 4, 8-bit palette; 16-bit 5-5-5; 24 and 32-bit; bottom-up or top-down)
 * and the BITFIELDS 32-bit layout; RLE and embedded JPEG/PNG are refused.
 */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

export class BmpError extends Error {}

export function decodeBmp(buf: Buffer, maxPixels: number): RawImage {
  if (buf.length < 26 || buf.toString('latin1', 0, 2) !== 'BM') throw new BmpError('not a BMP file');
  const dataOffset = buf.readUInt32LE(10);
  const headerSize = buf.readUInt32LE(14);
  if (headerSize < 40 || buf.length < 14 + headerSize) throw new BmpError('unsupported BMP header');
  const width = buf.readInt32LE(18);
  const rawHeight = buf.readInt32LE(22);
  const bits = buf.readUInt16LE(28);
  const compression = buf.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0) throw new BmpError('empty BMP');
  if (width * height > maxPixels) throw new BmpError('the picture has too many pixels');
  if (!(compression === 0 || (compression === 3 && bits === 32))) {
    throw new BmpError('compressed BMP files are not supported');
  }
  if (![1, 4, 8, 16, 24, 32].includes(bits)) throw new BmpError('unsupported BMP depth');

  const colours = buf.readUInt32LE(46) || (bits <= 8 ? 1 << bits : 0);
  const paletteAt = 14 + headerSize;
  const rowBytes = Math.ceil((width * bits) / 32) * 4;
  if (dataOffset + rowBytes * height > buf.length) throw new BmpError('truncated BMP file');

  const out = Buffer.alloc(width * height * 3);
  const bottomUp = rawHeight > 0;
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (bottomUp ? height - 1 - y : y) * rowBytes;
    for (let x = 0; x < width; x++) {
      let r: number;
      let g: number;
      let b: number;
      if (bits <= 8) {
        const bitPos = x * bits;
        const byte = buf[row + (bitPos >> 3)]!;
        const index = (byte >> (8 - bits - (bitPos & 7))) & ((1 << bits) - 1);
        const at = paletteAt + Math.min(index, colours - 1) * 4;
        [b, g, r] = [buf[at] ?? 0, buf[at + 1] ?? 0, buf[at + 2] ?? 0];
      } else if (bits === 16) {
        const v = buf.readUInt16LE(row + x * 2);
        [r, g, b] = [((v >> 10) & 31) << 3, ((v >> 5) & 31) << 3, (v & 31) << 3];
      } else {
        const at = row + x * (bits / 8);
        [b, g, r] = [buf[at]!, buf[at + 1]!, buf[at + 2]!];
      }
      const o = (y * width + x) * 3;
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
    }
  }
  return { data: out, width, height, channels: 3 };
}
