import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { Window } from 'happy-dom';
import { expect, describe as group, it } from 'vitest';
import { anchor, describe } from '../../../shared/anchoring/anchor.ts';
import { indexText } from '../../../shared/anchoring/text-position.ts';
import type { AnnotationSelector } from '../../../shared/schemas/annotations.ts';
import type { BackupAnnotation, BackupItem } from './model.ts';
import { webAnnotation, writeAnnotationsJsonLd } from './web-annotations.ts';

/**
 * The W3C JSON-LD of Folio's annotations: valid against the model's JSON Schema (written from the
 * Working Group's test schemas, test/fixtures/web-annotation/), and read back by Hypothesis's own
 * anchoring libraries (dom-anchor-text-quote, dom-anchor-text-position) to the same quote as by
 * Folio's (shared/anchoring/).
 */
const require = createRequire(import.meta.url);
type Range = { toString(): string };
type Hypothesis<S> = { toRange(root: Node, selector: S, options?: { hint?: number }): Range | null };
const textQuote = require('dom-anchor-text-quote') as Hypothesis<{
  exact: string;
  prefix?: string;
  suffix?: string;
}>;
// the position library as the quote library itself uses it (its own dependency, v4)
const textPosition = createRequire(require.resolve('dom-anchor-text-quote'))(
  'dom-anchor-text-position',
) as Hypothesis<{ start: number; end: number }>;

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const schema = JSON.parse(
  readFileSync(path.join(ROOT, 'test/fixtures/web-annotation/annotation-model.schema.json'), 'utf8'),
);
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

const at = '2026-03-01T10:00:00.000Z';
const item = (fields: Partial<BackupItem> = {}): BackupItem => ({
  id: 7,
  type: 'bookmark',
  title: 'Balcony tomatoes',
  description: '',
  url: 'https://example.com/tomatoes',
  src_url: null,
  note_content: null,
  note_type: null,
  unread: false,
  private: true,
  local_id: null,
  thumbnail_url: null,
  download_url: null,
  permanent_url: null,
  starred: false,
  capture_status: 'done',
  capture_error: null,
  captured_at: at,
  created_at: at,
  updated_at: at,
  tags: [],
  annotations: [],
  file: null,
  page: null,
  note_pictures: [],
  groups: [],
  ...fields,
});
const annotation = (
  shape: number,
  selector: unknown,
  fields: Partial<BackupAnnotation> = {},
): BackupAnnotation => ({
  id: 41,
  shape,
  content: 'words',
  ann_md5: 'x',
  color: 'green',
  selector,
  anchored: null,
  created_at: at,
  updated_at: at,
  sticky_notes: [],
  ...fields,
});
const valid = (value: unknown) => {
  const ok = validate(value);
  expect(ok, JSON.stringify(validate.errors)).toBe(true);
};

