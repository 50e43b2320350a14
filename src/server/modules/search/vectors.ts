import { type SQL, sql } from 'drizzle-orm';

// items.search_vector is kept by the database: triggers over the columns and rows it reads
// (migration 0027, folio_search_vector_of), so no writer refreshes it.

/** The part of a page's or PDF's text that is indexed (the tsvector size limit is never reached). */
const PAGE_VECTOR_TEXT_LIMIT = 200_000;

/**
 * The one definition of items.page_vector, the text searched by snapshot=yes: a captured page's
 * text and a PDF's are indexed alike, both through ItemsService.setPageText (items/repo.ts).
 */
export function pageVector(text: string): SQL {
  return sql`to_tsvector('simple', ${text.slice(0, PAGE_VECTOR_TEXT_LIMIT)})`;
}
