import { customType } from 'drizzle-orm/pg-core';

/** Postgres full-text vector; written only by SQL (folio_item_search_vector), never from JS. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});