group('annotations.jsonld', () => {
  it('writes every shape as a valid W3C Web Annotation with Folio colour and shape in its namespace', () => {
    const quote = [
      { type: 'TextQuoteSelector', exact: 'words', prefix: 'some ', suffix: ' here' },
      { type: 'TextPositionSelector', start: 5, end: 10 },
    ];
    const cases = [
      annotation(0, quote, {
        sticky_notes: [{ content: 'My note', s_mode: 2, created_at: at, updated_at: at }],
      }),
      annotation(2, [{ type: 'FloatPositionSelector', x: 0.5, y: 0.25 }], { content: 'A margin thought' }),
      annotation(5, quote),
      annotation(9, [{ type: 'PageSelector', page: 3 }, ...quote]),
      annotation(10, [{ type: 'KindleLocationSelector', location: '70-72', kind: 'highlight' }]),
    ];
    for (const a of cases) valid(webAnnotation(item({ type: a.shape === 10 ? 'kindle' : 'bookmark' }), a));

    const highlight = webAnnotation(item(), cases[0]!);
    expect(highlight).toMatchObject({
      '@context': ['http://www.w3.org/ns/anno.jsonld', { folio: 'urn:folio:ns:' }],
      type: 'Annotation',
      motivation: 'highlighting',
      body: { type: 'TextualBody', value: 'My note', purpose: 'commenting' },
      target: { source: 'https://example.com/tomatoes', selector: quote },
      'folio:color': 'green',
      'folio:shape': 'highlight',
    });
    expect(webAnnotation(item(), cases[1]!)).toMatchObject({
      motivation: 'commenting',
      body: { value: 'A margin thought' },
      'folio:place': { x: 0.5, y: 0.25 },
    });
    expect(webAnnotation(item({ url: null, type: 'pdf' }), cases[3]!).target).toMatchObject({
      source: 'urn:folio:item:7',
      selector: [
        { type: 'FragmentSelector', value: 'page=3', refinedBy: quote[0] },
        { type: 'FragmentSelector', value: 'page=3', refinedBy: quote[1] },
      ],
    });
    // a schema that accepts everything would prove nothing
    expect(validate({ ...highlight, '@context': 'http://example.com/other' })).toBe(false);
    expect(validate({ ...highlight, target: { selector: quote } })).toBe(false);
    expect(
      validate({
        ...highlight,
        target: { source: 'https://x.test/', selector: { type: 'TextQuoteSelector' } },
      }),
    ).toBe(false);
  });

  it('writes the whole collection as one valid document, a batch of items at a time', async () => {
    const items = [
      item({ annotations: [annotation(0, [{ type: 'TextQuoteSelector', exact: 'words' }])] }),
      item({ id: 8 }),
    ];
    const reader = {
      async *items() {
        yield { items, files: [] };
      },
    };
    const out = new PassThrough();
    const parts: string[] = [];
    out.on('data', (c) => parts.push(String(c)));
    const n = await writeAnnotationsJsonLd(
      { write: async (text) => void out.write(text) },
      reader as never,
      3,
      new Date(at),
    );
    expect(n).toBe(1);
    const document = JSON.parse(parts.join(''));
    valid(document);
    expect(document).toMatchObject({
      type: 'AnnotationCollection',
      total: 1,
      first: { type: 'AnnotationPage' },
    });
  });

  it("reads back the same quote through Hypothesis's anchoring as through Folio's", () => {
    const html = readFileSync(path.join(ROOT, 'test/fixtures/pages/article.html'), 'utf8');
    const document = new Window().document as unknown as Document;
    document.documentElement.innerHTML = html.replace(/^[\s\S]*?<html[^>]*>|<\/html>[\s\S]*$/gi, '');
    const root = document.body;
    const { text } = indexText(root);
    expect(text).toBe(root.textContent);
    // passages across the page: a word that occurs many times (only its context tells which), a
    // sentence, and a stretch over two paragraphs
    const common = [...text.matchAll(/\bthe\b/g)].map((m) => m.index!);
    expect(common.length).toBeGreaterThan(3);
    const sentence = text.indexOf('zymurgical');
    const passages: [number, number][] = [
      [common[3]!, common[3]! + 3],
      [sentence, sentence + 40],
      [Math.floor(text.length / 2), Math.floor(text.length / 2) + 120],
    ];
    for (const [start, end] of passages) {
      const wanted = text.slice(start, end);
      const made = webAnnotation(item(), annotation(0, describe(text, start, end), { content: wanted }));
      valid(made);
      const selectors = (made.target as { selector: AnnotationSelector }).selector;
      const quote = selectors.find((s) => s.type === 'TextQuoteSelector')!;
      const position = selectors.find((s) => s.type === 'TextPositionSelector')!;

      expect(textQuote.toRange(root, quote)?.toString()).toBe(wanted);
      expect(textPosition.toRange(root, position)?.toString()).toBe(wanted);
      const folio = anchor(text, selectors)!;
      expect(text.slice(folio.start, folio.end)).toBe(wanted);
    }
  });
});
