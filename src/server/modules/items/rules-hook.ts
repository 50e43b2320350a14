import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../../db/client.ts';
import { type JobQueue, jobType } from '../../platform/jobs.ts';

/**
 * The items side of rules (modules/rules registers the handler): a bookmark saved or imported queues
 * the owner's rules over the new items in the saving transaction, so the job exists exactly when
 * the items do. Only saves and imports queue it: what a rule's actions change queues nothing, so a
 * rule never triggers rules again.
 */
export const RULES_JOB = jobType(
  'rules',
  z.object({ itemIds: z.array(z.number().int().positive()).min(1).max(1000) }),
);

/** Queued only for a user who has rules: a library without any pays nothing on each save. */
export async function queueRules(jobs: JobQueue, tx: Executor, userId: number, itemIds: number[]) {
  if (!itemIds.length) return;
  const [has] = await queryRows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM rules WHERE user_id = ${userId} LIMIT 1`,
  );
  if (!has) return;
  for (let i = 0; i < itemIds.length; i += 1000)
    await jobs.enqueue(tx, RULES_JOB, { itemIds: itemIds.slice(i, i + 1000) }, { userId, maxAttempts: 3 });
}
