import { Worker } from 'node:worker_threads';

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
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { data, maxChars },
      transferList: [data.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
      // tsx or vitest loaders are not needed for a plain .mjs file
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
      finish(() => reject(new Error('Reading the PDF text took too long.')));
      void worker.terminate();
    }, TIMEOUT_MS);
    worker.once('message', (result: PdfText) => finish(() => resolve(result)));
    worker.once('error', (err) => finish(() => reject(asError(err))));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`The PDF text reader stopped (exit code ${code}).`))),
    );
  });
}

/** pdf.js throws its own exception objects; across the thread they arrive as plain objects. */
function asError(err: unknown): Error {
  if (err instanceof Error) return err;
  const { name, message } = (err ?? {}) as { name?: string; message?: string };
  const error = new Error(message ?? 'The PDF text reader failed.');
  if (name) error.name = name;
  return error;
}
