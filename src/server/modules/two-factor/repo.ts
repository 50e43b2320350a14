import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { twoFactor, twoFactorRecoveryCodes } from '../../db/schema.ts';

export type TwoFactorRow = typeof twoFactor.$inferSelect;

export async function find(ex: Executor, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await ex.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row;
}

/** A new seed waiting for its first code; replaces an unconfirmed one, never an enabled one. */
export async function saveSetup(
  ex: Executor,
  userId: number,
  sealedSecret: string,
  now: Date,
): Promise<boolean> {
  const rows = await ex
    .insert(twoFactor)
    .values({ userId, sealedSecret, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { sealedSecret, createdAt: now, lastStep: 0 },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/** Turns the waiting seed on with its first accepted step (false when it was not waiting). */
export async function enable(ex: Executor, userId: number, step: number, now: Date): Promise<boolean> {
  const rows = await ex
    .update(twoFactor)
    .set({ enabledAt: now, lastStep: step })
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/**
 * Records `step` as used, in one statement that refuses a step not after the last one: two
 * requests with one code cannot both pass.
 */
export async function markStepUsed(ex: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await ex
    .update(twoFactor)
    .set({ lastStep: step })
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt), lt(twoFactor.lastStep, step)))
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(ex: Executor, userId: number, hashes: string[]): Promise<void> {
  await ex.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (hashes.length)
    await ex.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Takes the user's recovery code with this hash: the row is deleted (single use) and returned. */
export async function takeRecoveryCode(ex: Executor, userId: number, codeHash: string) {
  const [row] = await ex
    .delete(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash)))
    .returning();
  return row ?? null;
}

export async function countRecoveryCodes(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return row?.n ?? 0;
}

export async function remove(ex: Executor, userId: number): Promise<void> {
  await ex.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await ex.delete(twoFactor).where(eq(twoFactor.userId, userId));
}
