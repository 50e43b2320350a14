import { describe, expect, it } from 'vitest';
import { decodeOutlinerId, encodeOutlinerId, outlinerPath } from './code.ts';
import { type ExportEntry, toMarkdown, toOpml } from './export.ts';
import { insertPosition, isPosition, keyBetween, keysBetween, MAX_POSITION_LENGTH } from './positions.ts';

describe('outliner id code', () => {
  it('is (id*1234+98765) in base 36, both ways', () => {
    expect(encodeOutlinerId(1)).toBe((1234 + 98765).toString(36));
    for (const id of [1, 2, 77, 123456, 2 ** 40]) expect(decodeOutlinerId(encodeOutlinerId(id))).toBe(id);
  });
  it('refuses codes no outliner has', () => {
    for (const code of ['', 'zz', '255s', 'ABC', '255r/', '-1', 'x'.repeat(40)])
      expect(decodeOutlinerId(code)).toBeNull();
  });
  it('turns slashes in the title into dashes', () => {
    expect(outlinerPath(1, 'a/b c')).toBe(`/o/${encodeOutlinerId(1)}/a-b%20c`);
  });
});

describe('fractional keys', () => {
  it('sorts a key between its neighbours, and at both ends', () => {
    const a = keyBetween(null, null);
    const b = keyBetween(a, null);
    const before = keyBetween(null, a);
    const mid = keyBetween(a, b);
    expect([before, a, mid, b].every(isPosition)).toBe(true);
    expect(before < a && a < mid && mid < b).toBe(true);
    expect(() => keyBetween(b, a)).toThrow();
  });
  it('makes n keys in order', () => {
    const keys = keysBetween('a0', 'a1', 50);
    expect([...keys].sort()).toEqual(keys);
    expect(keys[0]! > 'a0' && keys[49]! < 'a1').toBe(true);
  });
  it('keeps thousands of appends and prepends short', () => {
    let last: string | null = null;
    let first: string | null = null;
    for (let i = 0; i < 5000; i++) {
      last = keyBetween(last, null);
      first = keyBetween(null, first);
    }
    expect(last!.length).toBeLessThan(6);
    expect(first!.length).toBeLessThan(6);
  });
  it('keeps thousands of inserts at one place short, in order', () => {
    for (const place of ['after-first', 'after-new'] as const) {
      let keys = ['a0', 'a1'];
      let at = 1;
      for (let i = 0; i < 3000; i++) {
        const placed = insertPosition(keys, at);
        if (placed.respaced) keys = placed.respaced;
        else keys.splice(at, 0, placed.position);
        if (place === 'after-new') at += 1;
        expect(placed.position.length).toBeLessThanOrEqual(MAX_POSITION_LENGTH);
      }
      expect([...keys].sort()).toEqual(keys);
      expect(new Set(keys).size).toBe(keys.length);
      expect(Math.max(...keys.map((k) => k.length))).toBeLessThanOrEqual(MAX_POSITION_LENGTH);
    }
  });
});

const entry = (e: Partial<ExportEntry> & { id: number }): ExportEntry => ({
  parent_id: null,
  position: `a${e.id}`,
  kind: 'text',
  text: '',
  note: '',
  title: null,
  url: null,
  quote: null,
  ...e,
});
const tree = [
  entry({ id: 2, text: 'second' }),
  entry({ id: 1, text: 'first & <b>', note: 'a note' }),
  entry({ id: 3, parent_id: 1, kind: 'item', text: 'old', title: 'A [page]', url: 'https://x.test/a (b)' }),
  entry({ id: 4, parent_id: 3, kind: 'highlight', text: 'q', quote: 'the quote' }),
];

describe('export', () => {
  it('writes a Markdown list in tree order', () => {
    expect(toMarkdown({ title: 'T', description: '' }, tree)).toBe(
      '# T\n\n- first & <b>\n  a note\n  - [A \\[page\\]](https://x.test/a%20%28b%29)\n    - > the quote\n- second\n',
    );
  });
  it('writes OPML with escaped attributes and nesting', () => {
    const opml = toOpml({ title: 'T & U', description: '' }, tree);
    expect(opml).toContain('<title>T &amp; U</title>');
    expect(opml).toContain('<outline text="first &amp; &lt;b&gt;" _note="a note">');
    expect(opml).toContain('type="link" url="https://x.test/a (b)"');
    expect(opml.indexOf('first')).toBeLessThan(opml.indexOf('second'));
  });
});
