import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { unzipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { visualOrder } from './bidi.ts';
import type { ExportItem } from './content.ts';
import { noteParagraphs } from './content.ts';
import { itemMarkdown, markdownZip, singleMarkdown } from './markdown.ts';
import { buildPdf } from './pdf.ts';
import { previewOf } from './preview.ts';
import { buildWord, WORD_HIGHLIGHT } from './word.ts';

const photo = readFileSync(new URL('../../../../test/fixtures/uploads/photo.jpg', import.meta.url));
const square = readFileSync(new URL('../../../../test/fixtures/uploads/blue-square.png', import.meta.url));

const HEBREW = 'שלום עולם';
const ARABIC = 'مرحبا بالعالم';

function sample(): ExportItem[] {
  const base = { createdAt: new Date('2026-01-02T03:04:05Z'), updatedAt: new Date('2026-02-03T04:05:06Z') };
  return [
    {
      ...base,
      id: 1,
      type: 'bookmark',
      title: 'Café & Crème <Ünïcödé> 日本語',
      url: 'https://example.com/a?b=1&c=2',
      description: 'A description with "quotes"',
      tags: ['reading', 'ünïcode'],
      note: [],
      highlights: [
        { quote: 'Yellow highlight text', color: 'yellow', notes: ['A sticky note on yellow'] },
        { quote: 'Blue highlight text', color: 'blue', notes: [] },
        { quote: 'Green highlight text', color: 'green', notes: ['Green note'] },
        { quote: 'Pink highlight text', color: 'pink', notes: [] },
      ],
    },
    {
      ...base,
      id: 2,
      type: 'note',
      title: HEBREW,
      url: '',
      description: '',
      tags: [],
      note: [`${HEBREW} 2026`, 'Ελληνικά Кириллица'],
      highlights: [{ quote: ARABIC, color: 'green', notes: [HEBREW] }],
    },
    {
      ...base,
      id: 3,
      type: 'image',
      title: 'A photo',
      url: 'https://example.com/photo.jpg',
      description: '',
      tags: ['pictures'],
      note: [],
      highlights: [],
      picture: async () => photo,
    },
  ];
}

async function* from(items: ExportItem[]) {
  yield* items;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), disableFontFace: true, verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
  }
  await doc.destroy();
  return text;
}

describe('PDF builder', () => {
  it('writes a PDF whose text pdf.js reads back: titles, tags, every highlight and note, unicode and RTL', async () => {
    const pdf = await bytesOf(buildPdf(from(sample())));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const s of [
      'Café & Crème <Ünïcödé> 日本語'.replace('日本語', ''),
      'https://example.com/a?b=1&c=2',
      'Tags: reading, ünïcode',
      'Yellow highlight text',
      'Blue highlight text',
      'Green highlight text',
      'Pink highlight text',
      'Note: A sticky note on yellow',
      'Ελληνικά Кириллица',
      'A photo',
    ]) {
      expect(text).toContain(s.trim());
    }
    // right-to-left lines are drawn in visual order: pdf.js reads each word's letters back as drawn
    // (Arabic's lam-alef ligature maps back to its two letters in logical order, so one word is checked)
    for (const word of [...HEBREW.split(' '), 'مرحبا']) {
      expect(text).toContain([...word].reverse().join(''));
    }
    expect(visualOrder(`${HEBREW} 2026`)).toBe(`2026 ${[...HEBREW].reverse().join('')}`);
  });

  it('embeds the picture fitted into 200x200', async () => {
    const items = sample().slice(2);
    const pdf = (await bytesOf(buildPdf(from(items)))).toString('latin1');
    const sizes = [...pdf.matchAll(/\/Subtype \/Image[\s\S]*?>>/g)].map((m) => m[0]);
    expect(sizes.length).toBeGreaterThan(0);
    for (const dict of sizes) {
      expect(Number(/\/Width (\d+)/.exec(dict)![1])).toBeLessThanOrEqual(200);
      expect(Number(/\/Height (\d+)/.exec(dict)![1])).toBeLessThanOrEqual(200);
    }
  });

  it('makes a valid PDF of no items', async () => {
    const text = await pdfText(await bytesOf(buildPdf(from([]))));
    expect(text).toContain('No items.');
  });
});

