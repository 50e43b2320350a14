import { customType } from 'drizzle-orm/pg-core';

/** Postgres full-text vector; written only by SQL (search_vector: triggers of migration 0026), never from JS. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});
