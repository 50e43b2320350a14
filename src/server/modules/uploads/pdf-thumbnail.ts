import { Worker } from 'node:worker_threads';
import { THUMB_WIDTHS } from '../../../shared/schemas/uploads.ts';

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
export function renderFirstPage(data: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { data, width: THUMB_WIDTHS[0], maxPixels: PDF_THUMB_MAX_PIXELS },
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
      execArgv: [],
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      finish(() => reject(new Error('Drawing the first page took too long.')));
      void worker.terminate();
    }, TIMEOUT_MS);
    worker.once('message', (png: Uint8Array) =>
      finish(() => resolve(Buffer.from(png.buffer, png.byteOffset, png.byteLength))),
    );
    worker.once('error', (err) => finish(() => reject(err instanceof Error ? err : new Error(String(err)))));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`The page renderer stopped (exit code ${code}).`))),
    );
  });
}