describe('Word builder', () => {
  it('writes a Word package whose document XML holds the text, highlight colours and RTL marks', async () => {
    const files = unzipSync(new Uint8Array(await bytesOf(buildWord(from(sample())))));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        '[Content_Types].xml',
        '_rels/.rels',
        'word/document.xml',
        'word/_rels/document.xml.rels',
      ]),
    );
    const xml = new TextDecoder().decode(files['word/document.xml']);
    expect(xml).toContain('Café &amp; Crème &lt;Ünïcödé&gt; 日本語');
    for (const color of ['yellow', 'blue', 'green', 'pink']) {
      expect(xml).toContain(`${color[0]!.toUpperCase()}${color.slice(1)} highlight text`);
      expect(xml).toContain(`<w:highlight w:val="${WORD_HIGHLIGHT[color]}"/>`);
    }
    expect(xml).toContain('A sticky note on yellow');
    expect(xml).toContain(HEBREW);
    expect(xml).toContain(ARABIC);
    expect(xml).toContain('<w:bidi/>');
    expect(xml).toContain('<w:rtl/>');
    const rels = new TextDecoder().decode(files['word/_rels/document.xml.rels']);
    expect(rels).toContain('Target="https://example.com/a?b=1&amp;c=2"');
    // the picture, at most 624 px wide (extent in EMU: 9525 per pixel)
    const media = Object.keys(files).filter((f) => f.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    const cx = Number(/<wp:extent cx="(\d+)"/.exec(xml)![1]);
    expect(cx / 9525).toBeLessThanOrEqual(624);
  });

  it('keeps a wide picture at 624 px', async () => {
    const wide = sample()[2]!;
    const sharp = (await import('sharp')).default;
    const big = await sharp(square).resize(1200, 300, { fit: 'fill' }).png().toBuffer();
    const files = unzipSync(
      new Uint8Array(await bytesOf(buildWord(from([{ ...wide, picture: async () => big }])))),
    );
    const xml = new TextDecoder().decode(files['word/document.xml']);
    expect(Number(/<wp:extent cx="(\d+)" cy="(\d+)"/.exec(xml)![1]) / 9525).toBe(624);
  });
});

describe('Markdown builder', () => {
  it('writes front matter and highlights as block quotes with their notes', () => {
    const md = itemMarkdown(sample()[0]!);
    expect(md).toMatch(
      /^---\ntitle: "Café & Crème <Ünïcödé> 日本語"\nurl: "https:\/\/example.com\/a\?b=1&c=2"\n/,
    );
    expect(md).toContain('tags: ["reading", "ünïcode"]');
    expect(md).toContain('created: 2026-01-02T03:04:05.000Z');
    expect(md).toContain('updated: 2026-02-03T04:05:06.000Z');
    for (const color of ['Yellow', 'Blue', 'Green', 'Pink'])
      expect(md).toContain(`> ${color} highlight text`);
    expect(md).toContain('> Yellow highlight text\n> <!-- yellow -->\n\n**Note:** A sticky note on yellow');
  });

  it('keeps right-to-left text and notes', () => {
    const md = itemMarkdown(sample()[1]!);
    expect(md).toContain(`title: "${HEBREW}"`);
    expect(md).toContain(`> ${ARABIC}`);
    expect(md).toContain(`**Note:** ${HEBREW}`);
  });

  it('exports one item as its text and several as a zip of .md files', async () => {
    const one = (await bytesOf(await singleMarkdown(from(sample().slice(0, 1))))).toString('utf8');
    expect(one).toContain('> Pink highlight text');
    const same = { ...sample()[2]!, id: 4 };
    const files = unzipSync(new Uint8Array(await bytesOf(markdownZip(from([...sample(), same])))));
    expect(Object.keys(files).sort()).toEqual(
      ['A photo (2).md', 'A photo.md', 'Café & Crème Ünïcödé 日本語.md', `${HEBREW}.md`].sort(),
    );
  });
});

describe('preview and notes', () => {
  it('escapes every text in the HTML preview', () => {
    const { html, text } = previewOf([{ ...sample()[0]!, description: '<script>alert(1)</script>' }]);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<mark data-color="pink">Pink highlight text</mark>');
    expect(text).toContain('Note: A sticky note on yellow');
  });

  it('reads a rich note as paragraphs', () => {
    expect(noteParagraphs('<p>One &amp; two</p><ul><li>three</li></ul>four<br>five', true)).toEqual([
      'One & two',
      'three',
      'four',
      'five',
    ]);
    expect(noteParagraphs('a\n\nb', false)).toEqual(['a', 'b']);
  });
});
