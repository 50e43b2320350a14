import { cleanTags, cleanText, httpUrl, newEntry, type Parsed, parseDate } from '../entry.ts';
import { fieldsOf, jsonValues } from '../json-stream.ts';
import { bookmarkAt, type ImportFile } from '../source.ts';
import { folderPaths } from './folders.ts';

const WHAT = "a Linkwarden 'backup.json' file";

/**
 * Linkwarden's `backup.json`: the user row with `collections[{id, name, parentId, isPublic, links[{
 * name, url, description, tags[{name}], importDate, createdAt}]}]` and `pinnedLinks[]` (starred, by
 * URL). Read twice: collections and pins first (each link dropped as it is read), then the links.
 */
export async function* parseLinkwarden(file: ImportFile): AsyncGenerator<Parsed> {
  const collections: { id: string; name: string; parentId: string | null; isPublic: boolean }[] = [];
  const pinned = new Set<string>();
  const first = ['$.collections.*.links.*', '$.collections.*', '$.pinnedLinks.*'];
  for await (const { value, path } of jsonValues(file, first, WHAT)) {
    const v = fieldsOf(value);
    if (path[0] === 'pinnedLinks') {
      const url = httpUrl(v.url);
      if (url) pinned.add(url);
    } else if (path.length === 2) {
      collections.push({
        id: String(v.id),
        name: cleanText(v.name),
        parentId: v.parentId === null || v.parentId === undefined ? null : String(v.parentId),
        isPublic: v.isPublic === true,
      });
    }
  }
  const pathOf = folderPaths(collections);
  const publicIds = new Set(collections.filter((c) => c.isPublic).map((c) => c.id));
  const idAt = collections.map((c) => c.id);
  let index = 0;
  for await (const { value, path } of jsonValues(file, ['$.collections.*.links.*'], WHAT)) {
    index += 1;
    const link = fieldsOf(value);
    const collectionId = link.collectionId !== undefined ? String(link.collectionId) : idAt[Number(path[1])];
    const url = httpUrl(link.url);
    const tags = Array.isArray(link.tags) ? link.tags.map((t) => fieldsOf(t).name) : [];
    yield bookmarkAt(
      { entry: index },
      newEntry({
        url,
        title: cleanText(link.name) || url || '',
        description: cleanText(link.description),
        tags: cleanTags(tags),
        folder: (collectionId && pathOf.get(collectionId)) || [],
        created: parseDate(link.importDate ?? link.createdAt),
        private: collectionId ? !publicIds.has(collectionId) : undefined,
        starred: url ? pinned.has(url) : false,
      }),
      link.url,
    );
  }
}
