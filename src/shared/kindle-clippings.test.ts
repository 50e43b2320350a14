import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  kindOf,
  locationEnd,
  parseKindleClippings,
  parseKindleDate,
  splitTitle,
} from './kindle-clippings.ts';

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
        date: '2019-03-04T22:12:38',
        text: 'Care about your craft.',
      },
      {
        kind: 'note',
        location: '172',
        page: '12',
        added: 'Monday, March 4, 2019 10:13:01 PM',
        date: '2019-03-04T22:13:01',
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
    const none = { books: [], found: 0, skipped: 0, unclassified: 0 };
    expect(parseKindleClippings('hello\nworld\n')).toEqual({ ...none, unreadable: 1 });
    expect(parseKindleClippings('')).toEqual({ ...none, unreadable: 0 });
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

const kindleFixture = (name: string) =>
  readFileSync(new URL(`../../test/fixtures/kindle/${name}`, import.meta.url), 'utf8');

/** [kind, location, page, date] of each clipping kept, book by book */
type Row = [string, string, string | undefined, string | undefined];
const rows = (name: string) =>
  parseKindleClippings(kindleFixture(name)).books.map((b) => [
    b.title,
    b.author,
    b.clippings.map((c): Row => [c.kind, c.location, c.page, c.date]),
  ]);

describe('parseKindleClippings in the devices’ languages', () => {
  // Each fixture is written as a device in that language writes it (BOM, CRLF, its words for
  // highlight, note, bookmark, page and location, its date format and dash).
  it.each<[string, unknown[]]>([
    [
      'de.txt',
      [
        [
          'Die Verwandlung',
          'Franz Kafka',
          [
            ['highlight', '60-62', '5', '2015-12-27T08:18:36'],
            ['note', '62', '5', '2015-12-27T08:19:02'],
          ],
        ],
        ['Der Prozess', 'Franz Kafka', [['highlight', '610-612', undefined, '2015-01-05T21:41:19']]],
      ],
    ],
    [
      'fr.txt',
      [
        [
          'Madame Bovary',
          'Gustave Flaubert',
          [
            ['highlight', '40-42', '3', '2017-08-16T02:14:10'],
            ['note', '42', '3', '2017-08-16T02:15:00'],
            ['highlight', '144-146', undefined, '2015-12-26T11:21:23'],
          ],
        ],
      ],
    ],
    [
      'es.txt',
      [
        [
          'Don Quijote de la Mancha',
          'Miguel de Cervantes',
          [
            ['highlight', '5-7', '1', '2022-08-30T19:40:15'],
            ['note', '7', '1', '2022-08-30T19:41:02'],
            ['highlight', '3116-3117', undefined, '2019-10-12T00:37:31'],
          ],
        ],
      ],
    ],
    [
      'it.txt',
      [
        [
          'I promessi sposi',
          'Alessandro Manzoni',
          [
            ['highlight', '10-12', '1', '2023-11-20T23:50:21'],
            ['note', '12', undefined, '2023-11-20T23:51:00'],
            ['highlight', '453-454', undefined, '2021-03-08T22:52:57'],
          ],
        ],
      ],
    ],
    [
      'pt.txt',
      [
        [
          'Dom Casmurro',
          'Machado de Assis',
          [
            ['highlight', '333-334', undefined, '2015-05-16T13:16:48'],
            ['note', '334', undefined, '2015-05-16T13:17:30'],
            ['highlight', '2829-2829', undefined, '2019-11-29T18:00:13'],
          ],
        ],
      ],
    ],
    [
      'nl.txt',
      [
        [
          'Max Havelaar',
          'Multatuli',
          [
            ['highlight', '10-12', '1', '2019-03-04T22:12:38'],
            ['note', '12', '1', '2019-03-04T22:13:01'],
          ],
        ],
      ],
    ],
    [
      'ru.txt',
      [
        [
          'Анна Каренина',
          'Лев Толстой',
          [
            ['highlight', '243-245', '8', '2016-02-26T11:00:57'],
            ['note', '245', '8', '2016-02-26T11:01:30'],
            ['highlight', '1234-1235', undefined, '2019-12-23T08:59:02'],
          ],
        ],
      ],
    ],
    [
      'ja.txt',
      [
        [
          '吾輩は猫である',
          '夏目漱石',
          [
            ['highlight', '5-7', '1', '2016-02-26T11:49:27'],
            ['note', '7', '1', '2023-06-10T09:18:40'],
            ['highlight', '38-39', undefined, '2017-08-28T17:51:55'],
          ],
        ],
      ],
    ],
    [
      'zh.txt',
      [
        [
          '呐喊',
          '鲁迅',
          [
            ['highlight', '77-78', '3', '2016-02-26T10:56:04'],
            ['note', '78', undefined, '2016-02-26T10:57:00'],
            ['highlight', '1103-1103', undefined, '2016-01-26T20:05:45'],
            ['note', '', '57', '2022-03-25T19:20:52'],
          ],
        ],
      ],
    ],
  ])('reads %s: kinds, locations, pages and dates', (name, expected) => {
    expect(rows(name)).toEqual(expected);
    const parsed = parseKindleClippings(kindleFixture(name));
    expect(parsed.unclassified).toBe(0);
    expect(parsed.unreadable).toBe(0);
  });

  it('skips the bookmarks of each language and counts them', () => {
    const counts = ['de', 'fr', 'es', 'ru', 'zh', 'it', 'pt', 'nl', 'ja'].map((lang) => {
      const { found, skipped } = parseKindleClippings(kindleFixture(`${lang}.txt`));
      return [lang, found, skipped];
    });
    expect(counts).toEqual([
      ['de', 4, 1],
      ['fr', 4, 1],
      ['es', 4, 1],
      ['ru', 4, 1],
      ['zh', 5, 1],
      ['it', 3, 0],
      ['pt', 3, 0],
      ['nl', 2, 0],
      ['ja', 3, 0],
    ]);
  });

  it('keeps the device text of the date without its label', () => {
    const [ru] = parseKindleClippings(kindleFixture('ru.txt')).books;
    expect(ru!.clippings[0]!.added).toBe('пятница, 26 февраля 2016 г. в 11:00:57');
    const [zh] = parseKindleClippings(kindleFixture('zh.txt')).books;
    expect(zh!.clippings[0]!.added).toBe('2016年2月26日星期五 上午10:56:04');
  });

  it('reads a file that mixes two languages into the same books', () => {
    const parsed = parseKindleClippings(kindleFixture('de-ru.txt'));
    expect(rows('de-ru.txt')).toEqual([
      [
        'Der Prozess',
        'Franz Kafka',
        [
          ['highlight', '10-12', '1', '2015-01-05T21:41:19'],
          // written on a Russian device, at the end of the German highlight
          ['note', '12', undefined, '2024-02-28T10:07:53'],
          ['note', '610-612', undefined, '2015-01-05T21:42:03'],
        ],
      ],
      ['Анна Каренина', 'Лев Толстой', [['highlight', '900-930', undefined, '2024-02-28T10:10:00']]],
    ]);
    expect([parsed.found, parsed.skipped, parsed.unclassified]).toEqual([4, 0, 0]);
  });

  it('keeps a clipping of no known kind as a highlight and counts it; never drops one silently', () => {
    // not a device's wording: a language the parser knows no words of
    const text = [
      'Kniha (Autor)',
      '- Xyzzy 12 | Plugh 170-172 | Frobozz 2019',
      '',
      'Text of a clipping in an unknown language.',
      '==========',
      'Kniha (Autor)',
      '- Xyzzy 20 | Plugh 300',
      '',
      '',
      '==========',
      'A block with no metadata line',
      'just text',
      '==========',
      '',
    ].join('\r\n');
    const parsed = parseKindleClippings(text);
    expect(parsed.books).toEqual([
      {
        title: 'Kniha',
        author: 'Autor',
        clippings: [
          {
            kind: 'highlight',
            location: '12',
            added: 'Frobozz 2019',
            text: 'Text of a clipping in an unknown language.',
          },
        ],
      },
    ]);
    expect(parsed).toMatchObject({ found: 2, skipped: 1, unclassified: 1, unreadable: 1 });
  });

  it('reads Unix line endings and a file without BOM or final separator alike', () => {
    for (const name of ['ru.txt', 'ja.txt', 'de-ru.txt']) {
      const text = kindleFixture(name);
      const bare = text
        .replace(/\uFEFF/g, '')
        .replace(/\r\n/g, '\n')
        .replace(/==========\n$/, '');
      expect(parseKindleClippings(bare)).toEqual(parseKindleClippings(text));
    }
  });
});

describe('kindOf', () => {
  it('takes the first kind word of the line, whole words only in Latin script', () => {
    expect(kindOf('- Your Note on Location 500 | Added on Monday')).toBe('note');
    expect(kindOf('- La nota en la página 1 | posición 7')).toBe('note');
    expect(kindOf('- Sua nota ou posição 334')).toBe('note');
    expect(kindOf('- Votre signet sur la page 10')).toBe('bookmark');
    expect(kindOf('- Tu marcador en la posición 1060')).toBe('bookmark');
    expect(kindOf('– Ваша закладка на странице 20')).toBe('bookmark');
    expect(kindOf('- 您在位置 #1680 的书签')).toBe('bookmark');
    expect(kindOf('- 1ページ|位置No. 7のメモ |作成日: 2023年6月10日')).toBe('note');
    // 'notable' holds 'nota' and 'note' is not 'notes': neither is a kind word
    expect(kindOf('- Notable 12 | Notes 13')).toBeUndefined();
  });
});

describe('parseKindleDate', () => {
  it('reads the devices’ date formats', () => {
    expect(parseKindleDate('Monday, March 4, 2019 12:05:00 AM')).toBe('2019-03-04T00:05:00');
    expect(parseKindleDate('Monday, March 4, 2019 12:05:00 PM')).toBe('2019-03-04T12:05:00');
    expect(parseKindleDate('Friday, 1 May 2020 10:00:00')).toBe('2020-05-01T10:00:00');
    expect(parseKindleDate('Wednesday, March 6, 2019, 09:00 PM')).toBe('2019-03-06T21:00:00');
    expect(parseKindleDate('Montag, 3. Oktober 2016 10:11:12')).toBe('2016-10-03T10:11:12');
    expect(parseKindleDate('2018年12月31日星期一 下午11:56:41')).toBe('2018-12-31T23:56:41');
    expect(parseKindleDate('2016年3月16日星期三 上午12:50:22')).toBe('2016-03-16T00:50:22');
  });

  it('gives no date when the text cannot be read', () => {
    expect(parseKindleDate('Monday, 3 December 12 19:51:33 Greenwich Mean Time')).toBeUndefined();
    expect(parseKindleDate('Thursday')).toBeUndefined();
    expect(parseKindleDate('31 Smarch 2019 10:00:00')).toBeUndefined();
    expect(parseKindleDate('Friday, February 30, 2024 10:00:00')).toBeUndefined();
    expect(parseKindleDate('Friday, 1 May 2020 25:00:00')).toBeUndefined();
  });
});
