import { THUMB_WIDTHS } from '../../../shared/schemas/uploads.ts';
import { runBoundedWorker } from './bounded-worker.ts';

const WORKER_URL = new URL('./pdf-thumb-worker.mjs', import.meta.url);
/** A first page that takes longer than this to draw is given up; the PDF keeps no thumbnail. */
const TIMEOUT_MS = 60_000;
/** The worker's heap; a page needing more fails alone. */
const HEAP_MB = 384;
/** The drawn page is never bigger than this (a 550 px wide page as tall as four widths). */
export const PDF_THUMB_MAX_PIXELS = THUMB_WIDTHS[0] * THUMB_WIDTHS[0] * 4;

/**
 * The first page of a PDF as a PNG as wide as the largest thumbnail (pdf.js and its Node canvas in
 * a worker thread, bounded in memory, pixels and time); the image thumbnails are made from it.
 */
export async function renderFirstPage(data: Uint8Array): Promise<Buffer> {
  const png = await runBoundedWorker<Uint8Array>(WORKER_URL, {
    workerData: { data, width: THUMB_WIDTHS[0], maxPixels: PDF_THUMB_MAX_PIXELS },
    heapMb: HEAP_MB,
    timeoutMs: TIMEOUT_MS,
    timedOut: () => new Error('Drawing the first page took too long.'),
    stopped: (code) => new Error(`The page renderer stopped (exit code ${code}).`),
  });
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}
