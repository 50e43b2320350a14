import { describe, expect, it } from 'vitest';
import { fixtureFile, zipFile } from '../../../../test/helpers/import-files.ts';
import { detectFormat } from './detect.ts';
import { bytesFile } from './source.ts';

describe('recognising a file by its content', () => {
  it.each([
    ['netscape.html', 'netscape'],
    ['pocket.csv', 'pocket_csv'],
    ['pinboard.json', 'pinboard'],
    ['instapaper.csv', 'instapaper'],
    ['raindrop.csv', 'raindrop'],
    ['readwise-reader.csv', 'readwise_reader'],
    ['readwise-highlights.csv', 'readwise_highlights'],
    ['karakeep.json', 'karakeep'],
    ['linkwarden.json', 'linkwarden'],
    ['wallabag.json', 'wallabag'],
    ['hypothesis.json', 'hypothesis'],
    ['diigo.csv', 'diigo_csv'],
  ])('%s is %s', async (name, format) => {
    expect(await detectFormat(fixtureFile(name))).toBe(format);
  });

  it.each([
    ['pocket-zip', 'pocket_zip'],
    ['omnivore', 'omnivore'],
    ['diigo-zip', 'diigo_zip'],
  ])('a zip of %s is %s', async (folder, format) => {
    expect(await detectFormat(zipFile(folder))).toBe(format);
  });

  it('Kindle clippings, OPML, a byte-order mark, and files it cannot read', async () => {
    const clippings =
      'Book (Author)\r\n- Your Highlight on page 1 | Location 1-2 | Added on Monday\r\n\r\nText\r\n==========\r\n';
    expect(await detectFormat(bytesFile(clippings))).toBe('kindle');
    expect(await detectFormat(bytesFile('<?xml version="1.0"?>\n<opml version="2.0"><body/></opml>'))).toBe(
      'opml',
    );
    expect(await detectFormat(bytesFile('\uFEFFtitle,url,time_added,cursor,tags,status\n'))).toBe(
      'pocket_csv',
    );
    for (const text of [
      '',
      'hello world',
      '{"some":"json"}',
      '[1,2,3]',
      'a,b,c\n1,2,3',
      '<html><p>no links</p></html>',
    ]) {
      expect(await detectFormat(bytesFile(text))).toBeUndefined();
    }
  });
});
