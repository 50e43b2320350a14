import { cleanTags, cleanText, httpUrl, isTruthy, newEntry, type Parsed, parseDate } from '../entry.ts';
import { fieldsOf, jsonValues } from '../json-stream.ts';
import { bookmarkAt, type ImportFile } from '../source.ts';
import { folderPaths } from './folders.ts';

const WHAT = 'a Karakeep JSON file';

/**
 * Karakeep's JSON: `{bookmarks: [{createdAt (seconds), title, tags, lists (ids), content: {type:
 * link, url} | {type: text, text}, note, archived}], lists: [{id, name, parentId}]}`. Read twice: the
 * lists first (they may follow the bookmarks; the first pass drops each bookmark as it is read), then
 * the bookmarks one by one. A bookmark in several
 * lists takes the first as its folder and the others' names as tags.
 */
export async function* parseKarakeep(file: ImportFile): AsyncGenerator<Parsed> {
  const lists: { id: string; name: string; parentId: string | null }[] = [];
  for await (const { value, path } of jsonValues(file, ['$.lists.*', '$.bookmarks.*'], WHAT)) {
    if (path[0] === 'bookmarks') continue;
    const l = fieldsOf(value);
    lists.push({
      id: String(l.id),
      name: cleanText(l.name),
      parentId: l.parentId ? String(l.parentId) : null,
    });
  }
  const pathOf = folderPaths(lists);
  let index = 0;
  for await (const { value } of jsonValues(file, ['$.bookmarks.*'], WHAT)) {
    index += 1;
    const b = fieldsOf(value);
    const content = fieldsOf(b.content);
    const inLists = Array.isArray(b.lists) ? b.lists.map(String) : [];
    const folder = inLists.length ? (pathOf.get(inLists[0]!) ?? []) : [];
    const otherLists = inLists.slice(1).map((id) => pathOf.get(id)?.at(-1) ?? '');
    const common = {
      title: cleanText(b.title),
      tags: cleanTags([...(Array.isArray(b.tags) ? b.tags : []), ...otherLists]),
      folder,
      created: parseDate(b.createdAt),
      read: isTruthy(b.archived),
      starred: b.favourited === undefined ? undefined : isTruthy(b.favourited),
      note: cleanText(b.note) || undefined,
    };
    if (content.type === 'text') {
      yield {
        entry: newEntry({ ...common, kind: 'note', url: null, description: cleanText(content.text) }),
        at: { entry: index },
      };
      continue;
    }
    const url = httpUrl(content.url);
    yield bookmarkAt(
      { entry: index },
      newEntry({ ...common, url, title: common.title || url || '' }),
      content.url,
    );
  }
}
