import { stripBidi } from '../../../shared/schemas/fields.ts';
import { runBoundedWorker } from './bounded-worker.ts';

const WORKER_URL = new URL('./pdf-text-worker.mjs', import.meta.url);
/** A PDF whose text takes longer than this is given up (and retried by the job queue). */
const TIMEOUT_MS = 120_000;
/** The worker's heap; a PDF needing more fails alone instead of taking the server down. */
const HEAP_MB = 512;

export interface PdfText {
  text: string;
  pageCount: number;
  /** the title the PDF's metadata gives, or null */
  title: string | null;
}

const TITLE_MAX = 1000;

/**
 * The first usable title of the metadata's (Info Title, XMP dc:title): without control characters,
 * not a placeholder ('Untitled', as pdf.js's viewer skips), not text decoded wrongly (U+FFFx).
 */
export function pdfTitle(titles: unknown[]): string | null {
  for (const raw of titles) {
    if (typeof raw !== 'string') continue;
    // control and bidi characters (a title must not read as something else)
    const title = stripBidi(raw)
      .replace(/\p{Cc}/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, TITLE_MAX);
    if (title && !/^untitled$/i.test(title) && !/[\ufff0-\uffff]/.test(title)) return title;
  }
  return null;
}

/**
 * The text (its first `maxChars` characters; 0 reads no page) and the title of a PDF (pdf.js in a
 * worker thread, bounded in memory and time).
 */
export async function extractPdfText(data: Uint8Array, maxChars: number): Promise<PdfText> {
  const read = await runBoundedWorker<{ text: string; pageCount: number; titles: unknown[] }>(WORKER_URL, {
    workerData: { data, maxChars },
    transferList: [data.buffer as ArrayBuffer],
    heapMb: HEAP_MB,
    timeoutMs: TIMEOUT_MS,
    timedOut: () => new Error('Reading the PDF text took too long.'),
    stopped: (code) => new Error(`The PDF text reader stopped (exit code ${code}).`),
  });
  return { text: read.text, pageCount: read.pageCount, title: pdfTitle(read.titles) };
}
