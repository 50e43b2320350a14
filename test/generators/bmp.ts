/**
 * A 1-bit BMP of any size, made on the fly (a 7000x7000 one is 6 MB): a black-and-white
 * checkerboard of 1-pixel squares, top row first in the file's bottom-up order.
 */
export function oneBitBmp(width: number, height: number): Buffer {
  const rowBytes = Math.ceil(width / 32) * 4;
  const dataOffset = 14 + 40 + 8;
  const buf = Buffer.alloc(dataOffset + rowBytes * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(dataOffset, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(1, 28);
  buf.writeUInt32LE(rowBytes * height, 34);
  buf.writeUInt32LE(2, 46);
  // palette: 0 black, 1 white (B, G, R, 0)
  buf.writeUInt32LE(0x00000000, 54);
  buf.writeUInt32LE(0x00ffffff, 58);
  for (let y = 0; y < height; y++) {
    // bottom-up: file row y is picture row height-1-y; picture row r starts white when r is even
    const startsWhite = (height - 1 - y) % 2 === 0;
    buf.fill(startsWhite ? 0xaa : 0x55, dataOffset + y * rowBytes, dataOffset + (y + 1) * rowBytes);
  }
  return buf;
}
