// Runs in a worker thread (see pdf-thumbnail.ts): renders a PDF's first page to a PNG, so a hostile
// or huge PDF can only exhaust this thread's heap and time, never stall the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const { data, width, maxPixels } = workerData;
const doc = await getDocument({
  data,
  disableFontFace: true,
  useSystemFonts: false,
  isEvalSupported: false,
  stopAtErrors: false,
  verbosity: 0,
}).promise;
const page = await doc.getPage(1);
const base = page.getViewport({ scale: 1 });
// the thumbnail's width, and never more pixels than the cap (a page of absurd proportions)
let scale = width / base.width;
if (base.width * base.height * scale * scale > maxPixels) {
  scale = Math.sqrt(maxPixels / (base.width * base.height));
}
const viewport = page.getViewport({ scale });
const factory = doc.canvasFactory;
const { canvas, context } = factory.create(
  Math.max(1, Math.round(viewport.width)),
  Math.max(1, Math.round(viewport.height)),
);
// a PDF page is drawn on white paper; the canvas starts transparent
context.fillStyle = '#ffffff';
context.fillRect(0, 0, canvas.width, canvas.height);
await page.render({ canvasContext: context, canvas, viewport }).promise;
const png = canvas.toBuffer('image/png');
page.cleanup();
await doc.destroy();
parentPort.postMessage(png, [png.buffer]);
