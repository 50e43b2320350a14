import { type Column, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { items } from '../../db/schema.ts';

/** The one SQL definition of an item's search vector, for an UPDATE of items setting it. */
export function searchVectorOf(itemId: Column): SQL {
  return sql`folio_item_search_vector(${itemId})`;
}

/** Recomputes items' search vectors from the one SQL definition, folio_item_search_vector. */
export async function refreshSearchVectors(ex: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await ex
    .update(items)
    .set({ searchVector: searchVectorOf(items.id) })
    .where(inArray(items.id, ids));
}

/** The part of a page's or PDF's text that is indexed (the tsvector size limit is never reached). */
const PAGE_VECTOR_TEXT_LIMIT = 200_000;

/**
 * The one definition of items.page_vector, the text searched by snapshot=yes: a captured page's
 * text and a PDF's are indexed alike, both through ItemsService.setPageText (items/repo.ts).
 */
export function pageVector(text: string): SQL {
  return sql`to_tsvector('simple', ${text.slice(0, PAGE_VECTOR_TEXT_LIMIT)})`;
}
