import { asc, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { featureStats } from '../../db/schema.ts';

/** Adds one to each flag's count of the day. */
export async function addCounts(ex: Executor, day: string, flags: string[]): Promise<void> {
  if (flags.length === 0) return;
  await ex
    .insert(featureStats)
    .values(flags.map((flag) => ({ day, flag, count: 1 })))
    .onConflictDoUpdate({
      target: [featureStats.day, featureStats.flag],
      set: { count: sql`${featureStats.count} + 1` },
    });
}

/** Removes the counts of days before `day`; answers how many rows went. */
export async function deleteBefore(ex: Executor, day: string): Promise<number> {
  const gone = await ex
    .delete(featureStats)
    .where(lt(featureStats.day, day))
    .returning({ day: featureStats.day });
  return gone.length;
}

export async function countsSince(
  ex: Executor,
  day: string,
): Promise<{ day: string; flag: string; count: number }[]> {
  return ex
    .select({ day: featureStats.day, flag: featureStats.flag, count: featureStats.count })
    .from(featureStats)
    .where(gte(featureStats.day, day))
    .orderBy(asc(featureStats.day), asc(featureStats.flag));
}
