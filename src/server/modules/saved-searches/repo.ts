import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { savedSearches } from '../../db/schema.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export function listOf(ex: Executor, userId: number): Promise<SavedSearchRow[]> {
  return ex
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(sql`lower(${savedSearches.name})`), asc(savedSearches.id));
}

export async function countOf(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return row!.n;
}

export async function insert(
  ex: Executor,
  values: { userId: number; name: string; query: string; feedSalt: string; createdAt: Date },
): Promise<SavedSearchRow> {
  const [row] = await ex.insert(savedSearches).values(values).returning();
  return row!;
}

export async function find(ex: Executor, id: number): Promise<SavedSearchRow | undefined> {
  const [row] = await ex.select().from(savedSearches).where(eq(savedSearches.id, id));
  return row;
}

/** Deletes the user's saved search; false when they have none of this id. */
export async function remove(ex: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await ex
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}
