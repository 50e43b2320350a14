import { runBoundedWorker } from './bounded-worker.ts';

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

/** Decodes `buf` (refused above `maxPixels`) in a worker thread; a refused file rejects with BmpError. */
export async function decodeBmp(buf: Uint8Array, maxPixels: number): Promise<RawImage> {
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
