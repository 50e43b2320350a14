import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { formerUserNames, users } from '../../db/schema.ts';
import type { QuotaKind } from '../../platform/errors.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(ex: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByName(ex: Executor, name: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(sql`lower(${users.name}) = lower(${name})`).limit(1);
  return row;
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserByNameOrEmail(ex: Executor, nameOrEmail: string): Promise<UserRow | undefined> {
  const [row] = await ex
    .select()
    .from(users)
    .where(sql`lower(${users.name}) = lower(${nameOrEmail}) OR lower(${users.email}) = lower(${nameOrEmail})`)
    .limit(1);
  return row;
}

export async function existingNameOrEmail(
  ex: Executor,
  name: string,
  email: string,
): Promise<{ name: boolean; email: boolean }> {
  const rows = await ex
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(sql`lower(${users.name}) = lower(${name}) OR lower(${users.email}) = lower(${email})`);
  return {
    name: rows.some((r) => r.name.toLowerCase() === name.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/**
 * Whether `name` is another user's former name given up after `since` (reserved for them). The
 * former names live beside the settings that change them; the user's own are never reserved.
 */
export async function nameReserved(
  ex: Executor,
  name: string,
  since: Date,
  exceptUserId: number | null = null,
): Promise<boolean> {
  const [row] = await ex
    .select({ id: formerUserNames.userId })
    .from(formerUserNames)
    .where(
      and(
        sql`lower(${formerUserNames.name}) = lower(${name})`,
        gt(formerUserNames.changedAt, since),
        exceptUserId === null ? undefined : ne(formerUserNames.userId, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertUser(
  ex: Executor,
  values: { name: string; email: string; passwordHash: string | null },
): Promise<UserRow> {
  const [row] = await ex.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  ex: Executor,
  id: number,
  values: Partial<Omit<UserRow, 'id' | 'createdAt'>>,
): Promise<void> {
  await ex.update(users).set(values).where(eq(users.id, id));
}

export async function deleteUser(ex: Executor, id: number): Promise<void> {
  await ex.delete(users).where(eq(users.id, id));
}

const USAGE_COLUMNS = {
  pdf: users.pdfUsed,
  image: users.imageUsed,
  annotation: users.annotationUsed,
  outliner: users.outlinerUsed,
  cachedPage: users.cachedPageUsed,
} as const satisfies Record<QuotaKind, unknown>;
export type UsageKind = keyof typeof USAGE_COLUMNS;

export async function usedCount(ex: Executor, userId: number, kind: UsageKind): Promise<number> {
  const [row] = await ex
    .select({ used: USAGE_COLUMNS[kind] })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.used ?? 0;
}

/** Moves used counts by the given deltas, never below zero. */
export async function adjustUsage(
  ex: Executor,
  userId: number,
  delta: Partial<Record<UsageKind, number>>,
): Promise<void> {
  const set: Partial<Record<`${UsageKind}Used`, ReturnType<typeof sql>>> = {};
  for (const [kind, by] of Object.entries(delta) as [UsageKind, number][]) {
    if (by) set[`${kind}Used`] = sql`greatest(0, ${USAGE_COLUMNS[kind]} + ${by})`;
  }
  if (Object.keys(set).length) await ex.update(users).set(set).where(eq(users.id, userId));
}

/**
 * Adds one to a used count only while it is below `quota` (null: no quota), in one statement, so
 * two instances racing for the last unit cannot both get it. True when the unit was granted.
 */
export async function reserveUsage(
  ex: Executor,
  userId: number,
  kind: UsageKind,
  quota: number | null,
): Promise<boolean> {
  const column = USAGE_COLUMNS[kind];
  const rows = await ex
    .update(users)
    .set({ [`${kind}Used`]: sql`${column} + 1` })
    .where(and(eq(users.id, userId), quota === null ? undefined : sql`${column} < ${quota}`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Adds several units of several kinds at once, only while each count stays within its quota (null:
 * none), in one statement. Undefined when granted; else the first kind without room (nothing taken).
 */
export async function reserveUnits(
  ex: Executor,
  userId: number,
  units: { kind: UsageKind; n: number; quota: number | null }[],
): Promise<UsageKind | undefined> {
  const wanted = units.filter((u) => u.n > 0);
  if (wanted.length === 0) return undefined;
  const set: Partial<Record<`${UsageKind}Used`, ReturnType<typeof sql>>> = {};
  for (const u of wanted) set[`${u.kind}Used`] = sql`${USAGE_COLUMNS[u.kind]} + ${u.n}`;
  const room = wanted
    .filter((u) => u.quota !== null)
    .map((u) => sql`${USAGE_COLUMNS[u.kind]} + ${u.n} <= ${u.quota}`);
  const rows = await ex
    .update(users)
    .set(set)
    .where(and(eq(users.id, userId), ...room))
    .returning({ id: users.id });
  if (rows.length > 0) return undefined;
  for (const u of wanted) {
    if (u.quota !== null && (await usedCount(ex, userId, u.kind)) + u.n > u.quota) return u.kind;
  }
  return wanted[0]!.kind;
}

/** The display name (Change display name on one's own profile). */
export async function setRealName(
  ex: Executor,
  id: number,
  firstName: string,
  lastName: string,
): Promise<void> {
  await ex.update(users).set({ firstName, lastName }).where(eq(users.id, id));
}
