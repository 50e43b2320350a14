import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { groupItems, groupMembers, groups } from '../../db/schema.ts';
import type { Access, Authorized } from '../../policies/authorized.ts';

export type GroupRow = typeof groups.$inferSelect;

/** A group with the caller's role and its counts, as the lists show it. */
export interface GroupListRow {
  id: number;
  g_name: string;
  display_name: string;
  description: string;
  access_mode: number;
  created_at: Date | string;
  role: string;
  owner: string;
  member_count: number;
  item_count: number;
}

const LIST_COLUMNS = sql`g.id, g.g_name, g.display_name, g.description, g.access_mode, g.created_at, m.role,
  (SELECT name FROM users u WHERE u.id = g.owner_id) AS owner,
  (SELECT count(*)::int FROM group_members x WHERE x.group_id = g.id) AS member_count,
  (SELECT count(*)::int FROM group_items i JOIN items it ON it.id = i.item_id AND it.trashed_at IS NULL
    WHERE i.group_id = g.id) AS item_count`;

function normalise(r: GroupListRow): GroupListRow {
  return {
    ...r,
    id: Number(r.id),
    access_mode: Number(r.access_mode),
    member_count: Number(r.member_count),
    item_count: Number(r.item_count),
  };
}

export async function insertGroup(
  ex: Executor,
  values: {
    gName: string;
    displayName: string;
    description: string;
    ownerId: number;
    accessMode: number;
    now: Date;
  },
): Promise<GroupRow> {
  const [row] = await ex
    .insert(groups)
    .values({ ...values, createdAt: values.now })
    .onConflictDoNothing()
    .returning();
  if (row) await addMember(ex, row.id, values.ownerId, 'owner', values.now);
  return row!;
}

export async function gNameTaken(ex: Executor, gName: string): Promise<boolean> {
  const rows = await ex
    .select({ id: groups.id })
    .from(groups)
    .where(sql`lower(${groups.gName}) = lower(${gName})`);
  return rows.length > 0;
}

export async function addMember(ex: Executor, groupId: number, userId: number, role: string, now: Date) {
  await ex.insert(groupMembers).values({ groupId, userId, role, joinedAt: now }).onConflictDoNothing();
}

/** A group the group policy let the caller at (policies/group.ts): a write here needs it. */
type GroupGrantRow<A extends Access = 'write'> = Authorized<'group', { id: number }, A>;

/** The group seen by one member (undefined when they are not one). */
export async function groupForMember(ex: Executor, userId: number, by: { id?: number; gName?: string }) {
  const where = by.id !== undefined ? sql`g.id = ${by.id}` : sql`lower(g.g_name) = lower(${by.gName ?? ''})`;
  const [row] = await queryRows<GroupListRow>(
    ex,
    sql`SELECT ${LIST_COLUMNS} FROM groups g JOIN group_members m ON m.group_id = g.id AND m.user_id = ${userId}
        WHERE ${where}`,
  );
  return row && normalise(row);
}

export async function groupsOfUser(ex: Executor, userId: number): Promise<GroupListRow[]> {
  const rows = await queryRows<GroupListRow>(
    ex,
    sql`SELECT ${LIST_COLUMNS} FROM groups g JOIN group_members m ON m.group_id = g.id AND m.user_id = ${userId}
        ORDER BY lower(g.display_name), g.id`,
  );
  return rows.map(normalise);
}

export async function membership(ex: Executor, groupId: number, userId: number) {
  const [row] = await ex
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

export interface MemberRow {
  user_id: number;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  joined_at: Date | string;
}

export async function membersOf(ex: Executor, groupId: number): Promise<MemberRow[]> {
  const rows = await queryRows<MemberRow>(
    ex,
    sql`SELECT m.user_id, u.name, u.first_name, u.last_name, u.email, m.role, m.joined_at
        FROM group_members m JOIN users u ON u.id = m.user_id
        WHERE m.group_id = ${groupId} ORDER BY (m.role = 'owner') DESC, lower(u.name)`,
  );
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id) }));
}

export async function memberIds(ex: Executor, groupId: number): Promise<number[]> {
  const rows = await ex
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return rows.map((r) => r.id);
}

/** A member leaving (their read grant) or removed by the owner (the owner's write grant). */
export async function removeMember(
  ex: Executor,
  group: GroupGrantRow<'read'>,
  userId: number,
): Promise<void> {
  const groupId = group.id;
  await ex
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  // what they shared leaves with them: the rule reads shares of current members only
  await ex.delete(groupItems).where(and(eq(groupItems.groupId, groupId), eq(groupItems.sharedBy, userId)));
}

/** Shares the items (already checked as the user's own); ids already in the group stay as they were. */
export async function shareItems(
  ex: Executor,
  group: GroupGrantRow<'read'>,
  userId: number,
  itemIds: number[],
  now: Date,
) {
  if (itemIds.length === 0) return;
  await ex
    .insert(groupItems)
    .values(itemIds.map((itemId) => ({ groupId: group.id, itemId, sharedBy: userId, sharedAt: now })))
    .onConflictDoNothing();
}

