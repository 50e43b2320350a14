import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { groupItems, groupMembers, groups } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';

/**
 * The groups side of the Folio backup (modules/backup): a user's groups and the groups each of their
 * items is shared to, by name (ids mean nothing on another server), and the restore of a share to a
 * group of that name the user belongs to here.
 */

/** The user's groups by name, with their role. */
export function membershipsOf(ex: Executor, userId: number) {
  return ex
    .select({ name: groups.gName, displayName: groups.displayName, role: groupMembers.role })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(groups.gName);
}

/** The names of the groups each of these items is shared to (by its owner), by item. */
export async function sharesOfItems(ex: Executor, itemIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!itemIds.length) return out;
  const rows = await ex
    .select({ itemId: groupItems.itemId, name: groups.gName })
    .from(groupItems)
    .innerJoin(groups, eq(groups.id, groupItems.groupId))
    .where(inArray(groupItems.itemId, itemIds))
    .orderBy(groups.gName);
  for (const row of rows) out.set(row.itemId, [...(out.get(row.itemId) ?? []), row.name]);
  return out;
}

/** The ids of the user's groups by lower-cased name (group names are unique ignoring case). */
export async function ownGroupsByName(ex: Executor, userId: number): Promise<Map<string, number>> {
  const rows = await ex
    .select({ id: groups.id, name: groups.gName })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

/** Shares a restored item to groups the owner belongs to (a share already there stays as it is). */
export async function restoreShares(
  ex: Executor,
  item: Authorized<'item', { id: number; userId: number }>,
  groupIds: number[],
  at: Date,
): Promise<void> {
  if (!groupIds.length) return;
  const member = await ex
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, item.userId), inArray(groupMembers.groupId, groupIds)));
  if (!member.length) return;
  await ex
    .insert(groupItems)
    .values(member.map((m) => ({ groupId: m.groupId, itemId: item.id, sharedBy: item.userId, sharedAt: at })))
    .onConflictDoNothing();
}
