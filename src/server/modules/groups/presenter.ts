import type { GroupReply, GroupRole } from '../../../shared/schemas/groups.ts';
import { toSeconds } from '../../platform/clock.ts';
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
