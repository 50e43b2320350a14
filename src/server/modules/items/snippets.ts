import { searchWords } from '../../../shared/annotation-words.ts';
import type { ListReply, LoadItemsInput } from '../../../shared/schemas/items.ts';
import { snippetParts } from '../search/snippets.ts';

/** A module keeping item texts searched by full text: captured pages, PDF texts. */
export interface PageTexts {
  pageHeadlines(itemIds: number[], words: string[]): Promise<{ itemId: number; marked: string }[]>;
}

/**
 * Full-text hits (snapshot=yes) show where the words matched: each item of the page gets the
 * snippet of its page text (a captured page or a PDF), when a word matched there. The items are
 * the ones the list already let the viewer read.
 */
export async function withSnippets(
  reply: ListReply,
  q: LoadItemsInput,
  sources: PageTexts[],
): Promise<ListReply> {
  const words = searchWords(q.what ?? '');
  if (q.snapshot !== 'yes' || words.length === 0 || reply.items.length === 0) return reply;
  const ids = reply.items.map((i) => i.link_id);
  const found = new Map<number, ReturnType<typeof snippetParts>>();
  for (const source of sources) {
    for (const { itemId, marked } of await source.pageHeadlines(ids, words)) {
      const parts = snippetParts(marked);
      if (parts && !found.has(itemId)) found.set(itemId, parts);
    }
  }
  return {
    ...reply,
    items: reply.items.map((item) => {
      const snippet = found.get(item.link_id);
      return snippet ? { ...item, snippet } : item;
    }),
  };
}
