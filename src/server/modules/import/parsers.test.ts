import { describe, expect, it } from 'vitest';
import { fixtureFile, parseAll, zipFile } from '../../../../test/helpers/import-files.ts';
import { parseDiigoCsv, parseDiigoZip } from './parsers/diigo.ts';
import { parseHypothesis } from './parsers/hypothesis.ts';
import { parseInstapaper } from './parsers/instapaper.ts';
import { parseKarakeep } from './parsers/karakeep.ts';
import { parseLinkwarden } from './parsers/linkwarden.ts';
import { parseNetscape } from './parsers/netscape.ts';
import { parseOmnivore } from './parsers/omnivore.ts';
import { parsePinboard } from './parsers/pinboard.ts';
import { parsePocketCsv, parsePocketZip } from './parsers/pocket.ts';
import { parseRaindrop } from './parsers/raindrop.ts';
import { parseReadwiseHighlights, parseReadwiseReader } from './parsers/readwise.ts';
import { parseWallabag } from './parsers/wallabag.ts';

const byUrl = <T extends { url: string | null }>(entries: T[], url: string) =>
  entries.filter((e) => e.url === url);

describe('Netscape bookmarks', () => {
  it('reads links with their folder path, tags, dates, privacy and description', async () => {
    const { entries, problems } = await parseAll(parseNetscape, fixtureFile('netscape.html'));
    expect(entries.map((e) => e.title)).toEqual([
      'Gardens & Walls',
      'Async Book — Rust',
      'Rustonomicon',
      '日本のページ',
      'Gardens again',
      'https://example.net/no-title',
    ]);
    const [gardens, async, nomicon, japanese] = entries;
    expect(gardens).toMatchObject({
      folder: ['Reading'],
      tags: ['garden', 'essay'],
      description: 'A long essay about walled gardens.',
      created: new Date(1_700_000_200_000),
    });
    expect(async).toMatchObject({ folder: ['Reading', 'Rust', 'Async'], private: true, read: false });
    expect(nomicon!.folder).toEqual(['Reading', 'Rust']);
    expect(japanese!.folder).toEqual([]);
    expect(japanese!.url).toBe('https://xn--r8jz45g.jp/%E3%83%9A%E3%83%BC%E3%82%B8');
    expect(japanese!.tags).toEqual(['日本語']);
    // the duplicate is read as it is (the writer merges it); the bookmarklet is a problem
    expect(byUrl(entries, 'https://example.com/essays/gardens')).toHaveLength(2);
    expect(problems).toEqual([{ problem: 'Not a web address: javascript:alert(1)', at: { entry: 3 } }]);
  });

  it('reads a one-line export and Pocket headings the same way', async () => {
    const { bytesFile } = await import('./source.ts');
    const oneLine =
      '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><DT><A HREF="https://a.example/" ADD_DATE="1">A</A><DT><A HREF="https://b.example/">B</A></DL>';
    expect((await parseAll(parseNetscape, bytesFile(oneLine, 5))).entries.map((e) => e.url)).toEqual([
      'https://a.example/',
      'https://b.example/',
    ]);
    const pocket =
      '<!DOCTYPE html><html><body><h1>Unread</h1><ul><li><a href="https://u.example/" time_added="1700000000" tags="x">U</a></li></ul><h1>Read Archive</h1><ul><li><a href="https://r.example/" time_added="1700000001">R</a></li></ul></body></html>';
    const { entries } = await parseAll(parseNetscape, bytesFile(pocket, 13));
    expect(entries.map((e) => [e.url, e.read, e.tags])).toEqual([
      ['https://u.example/', undefined, ['x']],
      ['https://r.example/', true, []],
    ]);
  });
});