export interface GroupItemRow {
  item_id: number;
  shared_by: string;
  shared_at: Date | string;
}

/** A page of what members shared, newest first; an item in its sharer's trash is not in the group. */
export async function groupItemPage(ex: Executor, groupId: number, limit: number, offset: number) {
  const rows = await queryRows<GroupItemRow>(
    ex,
    sql`SELECT gi.item_id, u.name AS shared_by, gi.shared_at
        FROM group_items gi JOIN users u ON u.id = gi.shared_by
        JOIN items it ON it.id = gi.item_id AND it.trashed_at IS NULL
        WHERE gi.group_id = ${groupId} ORDER BY gi.shared_at DESC, gi.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM group_items gi
        JOIN items it ON it.id = gi.item_id AND it.trashed_at IS NULL WHERE gi.group_id = ${groupId}`,
  );
  return { rows: rows.map((r) => ({ ...r, item_id: Number(r.item_id) })), total: Number(count?.n ?? 0) };
}

export async function groupItem(ex: Executor, groupId: number, itemId: number) {
  const [row] = await queryRows<GroupItemRow>(
    ex,
    sql`SELECT gi.item_id, u.name AS shared_by, gi.shared_at
        FROM group_items gi JOIN users u ON u.id = gi.shared_by
        JOIN items it ON it.id = gi.item_id AND it.trashed_at IS NULL
        WHERE gi.group_id = ${groupId} AND gi.item_id = ${itemId}`,
  );
  return row && { ...row, item_id: Number(row.item_id) };
}

/** Which of the caller's groups each of these items was shared to. */
export async function groupsOfItems(ex: Executor, userId: number, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  const rows = await ex
    .select({
      itemId: groupItems.itemId,
      groupId: groups.id,
      gName: groups.gName,
      displayName: groups.displayName,
    })
    .from(groupItems)
    .innerJoin(groups, eq(groups.id, groupItems.groupId))
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(inArray(groupItems.itemId, itemIds))
    .orderBy(groups.displayName);
  return rows;
}

/** The e-mail addresses of the members of these groups (named by g_name) that the user belongs to. */
export async function memberAddresses(ex: Executor, userId: number, gNames: string[]): Promise<string[]> {
  if (gNames.length === 0) return [];
  const rows = await queryRows<{ email: string }>(
    ex,
    sql`SELECT DISTINCT u.email FROM groups g
        JOIN group_members me ON me.group_id = g.id AND me.user_id = ${userId}
        JOIN group_members m ON m.group_id = g.id
        JOIN users u ON u.id = m.user_id
        WHERE lower(g.g_name) IN (${sql.join(
          gNames.map((n) => sql`lower(${n})`),
          sql`, `,
        )}) AND m.user_id <> ${userId}
        ORDER BY u.email`,
  );
  return rows.map((r) => r.email);
}

export interface FellowRow {
  id: number;
  name: string;
  email: string;
}

/** Everyone who shares a group with the user (not the user). */
export async function fellowMembers(ex: Executor, userId: number): Promise<FellowRow[]> {
  const rows = await queryRows<FellowRow>(
    ex,
    sql`SELECT DISTINCT u.id, u.name, u.email FROM group_members me
        JOIN group_members m ON m.group_id = me.group_id AND m.user_id <> me.user_id
        JOIN users u ON u.id = m.user_id
        WHERE me.user_id = ${userId} ORDER BY u.name`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function userName(ex: Executor, userId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(ex, sql`SELECT name FROM users WHERE id = ${userId}`);
  return row?.name;
}

export async function renameGroup(
  ex: Executor,
  group: GroupGrantRow,
  displayName: string,
  description: string,
) {
  await ex.update(groups).set({ displayName, description }).where(eq(groups.id, group.id));
}

/** Memberships, shares, invitations and the annotation layer go with it (ON DELETE CASCADE). */
export async function deleteGroup(ex: Executor, group: GroupGrantRow) {
  await ex.delete(groups).where(eq(groups.id, group.id));
}

/** The groups an item is shared to, with their members: who hears of a change to its highlights. */
export async function audienceOfItems(ex: Executor, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return ex
    .selectDistinct({
      groupId: groupItems.groupId,
      gName: groups.gName,
      itemId: groupItems.itemId,
      userId: groupMembers.userId,
    })
    .from(groupItems)
    .innerJoin(groups, eq(groups.id, groupItems.groupId))
    .innerJoin(groupMembers, eq(groupMembers.groupId, groupItems.groupId))
    .where(inArray(groupItems.itemId, itemIds));
}

/** Duplicates' merge: `to` is shared to every group one of `from` was shared to (same sharer, same time). */
export async function copyShares(ex: Executor, fromIds: number[], toId: number): Promise<void> {
  if (fromIds.length === 0) return;
  await ex.execute(sql`
    INSERT INTO group_items (group_id, item_id, shared_by, shared_at)
    SELECT DISTINCT ON (group_id) group_id, ${toId}::bigint, shared_by, shared_at FROM group_items
    WHERE item_id IN (${sql.join(
      fromIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY group_id, shared_at
    ON CONFLICT (group_id, item_id) DO NOTHING`);
}
