import { cleanTags, cleanText, httpUrl, newEntry, type Parsed, parseDate } from '../entry.ts';
import { fieldsOf, jsonValues } from '../json-stream.ts';
import { bookmarkAt, type ImportFile } from '../source.ts';

/**
 * Pinboard's JSON: an array of `{href, description (the title), extended, time, shared, toread,
 * tags (space-separated)}`.
 */
export async function* parsePinboard(file: ImportFile): AsyncGenerator<Parsed> {
  let index = 0;
  for await (const { value } of jsonValues(file, ['$.*'], 'a Pinboard JSON file')) {
    index += 1;
    const p = fieldsOf(value);
    const url = httpUrl(p.href);
    yield bookmarkAt(
      { entry: index },
      newEntry({
        url,
        title: cleanText(p.description) || url || '',
        description: cleanText(p.extended),
        tags: cleanTags(cleanText(p.tags).split(/\s+/)),
        created: parseDate(p.time),
        private: p.shared === undefined ? undefined : cleanText(p.shared) === 'no',
        read: p.toread === undefined ? undefined : cleanText(p.toread) !== 'yes',
      }),
      p.href,
    );
  }
}