describe('CSV formats', () => {
  it('Pocket CSV and its zip of parts', async () => {
    const { entries, problems } = await parseAll(parsePocketCsv, fixtureFile('pocket.csv'));
    expect(entries.map((e) => [e.title, e.tags, e.read])).toEqual([
      ['Café culture', ['food', 'travel'], false],
      ['https://example.com/untitled', [], true],
      ['A "quoted" title, with a comma', ['reading'], false],
      ['Café culture', ['food'], false],
    ]);
    expect(entries[0]!.created).toEqual(new Date(1_700_000_000_000));
    expect(problems).toEqual([{ problem: 'Not a web address: not a url', at: { line: 5 } }]);
    const zipped = await parseAll(parsePocketZip, zipFile('pocket-zip'));
    expect(zipped.entries.map((e) => e.url)).toEqual([
      'https://example.com/pz/1',
      'https://example.com/pz/2',
      'https://example.com/pz/3',
    ]);
  });

  it('Instapaper CSV: folders, archive, starred, JSON tags', async () => {
    const { entries, problems } = await parseAll(parseInstapaper, fixtureFile('instapaper.csv'));
    expect(entries.map((e) => [e.title, e.read, e.starred, e.folder, e.tags])).toEqual([
      ['Ångström units', false, false, [], ['science']],
      ['Archived one', true, false, [], []],
      ['Starred one', false, true, [], ['fav', 'later']],
      ['In a folder', false, false, ['Physics'], []],
    ]);
    expect(entries[0]!.description).toBe('A selected sentence.');
    expect(problems).toEqual([{ problem: 'This entry has no web address.', at: { line: 6 } }]);
  });

  it('Raindrop CSV: folder paths with both separators, favourites, notes and highlights', async () => {
    const { entries, problems } = await parseAll(parseRaindrop, fixtureFile('raindrop.csv'));
    expect(entries.map((e) => e.folder)).toEqual([
      ['Work', 'Focus', 'Deep'],
      [],
      ['Apps/Services', 'AI Tools & Services', 'AI Apps'],
      ['Work', 'Focus', 'Deep'],
    ]);
    const [deep] = entries;
    expect(deep).toMatchObject({
      starred: true,
      description: 'Short excerpt',
      note: 'A long note that goes on for a while, longer than the excerpt.',
      tags: ['focus', 'work'],
      created: new Date('2024-01-02T03:04:05.123Z'),
      highlights: [{ quote: 'Deep work is rare.', note: 'and valuable' }, { quote: 'Attention residue' }],
    });
    expect(entries[1]!.created).toEqual(new Date(1_704_164_645_000));
    expect(entries[3]!.highlights).toEqual([{ quote: 'Deep work is rare.' }]);
    // a record ends on the line its last field ends (the first spans lines 2 to 4)
    expect(problems).toEqual([{ problem: 'Not a web address: mailto:someone@example.com', at: { line: 7 } }]);
  });

  it('Readwise Reader CSV: Python lists, progress either scale, feed rows left out', async () => {
    const { entries, problems } = await parseAll(parseReadwiseReader, fixtureFile('readwise-reader.csv'));
    expect(entries.map((e) => [e.title, e.tags, e.read, e.starred])).toEqual([
      ['Über alles', ['tag1', 'two words'], false, false],
      ['Done reading', [], true, false],
      ['Shortlisted', ['a'], true, true],
    ]);
    expect(entries[0]!.created).toEqual(new Date('2026-03-14T23:55:23.291Z'));
    expect(problems).toHaveLength(1);
  });

  it('Readwise highlights CSV: a book entry per book with located highlights', async () => {
    const { entries, problems } = await parseAll(
      parseReadwiseHighlights,
      fixtureFile('readwise-highlights.csv'),
    );
    expect(entries.map((e) => [e.kind, e.title, e.author, e.highlights.length])).toEqual([
      ['book', 'Thinking in Systems', 'Donella Meadows', 2],
      ['book', 'Le Petit Prince', 'Antoine de Saint-Exupéry', 1],
    ]);
    expect(entries[0]!.highlights[0]).toMatchObject({
      quote: 'The first highlight, with a comma.',
      note: 'My note\n#systems #favorite',
      color: 'yellow',
      location: 'location 1234',
    });
    expect(problems).toEqual([{ problem: 'This highlight has no text.', at: { line: 4 } }]);
  });

  it('Diigo CSV and zip: highlights with sticky notes, tags by comma or space', async () => {
    const { entries, problems } = await parseAll(parseDiigoCsv, fixtureFile('diigo.csv'));
    expect(entries.map((e) => e.tags)).toEqual([['research', 'web'], ['one', 'two', 'three four'], []]);
    expect(entries[0]).toMatchObject({
      note: 'A comment',
      description: 'A description',
      created: new Date('2019-01-02T03:04:05Z'),
      highlights: [{ quote: 'first quote', note: 'note on first' }, { quote: 'second quote' }],
    });
    expect(problems).toHaveLength(1);
    expect((await parseAll(parseDiigoZip, zipFile('diigo-zip'))).entries).toHaveLength(3);
  });
});

