import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { EXPORT_PDF_IMAGE_BOX } from '../../../shared/schemas/export.ts';
import { isRtlText, visualOrder } from './bidi.ts';
import { type ExportItem, yieldToOthers } from './content.ts';
import { fitPicture } from './pictures.ts';
import { Sink } from './sink.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans covers Latin, Greek, Cyrillic, Hebrew, Arabic and many symbols; embedded as a subset. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** Highlight colours as a light fill behind the quote. */
export const PDF_HIGHLIGHT_FILL: Record<string, string> = {
  yellow: '#fff3a3',
  blue: '#cfe6ff',
  green: '#cdf2cf',
  pink: '#ffd3e6',
};

const MARGIN = 50;

/**
 * The items as one PDF (export.pdf), written page by page: pdfkit hands each finished page to the
 * stream, so a thousand items never sit in memory whole.
 */
export function buildPdf(items: AsyncIterable<ExportItem>): Readable {
  return Sink.run(async (sink) => {
    const { regular, bold } = loadFonts();
    const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: 'Export', Producer: 'Folio' } });
    doc.registerFont('body', regular);
    doc.registerFont('bold', bold);
    doc.on('data', (chunk: Buffer) => sink.write(chunk));
    const ended = new Promise<void>((resolve, reject) => {
      doc.on('end', resolve);
      doc.on('error', reject);
    });
    let first = true;
    for await (const item of items) {
      if (!first) separator(doc);
      first = false;
      await drawItem(doc, item);
      await sink.ready();
      await yieldToOthers();
    }
    if (first) doc.font('body').fontSize(11).text('No items.');
    doc.end();
    await ended;
    sink.end();
  });
}

const width = (doc: PDFKit.PDFDocument) => doc.page.width - MARGIN * 2;

async function drawItem(doc: PDFKit.PDFDocument, item: ExportItem) {
  paragraph(doc, item.title, { font: 'bold', size: 15, link: item.url || undefined });
  if (item.url) paragraph(doc, item.url, { size: 9, color: '#555555', link: item.url });
  if (item.tags.length) paragraph(doc, `Tags: ${item.tags.join(', ')}`, { size: 9, color: '#555555' });
  if (item.description) paragraph(doc, item.description, { size: 11 });
  if (item.picture) {
    const bytes = await item.picture();
    const fitted =
      bytes && (await fitPicture(bytes, { width: EXPORT_PDF_IMAGE_BOX, height: EXPORT_PDF_IMAGE_BOX }));
    if (fitted) {
      if (doc.y + fitted.height > doc.page.maxY()) doc.addPage();
      doc.image(fitted.data, MARGIN, doc.y, { fit: [EXPORT_PDF_IMAGE_BOX, EXPORT_PDF_IMAGE_BOX] });
      doc.y += Math.min(fitted.height, EXPORT_PDF_IMAGE_BOX) + 6;
    }
  }
  for (const line of item.note) paragraph(doc, line, { size: 11 });
  for (const h of item.highlights) {
    if (h.quote.trim()) highlight(doc, h.quote, PDF_HIGHLIGHT_FILL[h.color] ?? PDF_HIGHLIGHT_FILL.yellow!);
    for (const note of h.notes) paragraph(doc, `Note: ${note}`, { size: 10, color: '#333333', indent: 16 });
  }
}

interface ParagraphStyle {
  font?: 'body' | 'bold';
  size: number;
  color?: string;
  link?: string;
  indent?: number;
}

/** A paragraph; right-to-left text is laid out in lines first, then each drawn in visual order. */
function paragraph(doc: PDFKit.PDFDocument, text: string, style: ParagraphStyle) {
  const x = MARGIN + (style.indent ?? 0);
  const w = width(doc) - (style.indent ?? 0);
  doc
    .font(style.font ?? 'body')
    .fontSize(style.size)
    .fillColor(style.color ?? '#000000');
  if (isRtlText(text)) {
    for (const line of wrap(doc, text, w)) {
      doc.text(visualOrder(line), x, doc.y, { width: w, align: 'right', link: style.link });
    }
  } else {
    doc.text(text, x, doc.y, { width: w, link: style.link });
  }
  doc.moveDown(0.3);
}

/** A quote on a light band of its highlight colour. */
function highlight(doc: PDFKit.PDFDocument, quote: string, fill: string) {
  const x = MARGIN + 8;
  const w = width(doc) - 16;
  doc.font('body').fontSize(11);
  const rtl = isRtlText(quote);
  const lines = rtl ? wrap(doc, quote, w) : [quote];
  for (const line of lines) {
    const h = doc.heightOfString(line, { width: w });
    if (doc.y + h > doc.page.maxY()) doc.addPage();
    const y = doc.y;
    if (h < doc.page.maxY() - doc.page.margins.top) {
      doc
        .save()
        .rect(x - 4, y - 2, w + 8, h + 4)
        .fill(fill)
        .restore();
    }
    doc
      .fillColor('#000000')
      .text(rtl ? visualOrder(line) : line, x, y, { width: w, align: rtl ? 'right' : 'left' });
  }
  doc.moveDown(0.4);
}

/** Words into lines that fit the width (for right-to-left text, drawn a line at a time). */
function wrap(doc: PDFKit.PDFDocument, text: string, w: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && doc.widthOfString(next) > w) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

function separator(doc: PDFKit.PDFDocument) {
  doc.moveDown(0.5);
  if (doc.y + 40 > doc.page.maxY()) doc.addPage();
  else {
    doc
      .save()
      .moveTo(MARGIN, doc.y)
      .lineTo(doc.page.width - MARGIN, doc.y)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke()
      .restore();
    doc.moveDown(0.8);
  }
}
