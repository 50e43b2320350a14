import { runBoundedWorker } from './bounded-worker.ts';

const WORKER_URL = new URL('./pdf-text-worker.mjs', import.meta.url);
/** A PDF whose text takes longer than this is given up (and retried by the job queue). */
const TIMEOUT_MS = 120_000;
/** The worker's heap; a PDF needing more fails alone instead of taking the server down. */
const HEAP_MB = 512;

export interface PdfText {
  text: string;
  pageCount: number;
}

/** The text of a PDF (pdf.js in a worker thread, bounded in memory and time). */
export function extractPdfText(data: Uint8Array, maxChars: number): Promise<PdfText> {
  return runBoundedWorker<PdfText>(WORKER_URL, {
    workerData: { data, maxChars },
    transferList: [data.buffer as ArrayBuffer],
    heapMb: HEAP_MB,
    timeoutMs: TIMEOUT_MS,
    timedOut: () => new Error('Reading the PDF text took too long.'),
    stopped: (code) => new Error(`The PDF text reader stopped (exit code ${code}).`),
  });
}
