import { and, asc, count, eq } from 'drizzle-orm';
import type { RuleAction } from '../../../shared/schemas/rules.ts';
import type { Executor } from '../../db/client.ts';
import { rules } from '../../db/schema.ts';

export type RuleRow = Omit<typeof rules.$inferSelect, 'actions'> & { actions: RuleAction[] };

export async function rulesOf(ex: Executor, userId: number): Promise<RuleRow[]> {
  return (await ex.select().from(rules).where(eq(rules.userId, userId)).orderBy(asc(rules.id))) as RuleRow[];
}

/** The user's own rule, or undefined (another user's id is not found). */
export async function findOwn(ex: Executor, userId: number, id: number): Promise<RuleRow | undefined> {
  const [row] = await ex
    .select()
    .from(rules)
    .where(and(eq(rules.id, id), eq(rules.userId, userId)))
    .limit(1);
  return row as RuleRow | undefined;
}

export async function countOf(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(rules).where(eq(rules.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertRule(
  ex: Executor,
  values: { userId: number; name: string; query: string; actions: RuleAction[]; createdAt: Date },
): Promise<RuleRow> {
  const [row] = await ex.insert(rules).values(values).returning();
  return row as RuleRow;
}

export async function deleteOwn(ex: Executor, userId: number, id: number): Promise<boolean> {
  const gone = await ex
    .delete(rules)
    .where(and(eq(rules.id, id), eq(rules.userId, userId)))
    .returning({ id: rules.id });
  return gone.length > 0;
}
