// Runs in a worker thread (see pdf-text.ts): a hostile or huge PDF can only exhaust this thread's
// own heap and time, never stall the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const { data, maxChars } = workerData;
const doc = await getDocument({
  data,
  disableFontFace: true,
  useSystemFonts: false,
  isEvalSupported: false,
  stopAtErrors: false,
  verbosity: 0,
}).promise;
const parts = [];
let length = 0;
for (let n = 1; n <= doc.numPages && length < maxChars; n++) {
  const page = await doc.getPage(n);
  const content = await page.getTextContent();
  let text = '';
  for (const item of content.items) {
    if (typeof item.str !== 'string') continue;
    text += item.str + (item.hasEOL ? '\n' : ' ');
  }
  parts.push(text.trim());
  length += text.length;
  page.cleanup();
}
const pageCount = doc.numPages;
// the title its metadata gives: the Info dictionary's, else the XMP dc:title (pdf-text.ts cleans it)
const { info, metadata } = await doc.getMetadata().catch(() => ({}));
const titles = [info?.Title, metadata?.get('dc:title')].filter((t) => typeof t === 'string');
await doc.destroy();
parentPort.postMessage({ text: parts.join('\n\n').slice(0, maxChars), pageCount, titles });
