import { getTableColumns } from 'drizzle-orm';
import { items } from '../../db/schema.ts';

/** Every column but the search vectors, which no reply shows and which are wide. */
const { searchVector: _vector, pageVector: _pageVector, ...columns } = getTableColumns(items);
export const ITEM_COLUMNS = columns;

/** An item as the code reads it (without the search vectors). */
export type ItemRow = Omit<typeof items.$inferSelect, 'searchVector' | 'pageVector'>;
