import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userConnections } from '../../db/schema.ts';

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
