// Runs in a worker thread (see bmp.ts): decoding a large BMP is seconds of JavaScript that must not
// stall the server's event loop. The pixels come back as a transferred buffer, not a copy.
import { parentPort, workerData } from 'node:worker_threads';

const { data, maxPixels } = workerData;
const reply = decode(Buffer.from(data.buffer, data.byteOffset, data.byteLength), maxPixels);
parentPort.postMessage(reply, reply.pixels ? [reply.pixels.buffer] : []);

/**
 * Uncompressed 1, 4, 8-bit palette; 16-bit 5-5-5; 24 and 32-bit; bottom-up or top-down; the
 * BITFIELDS 32-bit layout. RLE and embedded JPEG/PNG are refused. Answers { error } or the pixels.
 */
function decode(buf, maxPixels) {
  if (buf.length < 26 || buf.toString('latin1', 0, 2) !== 'BM') return { error: 'not a BMP file' };
  const dataOffset = buf.readUInt32LE(10);
  const headerSize = buf.readUInt32LE(14);
  if (headerSize < 40 || buf.length < 14 + headerSize) return { error: 'unsupported BMP header' };
  const width = buf.readInt32LE(18);
  const rawHeight = buf.readInt32LE(22);
  const bits = buf.readUInt16LE(28);
  const compression = buf.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0) return { error: 'empty BMP' };
  if (width * height > maxPixels) return { error: 'the picture has too many pixels' };
  if (!(compression === 0 || (compression === 3 && bits === 32))) {
    return { error: 'compressed BMP files are not supported' };
  }
  if (![1, 4, 8, 16, 24, 32].includes(bits)) return { error: 'unsupported BMP depth' };

  const colours = buf.readUInt32LE(46) || (bits <= 8 ? 1 << bits : 0);
  const paletteAt = 14 + headerSize;
  const rowBytes = Math.ceil((width * bits) / 32) * 4;
  if (dataOffset + rowBytes * height > buf.length) return { error: 'truncated BMP file' };

  const out = new Uint8Array(new ArrayBuffer(width * height * 3));
  const bottomUp = rawHeight > 0;
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (bottomUp ? height - 1 - y : y) * rowBytes;
    for (let x = 0; x < width; x++) {
      let r;
      let g;
      let b;
      if (bits <= 8) {
        const bitPos = x * bits;
        const byte = buf[row + (bitPos >> 3)];
        const index = (byte >> (8 - bits - (bitPos & 7))) & ((1 << bits) - 1);
        const at = paletteAt + Math.min(index, colours - 1) * 4;
        b = buf[at] ?? 0;
        g = buf[at + 1] ?? 0;
        r = buf[at + 2] ?? 0;
      } else if (bits === 16) {
        const v = buf.readUInt16LE(row + x * 2);
        r = ((v >> 10) & 31) << 3;
        g = ((v >> 5) & 31) << 3;
        b = (v & 31) << 3;
      } else {
        const at = row + x * (bits / 8);
        b = buf[at];
        g = buf[at + 1];
        r = buf[at + 2];
      }
      const o = (y * width + x) * 3;
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
    }
  }
  return { pixels: out, width, height };
}
