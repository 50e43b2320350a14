import { runBoundedWorker } from './bounded-worker.ts';
import { decodeBudget } from './decode-budget.ts';

/**
 * A BMP reader for thumbnails: sharp's bundled libvips has no BMP loader. The decoding (plain
 * JavaScript, seconds for a 7000x7000 picture) runs in a worker thread with its own memory limit
 * and a time limit, so it never stalls the server's event loop; see bmp-worker.mjs for the formats.
 */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

export class BmpError extends Error {}

const WORKER_URL = new URL('./bmp-worker.mjs', import.meta.url);
const TIMEOUT_MS = 60_000;
/** the decoded pixels of the largest accepted picture (50 Mpx x 3 bytes) plus the file itself */
const HEAP_MB = 256;

type WorkerReply = { error: string } | { pixels: Uint8Array; width: number; height: number };

/**
 * Decodes `buf` (refused above `maxPixels`) in a worker thread and hands the pixels to `use`; a
 * refused file rejects with BmpError. The pixels' bytes are reserved in the process's decode budget
 * from before the worker starts until `use` is done with them (the size is read from the header).
 */
export async function decodeBmp<T>(
  buf: Uint8Array,
  maxPixels: number,
  use: (raw: RawImage) => Promise<T>,
): Promise<T> {
  const size = headerSize(buf);
  if (size && size.width * size.height > maxPixels) throw new BmpError('the picture has too many pixels');
  // an unreadable header costs nothing: the worker refuses it at once
  const bytes = size ? size.width * size.height * 3 : 0;
  return decodeBudget.use(bytes, async () => use(await decodeInWorker(buf, maxPixels)));
}

/** The width and height a BMP header declares, or null when it is not one. */
function headerSize(buf: Uint8Array): { width: number; height: number } | null {
  if (buf.length < 26 || buf[0] !== 0x42 || buf[1] !== 0x4d) return null;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const width = view.getInt32(18, true);
  const height = Math.abs(view.getInt32(22, true));
  return width > 0 && height > 0 ? { width, height } : null;
}

async function decodeInWorker(buf: Uint8Array, maxPixels: number): Promise<RawImage> {
  const reply = await runBoundedWorker<WorkerReply>(WORKER_URL, {
    workerData: { data: buf, maxPixels },
    heapMb: HEAP_MB,
    timeoutMs: TIMEOUT_MS,
    timedOut: () => new BmpError('decoding the BMP took too long'),
    stopped: (code) => new BmpError(`the BMP reader stopped (exit code ${code})`),
  });
  if ('error' in reply) throw new BmpError(reply.error);
  const { pixels, width, height } = reply;
  return {
    data: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength),
    width,
    height,
    channels: 3,
  };
}
