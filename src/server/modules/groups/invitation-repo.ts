import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { groupInvites } from '../../db/schema.ts';

/** Group invitations (group_invites): the mailed link's hash, and the user it went to when known. */

export async function insertInvite(ex: Executor, values: typeof groupInvites.$inferInsert) {
  const [row] = await ex.insert(groupInvites).values(values).returning();
  return row!;
}

/** An invitation with what its invitee is shown: the group and who invited them. */
export interface InvitationRow {
  id: number;
  group_id: number;
  g_name: string;
  display_name: string;
  access_mode: number;
  user_id: number | null;
  inviter: string;
  inviter_first_name: string;
  inviter_last_name: string;
  created_at: Date | string;
  expires_at: Date | string;
}

const INVITATION = sql`SELECT i.id, i.group_id, g.g_name, g.display_name, g.access_mode, i.user_id,
    u.name AS inviter, u.first_name AS inviter_first_name, u.last_name AS inviter_last_name,
    i.created_at, i.expires_at
  FROM group_invites i JOIN groups g ON g.id = i.group_id JOIN users u ON u.id = i.invited_by`;

function normalise(r: InvitationRow): InvitationRow {
  return {
    ...r,
    id: Number(r.id),
    group_id: Number(r.group_id),
    access_mode: Number(r.access_mode),
    user_id: r.user_id === null ? null : Number(r.user_id),
  };
}

/**
 * The invitations sent to this user that still last, to groups they have not joined: the newest
 * of each group, newest first. Invitations to an address of no user are never listed: whoever
 * claims that address later did not prove it is theirs.
 */
export async function pendingInvitations(ex: Executor, userId: number, now: Date): Promise<InvitationRow[]> {
  const rows = await queryRows<InvitationRow>(
    ex,
    sql`SELECT * FROM (
          SELECT DISTINCT ON (x.group_id) x.* FROM (${INVITATION}
            WHERE i.user_id = ${userId} AND i.expires_at > ${now.toISOString()}::timestamptz
              AND NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = i.group_id AND m.user_id = ${userId})
          ) x ORDER BY x.group_id, x.created_at DESC, x.id DESC
        ) latest ORDER BY latest.created_at DESC, latest.id DESC`,
  );
  return rows.map(normalise);
}

/** One invitation, by its id or its link's token hash; locked when a transaction will use it up. */
export async function findInvitation(
  ex: Executor,
  by: { id: number } | { tokenHash: string },
  lock = false,
): Promise<InvitationRow | undefined> {
  const where = 'id' in by ? sql`i.id = ${by.id}` : sql`i.token_hash = ${by.tokenHash}`;
  const [row] = await queryRows<InvitationRow>(
    ex,
    sql`${INVITATION} WHERE ${where}${lock ? sql` FOR UPDATE OF i` : sql``}`,
  );
  return row && normalise(row);
}

/** The used invitation, and every other one to the same group sent to the same user. */
export async function deleteInvitations(
  ex: Executor,
  invitation: { id: number; group_id: number },
  userId: number,
) {
  await ex.delete(groupInvites).where(eq(groupInvites.id, invitation.id));
  await ex
    .delete(groupInvites)
    .where(and(eq(groupInvites.groupId, invitation.group_id), eq(groupInvites.userId, userId)));
}
