import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locationEnd, parseKindleClippings, splitTitle } from './kindle-clippings.ts';

const fixture = readFileSync(new URL('../../test/fixtures/my-clippings.txt', import.meta.url), 'utf8');

describe('parseKindleClippings', () => {
  const parsed = parseKindleClippings(fixture);

  it('reads an English-format file with a BOM and Windows line endings, one book per title', () => {
    expect(fixture.startsWith('\uFEFF')).toBe(true);
    expect(fixture).toContain('\r\n');
    expect(parsed.books.map((b) => [b.title, b.author])).toEqual([
      ['The Pragmatic Programmer', 'Andrew Hunt;David Thomas'],
      ['百年孤独', 'Gabriel García Márquez'],
      ['Dune (Dune Chronicles, Book 1)', 'Frank Herbert'],
    ]);
    expect(parsed.found).toBe(7);
  });

  it('keeps highlights and notes with page, location and date; skips bookmarks and empty highlights', () => {
    const [pragmatic, solitude, dune] = parsed.books;
    expect(pragmatic!.clippings).toEqual([
      {
        kind: 'highlight',
        location: '170-172',
        page: '12',
        added: 'Monday, March 4, 2019 10:12:38 PM',
        text: 'Care about your craft.',
      },
      {
        kind: 'note',
        location: '172',
        page: '12',
        added: 'Monday, March 4, 2019 10:13:01 PM',
        text: 'Remember this one.',
      },
    ]);
    // multi-line text keeps its line break, without the \r
    expect(solitude!.clippings).toHaveLength(1);
    expect(solitude!.clippings[0]!.text).toBe(
      'Muchos años después, frente al pelotón de fusilamiento,\nel coronel Aureliano Buendía había de recordar aquella tarde remota.',
    );
    expect(dune!.clippings.map((c) => [c.kind, c.location, c.text])).toEqual([
      ['highlight', '1170-72', 'Fear is the mind-killer.'],
      ['note', '500', 'A note on its own.'],
    ]);
    expect(dune!.clippings[0]!.page).toBeUndefined();
    expect(parsed.skipped).toBe(2);
  });

  it('reads Unix line endings and a file without a final separator the same way', () => {
    const unix = fixture.replace(/\r\n/g, '\n').replace(/==========\n$/, '');
    expect(parseKindleClippings(unix).books).toEqual(parsed.books);
  });

  it('finds nothing in a file that is not a clippings file', () => {
    expect(parseKindleClippings('hello\nworld\n')).toEqual({ books: [], found: 0, skipped: 0 });
    expect(parseKindleClippings('')).toEqual({ books: [], found: 0, skipped: 0 });
  });

  it('reads a PDF clipping that has a page and no location', () => {
    const text =
      'Report (ACME)\n- Your Highlight on page 7 | Added on Friday, 1 May 2020 10:00:00\n\nQuarterly figures\n==========\n';
    expect(parseKindleClippings(text).books[0]!.clippings[0]).toMatchObject({
      location: '',
      page: '7',
      text: 'Quarterly figures',
    });
  });
});

describe('splitTitle', () => {
  it('takes the last bracketed part as the author', () => {
    expect(splitTitle('Dune (Dune Chronicles, Book 1) (Frank Herbert)')).toEqual({
      title: 'Dune (Dune Chronicles, Book 1)',
      author: 'Frank Herbert',
    });
    expect(splitTitle('Personal document')).toEqual({ title: 'Personal document', author: '' });
    expect(splitTitle('Les Misérables (Victor Hugo)')).toEqual({
      title: 'Les Misérables',
      author: 'Victor Hugo',
    });
  });
});

describe('locationEnd', () => {
  it('gives where a note on the clipping would sit', () => {
    expect(locationEnd('170-172')).toBe('172');
    expect(locationEnd('1170-72')).toBe('1172');
    expect(locationEnd('172')).toBe('172');
    expect(locationEnd('')).toBe('');
  });
});
