import {
  cleanTags,
  cleanText,
  httpUrl,
  type ImportHighlight,
  isTruthy,
  newEntry,
  type Parsed,
  parseDate,
} from '../entry.ts';
import { fieldsOf, jsonValues } from '../json-stream.ts';
import { bookmarkAt, type ImportFile } from '../source.ts';

/**
 * Wallabag's JSON: an array of entries `{title, url, given_url, content (the article's HTML),
 * is_archived, is_starred, is_public, tags[], created_at, annotations[{text, quote, ranges}]}`. The
 * stored article becomes the page copy, so a dead link keeps its text.
 */
export async function* parseWallabag(file: ImportFile): AsyncGenerator<Parsed> {
  let index = 0;
  for await (const { value } of jsonValues(file, ['$.*'], 'a Wallabag JSON file')) {
    index += 1;
    const w = fieldsOf(value);
    const raw = w.url ?? w.given_url ?? w.origin_url;
    const url = httpUrl(raw);
    const annotations = Array.isArray(w.annotations) ? w.annotations : [];
    const highlights: ImportHighlight[] = annotations
      .map((a) => fieldsOf(a))
      .map((a) => ({
        quote: cleanText(a.quote),
        note: cleanText(a.text) || undefined,
        created: parseDate(a.created_at),
      }))
      .filter((h) => h.quote);
    const content = typeof w.content === 'string' && w.content.trim() ? w.content : undefined;
    const tags = Array.isArray(w.tags)
      ? w.tags.map((t) => (typeof t === 'string' ? t : fieldsOf(t).label))
      : [];
    yield bookmarkAt(
      { entry: index },
      newEntry({
        url,
        title: cleanText(w.title) || url || '',
        tags: cleanTags(tags),
        created: parseDate(w.created_at),
        read: isTruthy(w.is_archived),
        starred: isTruthy(w.is_starred),
        private: w.is_public === undefined ? undefined : !isTruthy(w.is_public),
        highlights,
        pageCopy: content,
      }),
      raw,
    );
  }
}
