import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { items } from '../../db/schema.ts';

/** Recomputes items' search vectors from the one SQL definition, folio_item_search_vector. */
export async function refreshSearchVectors(ex: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await ex
    .update(items)
    .set({ searchVector: sql`folio_item_search_vector(${items.id})` })
    .where(inArray(items.id, ids));
}
