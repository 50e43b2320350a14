import { and, asc, count, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  affiliates,
  gifts,
  idempotencyKeys,
  ledger,
  premiumCheckouts,
  purchaseLocks,
  subscriptions,
  users,
} from '../../db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type LedgerEntry = typeof ledger.$inferInsert;
export type GiftRow = typeof gifts.$inferSelect;
export type AffiliateRow = typeof affiliates.$inferSelect;
export type UserPlanFields = Pick<
  typeof users.$inferInsert,
  'plan' | 'planUnit' | 'nextBillingAt' | 'planExpiresAt'
>;

export async function findSubscription(ex: Executor, userId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await ex.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** The user's row locked for a billing change: two calls for one user run one after the other. */
export async function lockUser(ex: Executor, userId: number) {
  const [row] = await ex.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}

export async function saveSubscription(ex: Executor, row: NewSubscription): Promise<void> {
  const { userId: _, ...set } = row;
  await ex.insert(subscriptions).values(row).onConflictDoUpdate({ target: subscriptions.userId, set });
}

export async function updateSubscription(ex: Executor, userId: number, set: Partial<NewSubscription>) {
  await ex.update(subscriptions).set(set).where(eq(subscriptions.userId, userId));
}

export async function setUserPlan(ex: Executor, userId: number, set: Partial<UserPlanFields>): Promise<void> {
  await ex.update(users).set(set).where(eq(users.id, userId));
}

export async function record(ex: Executor, entry: LedgerEntry): Promise<void> {
  await ex.insert(ledger).values(entry);
}

export async function ledgerOf(ex: Executor, userId: number) {
  return ex.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(asc(ledger.id));
}

/** Claims a payment attempt's key; false when the key was used (its reply, or null while running). */
export async function claimKey(ex: Executor, userId: number, key: string, now: Date): Promise<boolean> {
  const rows = await ex
    .insert(idempotencyKeys)
    .values({ userId, key, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function keyReply(ex: Executor, userId: number, key: string): Promise<unknown> {
  const [row] = await ex
    .select({ reply: idempotencyKeys.reply })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row?.reply ?? null;
}

/** A failed attempt gives its key back: the same key may try again with corrected input. */
export async function releaseKey(ex: Executor, userId: number, key: string): Promise<void> {
  await ex
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export async function storeKeyReply(
  ex: Executor,
  userId: number,
  key: string,
  reply: unknown,
): Promise<void> {
  await ex
    .update(idempotencyKeys)
    .set({ reply })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/**
 * Takes the user's purchase lock for `token`: true when it was free or its holder is older than
 * `staleBefore` (an instance that died mid-payment), false while another purchase runs.
 */
export async function lockPurchase(
  ex: Executor,
  userId: number,
  token: string,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  const rows = await ex
    .insert(purchaseLocks)
    .values({ userId, token, startedAt: now })
    .onConflictDoUpdate({
      target: purchaseLocks.userId,
      set: { token, startedAt: now },
      setWhere: lte(purchaseLocks.startedAt, staleBefore),
    })
    .returning({ token: purchaseLocks.token });
  return rows.length === 1;
}

/** Gives the lock back, unless a later purchase took it over meanwhile. */
export async function unlockPurchase(ex: Executor, userId: number, token: string): Promise<void> {
  await ex.delete(purchaseLocks).where(and(eq(purchaseLocks.userId, userId), eq(purchaseLocks.token, token)));
}

export async function insertCheckout(ex: Executor, row: typeof premiumCheckouts.$inferInsert): Promise<void> {
  await ex.insert(premiumCheckouts).values(row);
}

/** Takes a pending checkout for the user once: a second return with the same token finds nothing. */
export async function takeCheckout(
  ex: Executor,
  token: string,
  userId: number,
  status: 'done' | 'cancelled',
) {
  const [row] = await ex
    .update(premiumCheckouts)
    .set({ status })
    .where(
      and(
        eq(premiumCheckouts.token, token),
        eq(premiumCheckouts.userId, userId),
        eq(premiumCheckouts.status, 'pending'),
      ),
    )
    .returning();
  return row;
}

/** Users whose renewal is due: a billing date or a retry passed, with a stored method. */
export async function dueRenewals(ex: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await ex
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        isNotNull(users.nextBillingAt),
        isNull(users.planExpiresAt),
        or(
          and(isNull(subscriptions.retryAt), lte(users.nextBillingAt, now)),
          lte(subscriptions.retryAt, now),
        ),
      ),
    )
    .orderBy(asc(users.nextBillingAt))
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** Users on a paid plan whose expiry passed: they go back to the free plan for good. */
export async function expiredUsers(ex: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await ex
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${users.plan} <> 'free'`, isNotNull(users.planExpiresAt), lte(users.planExpiresAt, now)))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function insertGift(ex: Executor, row: typeof gifts.$inferInsert): Promise<void> {
  await ex.insert(gifts).values(row);
}

export async function giftsOf(ex: Executor, buyerId: number): Promise<GiftRow[]> {
  return ex.select().from(gifts).where(eq(gifts.buyerId, buyerId)).orderBy(desc(gifts.id));
}

/** Marks an unused gift redeemed; undefined when the code is unknown or was used. */
export async function redeemGift(ex: Executor, codeHash: string, userId: number, now: Date) {
  const [row] = await ex
    .update(gifts)
    .set({ status: 'redeemed', redeemedBy: userId, redeemedAt: now })
    .where(and(eq(gifts.codeHash, codeHash), eq(gifts.status, 'sent')))
    .returning();
  return row;
}

export async function affiliateOfUser(ex: Executor, userId: number): Promise<AffiliateRow | undefined> {
  const [row] = await ex.select().from(affiliates).where(eq(affiliates.userId, userId)).limit(1);
  return row;
}

export async function affiliateById(ex: Executor, id: number): Promise<AffiliateRow | undefined> {
  const [row] = await ex.select().from(affiliates).where(eq(affiliates.id, id)).limit(1);
  return row;
}

export async function affiliateByCode(ex: Executor, code: string): Promise<AffiliateRow | undefined> {
  const [row] = await ex
    .select()
    .from(affiliates)
    .where(sql`lower(${affiliates.code}) = lower(${code})`)
    .limit(1);
  return row;
}

export async function createAffiliate(ex: Executor, userId: number, code: string, now: Date): Promise<void> {
  await ex.insert(affiliates).values({ userId, code, createdAt: now }).onConflictDoNothing();
}

export async function addEarnings(ex: Executor, affiliateId: number, cents: number): Promise<void> {
  await ex
    .update(affiliates)
    .set({ totalCents: sql`${affiliates.totalCents} + ${cents}` })
    .where(eq(affiliates.id, affiliateId));
}

export async function referralCount(ex: Executor, affiliateId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(subscriptions)
    .where(eq(subscriptions.referredBy, affiliateId));
  return Number(row?.n ?? 0);
}
