import { and, eq, sql } from 'drizzle-orm';
import type { LinkState } from '../../../shared/schemas/health.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { linkCheckHosts, linkChecks } from '../../db/schema.ts';

export type LinkCheckRow = typeof linkChecks.$inferSelect;

/**
 * Gives every bookmark after `afterId` (up to `limit` of them) its check row, first due `intervalMs`
 * after it was saved. Answers the last item id seen, or null when none was left.
 */
export async function seedChecks(
  ex: Executor,
  afterId: number,
  limit: number,
  intervalMs: number,
): Promise<number | null> {
  const rows = await queryRows<{ last: string | number | null }>(
    ex,
    sql`WITH batch AS (
          SELECT id, user_id, url, created_at FROM items
          WHERE id > ${afterId} AND type = 'bookmark' AND url IS NOT NULL
          ORDER BY id LIMIT ${limit}
        ), added AS (
          INSERT INTO link_checks (item_id, user_id, url, next_check_at)
          SELECT id, user_id, url, created_at + make_interval(secs => ${intervalMs / 1000}) FROM batch
          ON CONFLICT (item_id) DO NOTHING
        )
        SELECT max(id) AS last FROM batch`,
  );
  const last = rows[0]?.last;
  return last === null || last === undefined ? null : Number(last);
}

/** Checks due by `now`, oldest first, with the item's current URL (a changed URL is checked anew). */
export async function dueChecks(ex: Executor, now: Date, limit: number) {
  return queryRows<{ item_id: string | number; user_id: string | number; url: string; host: string }>(
    ex,
    sql`SELECT lc.item_id, lc.user_id, i.url, i.host FROM link_checks lc
        JOIN items i ON i.id = lc.item_id
        WHERE lc.next_check_at <= ${now} AND i.url IS NOT NULL AND i.trashed_at IS NULL
        ORDER BY lc.next_check_at LIMIT ${limit}`,
  );
}

/**
 * Takes the host's next turn if it is free at `now`: true when this caller may send a request to it,
 * and the next one may only follow `spacingMs` later. One statement, so two instances never both win.
 */
export async function claimHost(ex: Executor, host: string, now: Date, spacingMs: number): Promise<boolean> {
  const next = new Date(now.getTime() + spacingMs);
  const rows = await ex
    .insert(linkCheckHosts)
    .values({ host, nextAt: next })
    .onConflictDoUpdate({
      target: linkCheckHosts.host,
      set: { nextAt: next },
      setWhere: sql`${linkCheckHosts.nextAt} <= ${now}`,
    })
    .returning({ host: linkCheckHosts.host });
  return rows.length > 0;
}

/** Moves a check's next turn (a claimed check is pushed on while it runs, so no other run takes it). */
export async function postpone(ex: Executor, itemIds: number[], until: Date): Promise<void> {
  if (!itemIds.length) return;
  await ex
    .update(linkChecks)
    .set({ nextCheckAt: until })
    .where(sql`${linkChecks.itemId} IN (${sql.join(itemIds, sql`, `)})`);
}

export interface CheckResult {
  state: LinkState;
  status: number | null;
  finalUrl: string | null;
  changedRatio: number | null;
  changedText: string | null;
  failures: number;
  checkedAt: Date;
  nextCheckAt: Date;
}

/** Records a check of the item at `url` (made or replaced). */
export async function saveResult(
  ex: Executor,
  item: { id: number; userId: number; url: string },
  result: CheckResult,
): Promise<void> {
  const values = { ...result, url: item.url };
  await ex
    .insert(linkChecks)
    .values({ itemId: item.id, userId: item.userId, ...values })
    .onConflictDoUpdate({ target: linkChecks.itemId, set: values });
}

export async function findCheck(ex: Executor, itemId: number): Promise<LinkCheckRow | undefined> {
  const [row] = await ex.select().from(linkChecks).where(eq(linkChecks.itemId, itemId)).limit(1);
  return row;
}

/** Failures in a row so far for the item at this URL (0 after a change of URL). */
export async function failuresOf(ex: Executor, itemId: number, url: string): Promise<number> {
  const [row] = await ex
    .select({ failures: linkChecks.failures })
    .from(linkChecks)
    .where(and(eq(linkChecks.itemId, itemId), eq(linkChecks.url, url)))
    .limit(1);
  return row?.failures ?? 0;
}