describe('JSON formats', () => {
  it('Pinboard JSON', async () => {
    const { entries, problems } = await parseAll(parsePinboard, fixtureFile('pinboard.json'));
    expect(entries.map((e) => [e.title, e.private, e.read, e.tags])).toEqual([
      ['Pinned: one ✓', true, false, ['alpha', 'beta']],
      ['https://example.com/pin/two', false, true, []],
      ['Pinned: one again', true, true, ['gamma']],
    ]);
    expect(entries[2]!.created).toBeUndefined();
    expect(problems).toEqual([{ problem: 'Not a web address: ftp://example.com/file', at: { entry: 3 } }]);
  });

  it('Karakeep JSON: lists after bookmarks become folder paths; text bookmarks become notes', async () => {
    const { entries, problems } = await parseAll(parseKarakeep, fixtureFile('karakeep.json'));
    expect(entries.map((e) => [e.kind, e.title, e.folder, e.tags])).toEqual([
      ['bookmark', 'Page title ☕', ['Reading', 'Science', 'Physics'], ['a', 'b', 'Reading']],
      ['note', 'A text note', [], []],
      ['bookmark', 'https://example.com/kk/archived', [], ['c']],
      ['bookmark', 'Page title again', [], ['d']],
    ]);
    expect(entries[0]!.created).toEqual(new Date(1_786_749_772_000));
    expect(entries[1]!.description).toBe('Remember the milk.');
    expect(entries[2]).toMatchObject({ read: true, note: 'A note on it' });
    expect(problems).toEqual([{ problem: 'This entry has no web address.', at: { entry: 4 } }]);
  });

  it('Linkwarden backup.json: nested collections, pinned links starred, public collections', async () => {
    const { entries, problems } = await parseAll(parseLinkwarden, fixtureFile('linkwarden.json'));
    expect(entries.map((e) => [e.title, e.folder, e.starred, e.private])).toEqual([
      ['Top link — ünïcode', ['Top'], false, false],
      ['https://example.com/lw/middle', ['Top', 'Middle'], false, true],
      ['Pinned', ['Top', 'Middle', 'Bottom'], true, true],
      ['Top link again', ['Top', 'Middle', 'Bottom'], false, true],
    ]);
    expect(entries[2]!.created).toEqual(new Date('2020-01-01T00:00:00.000Z'));
    expect(entries[2]!.tags).toEqual(['beta', 'gamma']);
    expect(problems).toEqual([{ problem: 'This entry has no web address.', at: { entry: 3 } }]);
  });

  it('Wallabag JSON: the article becomes the page copy, annotations highlights', async () => {
    const { entries, problems } = await parseAll(parseWallabag, fixtureFile('wallabag.json'));
    expect(entries.map((e) => [e.title, e.read, e.starred, e.tags])).toEqual([
      ['An archived article', true, false, ['news', 'animals']],
      ['https://example.com/wb/starred', false, true, []],
      ['An archived article (again)', false, false, ['dupes']],
    ]);
    expect(entries[0]!.pageCopy).toContain('The quick brown fox');
    expect(entries[0]!.highlights).toEqual([
      { quote: 'quick brown fox', note: 'a comment', created: undefined },
    ]);
    expect(entries[1]!.pageCopy).toBeUndefined();
    expect(problems).toHaveLength(1);
  });

  it('Hypothesis JSON: a page per URI, selectors kept, replies in the note, page notes, PDFs listed', async () => {
    const { entries, problems } = await parseAll(parseHypothesis, fixtureFile('hypothesis.json'));
    expect(entries.map((e) => e.url)).toEqual([
      'https://example.com/hy/page',
      'https://example.org/hy/other',
    ]);
    expect(entries[0]).toMatchObject({
      title: 'A page — with a dash',
      tags: ['logic', 'meta'],
      floatNote: 'A page note without a quote',
      highlights: [
        {
          quote: 'quick brown fox',
          prefix: 'The ',
          suffix: ' jumps',
          position: { start: 4, end: 19 },
          note: 'Nice point\n\nI agree',
        },
      ],
    });
    expect(problems).toEqual([
      { problem: 'A PDF annotation (A paper): upload the PDF to keep it.', at: { entry: 4 } },
    ]);
  });
});

describe('Omnivore zip', () => {
  it('joins metadata, content and highlight Markdown by slug', async () => {
    const { entries, problems } = await parseAll(parseOmnivore, zipFile('omnivore'));
    const fox = entries.find((e) => e.title === 'The fox article')!;
    expect(fox).toMatchObject({ read: true, tags: ['animals', 'Newsletter'], description: 'About a fox' });
    expect(fox.pageCopy).toContain('quick brown fox');
    expect(fox.highlights).toEqual([
      { quote: 'quick brown fox', note: '#animals\nA note on the fox.' },
      { quote: 'Foxes are clever animals\nthat live almost everywhere', note: 'A note-only paragraph.' },
    ]);
    const paper = entries.find((e) => e.title === 'A paper (PDF)')!;
    expect(paper.file?.name).toBe('a-paper.pdf');
    expect(entries.find((e) => e.url === 'https://example.com/om/plain')!.tags).toEqual(['object-label']);
    expect(entries).toHaveLength(3);
    expect(problems).toEqual([{ problem: 'Not a web address: about:blank', at: { entry: 4 } }]);
  });
});
