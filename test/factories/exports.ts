import type { TestClient } from '../helpers/app.ts';
import { addHighlight } from './annotations.ts';
import { saveBookmark, saveNote } from './items.ts';

/**
 * What the export and drive tests send: the owner's bookmark (a title with characters file systems
 * refuse) with a highlight and its sticky note, the owner's note (right-to-left text), and a public
 * page of another user that the owner must never be able to send.
 */
export async function saveExportItems(owner: TestClient, other: TestClient) {
  const page = (await saveBookmark(owner, { title: 'Résumé: a/b page', tags: 'reading' })).link_id;
  await addHighlight(owner, page, {
    content: 'A passage worth keeping',
    color: 'yellow',
    note: 'My thought',
  });
  const note = await saveNote(owner, { title: 'My note', content: '<p>Note body שלום</p>' });
  const others = (await saveBookmark(other, { title: 'Bob page', private: false })).link_id;
  return { page, note, others };
}
