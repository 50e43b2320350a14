import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { oidcUsedStates, userConnections } from '../../db/schema.ts';

export type ConnectionRow = typeof userConnections.$inferSelect;

export async function findBySubject(ex: Executor, issuer: string, subject: string) {
  const [row] = await ex
    .select()
    .from(userConnections)
    .where(and(eq(userConnections.issuer, issuer), eq(userConnections.subject, subject)));
  return row;
}

export function listOfUser(ex: Executor, userId: number): Promise<ConnectionRow[]> {
  return ex.select().from(userConnections).where(eq(userConnections.userId, userId));
}

export async function insert(
  ex: Executor,
  values: { userId: number; provider: string; issuer: string; subject: string; identify: string },
): Promise<ConnectionRow> {
  const [row] = await ex.insert(userConnections).values(values).returning();
  return row!;
}

/** Deletes one of the user's own connections; another user's id deletes nothing. */
export async function deleteOwn(ex: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await ex
    .delete(userConnections)
    .where(and(eq(userConnections.id, id), eq(userConnections.userId, userId)))
    .returning({ id: userConnections.id });
  return rows.length > 0;
}

/**
 * Marks a sign-in round trip's state as answered; false when it was already (a replayed callback).
 * The insert is the check, so two callbacks at once on two instances cannot both pass. Rows whose
 * flow cookie has expired go at the same time: such a cookie is refused before this is asked.
 */
export async function spendState(ex: Executor, state: string, expiresAt: Date, now: Date): Promise<boolean> {
  await ex.delete(oidcUsedStates).where(lt(oidcUsedStates.expiresAt, now));
  const stateHash = createHash('sha256').update(state).digest('hex');
  const rows = await ex
    .insert(oidcUsedStates)
    .values({ stateHash, expiresAt })
    .onConflictDoNothing()
    .returning({ stateHash: oidcUsedStates.stateHash });
  return rows.length > 0;
}
