import type { GroupReply, GroupRole, InvitationReply } from '../../../shared/schemas/groups.ts';
import { toSeconds } from '../../platform/clock.ts';
import type { InvitationRow } from './invitation-repo.ts';
import type { GroupListRow, MemberRow } from './repo.ts';

export function presentGroup(row: GroupListRow): GroupReply {
  const accessMode = row.access_mode === 6 ? 6 : 5;
  return {
    group_id: row.id,
    name: row.g_name,
    g_name: row.g_name,
    displayName: row.display_name,
    description: row.description,
    accessMode,
    mode: accessMode === 6 ? 'class' : 'team',
    role: row.role as GroupRole,
    member_count: row.member_count,
    item_count: row.item_count,
    owner: row.owner,
    created_at: toSeconds(new Date(row.created_at))!,
  };
}

export function presentMember(row: MemberRow) {
  return {
    user_id: row.user_id,
    name: row.name,
    display_name: `${row.first_name} ${row.last_name}`.trim() || row.name,
    role: row.role as GroupRole,
    joined_at: toSeconds(new Date(row.joined_at))!,
  };
}

export function presentInvitation(row: InvitationRow): InvitationReply {
  const accessMode = row.access_mode === 6 ? 6 : 5;
  return {
    invite_id: row.id,
    group: {
      group_id: row.group_id,
      g_name: row.g_name,
      displayName: row.display_name,
      accessMode,
      mode: accessMode === 6 ? 'class' : 'team',
    },
    inviter: {
      name: row.inviter,
      display_name: `${row.inviter_first_name} ${row.inviter_last_name}`.trim() || row.inviter,
    },
    created_at: toSeconds(new Date(row.created_at))!,
    expires_at: toSeconds(new Date(row.expires_at))!,
  };
}
