import { SHAPE } from '../../../shared/schemas/annotations.ts';
import type { LibraryReader } from './library.ts';
import type { BackupAnnotation, BackupItem } from './model.ts';

/**
 * Folio's annotations as W3C Web Annotations (https://www.w3.org/TR/annotation-model/) in JSON-LD:
 * one AnnotationCollection whose first page holds every annotation of the library. Each carries the
 * W3C context plus Folio's namespace (`folio:`) for what the model has no word for: the highlight's
 * colour and shape, a float note's place, a Kindle location, the item it belongs to.
 */
export const FOLIO_NAMESPACE = 'urn:folio:ns:';
export const ANNO_CONTEXT = 'http://www.w3.org/ns/anno.jsonld';
export const CONTEXT = [ANNO_CONTEXT, { folio: FOLIO_NAMESPACE }] as const;

const SHAPE_NAMES: Record<number, string> = {
  [SHAPE.text]: 'highlight',
  [SHAPE.floatNote]: 'float-note',
  [SHAPE.extension]: 'extension-highlight',
  [SHAPE.attachedImage]: 'attached-image',
  [SHAPE.pdfHighlight]: 'pdf-highlight',
  [SHAPE.kindleHighlight]: 'kindle-highlight',
};

type Part = { type: string } & Record<string, unknown>;

/** The item an annotation targets: its web address, or Folio's name for an item that has none. */
const sourceOf = (item: BackupItem) => item.url ?? `urn:folio:item:${item.id}`;

/** One annotation as a W3C Web Annotation. */
export function webAnnotation(item: BackupItem, a: BackupAnnotation): Record<string, unknown> {
  const parts = (Array.isArray(a.selector) ? a.selector : []) as Part[];
  const quote = parts.find((p) => p.type === 'TextQuoteSelector');
  const position = parts.find((p) => p.type === 'TextPositionSelector');
  const page = parts.find((p) => p.type === 'PageSelector');
  const place = parts.find((p) => p.type === 'FloatPositionSelector');
  const kindle = parts.find((p) => p.type === 'KindleLocationSelector');
  const selectors: Record<string, unknown>[] = [];
  const isNote = a.shape === SHAPE.floatNote;
  if (!isNote) {
    // a Kindle highlight and an attached picture keep their text as the quote
    selectors.push(
      quote
        ? pick({ type: 'TextQuoteSelector', exact: quote.exact, prefix: quote.prefix, suffix: quote.suffix })
        : { type: 'TextQuoteSelector', exact: a.content },
    );
    if (position) selectors.push({ type: 'TextPositionSelector', start: position.start, end: position.end });
  }
  const target: Record<string, unknown> = { source: sourceOf(item) };
  if (page) {
    // a PDF page: a fragment of the PDF (RFC 3778) refined by the quote, and again by the position
    // (two descriptions of the same text: refinedBy takes one selector)
    const fragment = (refinedBy: Record<string, unknown>) => ({
      type: 'FragmentSelector',
      conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
      value: `page=${page.page}`,
      refinedBy,
    });
    target.selector = selectors.length === 1 ? fragment(selectors[0]!) : selectors.map(fragment);
  } else if (selectors.length) target.selector = selectors.length === 1 ? selectors[0] : selectors;
  const bodies = [
    ...(isNote
      ? [{ type: 'TextualBody', value: a.content, format: 'text/plain', purpose: 'commenting' }]
      : []),
    ...a.sticky_notes.map((n) => ({
      type: 'TextualBody',
      value: n.content,
      format: 'text/plain',
      purpose: 'commenting',
      created: n.created_at,
      modified: n.updated_at,
    })),
  ];
  return pick({
    '@context': CONTEXT,
    id: `urn:folio:annotation:${a.id}`,
    type: 'Annotation',
    motivation: isNote ? 'commenting' : 'highlighting',
    created: a.created_at,
    modified: a.updated_at,
    body: bodies.length === 0 ? undefined : bodies.length === 1 ? bodies[0] : bodies,
    target,
    'folio:color': a.color,
    'folio:shape': SHAPE_NAMES[a.shape] ?? String(a.shape),
    'folio:item': { id: `urn:folio:item:${item.id}`, title: item.title, type: item.type },
    'folio:place': place ? { x: place.x, y: place.y } : undefined,
    'folio:kindleLocation': kindle
      ? pick({ location: kindle.location, page: kindle.page, added: kindle.added, kind: kindle.kind })
      : undefined,
  });
}

/** Drops the fields a source left empty. */
function pick(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** Where the JSON-LD is written: a zip member or a plain stream. */
export interface TextSink {
  write(text: string): Promise<void>;
}

/**
 * `annotations.jsonld`: the library's annotations, read a batch of items at a time and written one
 * annotation at a time.
 */
export async function writeAnnotationsJsonLd(
  sink: TextSink,
  reader: LibraryReader,
  userId: number,
  exportedAt: Date,
): Promise<number> {
  const head = {
    '@context': CONTEXT,
    id: `urn:folio:annotations:${userId}:${exportedAt.getTime()}`,
    type: 'AnnotationCollection',
    label: 'Folio annotations',
    generated: exportedAt.toISOString(),
  };
  const headText = JSON.stringify(head, null, 2);
  await sink.write(`${headText.slice(0, -2)},\n  "first": {\n    "type": "AnnotationPage",\n    "items": [`);
  let n = 0;
  for await (const batch of reader.items(userId, 'annotations')) {
    for (const item of batch.items) {
      for (const a of item.annotations) {
        await sink.write(`${n ? ',' : ''}\n      ${JSON.stringify(webAnnotation(item, a))}`);
        n += 1;
      }
    }
  }
  await sink.write(`\n    ]\n  },\n  "total": ${n}\n}\n`);
  return n;
}
