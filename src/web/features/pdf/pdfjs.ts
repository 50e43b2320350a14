import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

/**
 * pdf.js's legacy build: the modern one calls APIs only the newest browsers have (e.g.
 * Map.prototype.getOrInsertComputed); the legacy build carries their polyfills.
 * pdf.js, loaded on first use (it is a large chunk) with its worker bundled by Vite and served from
 * our own origin, so the page's CSP (worker-src falls back to script-src 'self') allows it.
 */
let loading: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | null = null;

export function loadPdfjs(): Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> {
  loading ??= import('pdfjs-dist/legacy/build/pdf.mjs').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return loading;
}

export type PdfDocument = import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;
export type PdfPageProxy = import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy;

/** Opens a PDF by URL with the session cookie; eval stays off (our CSP forbids it anyway). */
export async function openPdf(url: string): Promise<PdfDocument> {
  const pdfjs = await loadPdfjs();
  return pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false }).promise;
}

/** A PDF's text for Listen: a paragraph per page, its lines joined. */
export async function pdfText(doc: PdfDocument): Promise<string[]> {
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const text = content.items
      .map((part) => ('str' in part ? part.str + (part.hasEOL ? ' ' : '') : ''))
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (text) pages.push(text);
  }
  return pages;
}
