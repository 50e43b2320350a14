import { z } from 'zod';
import { readerReplySchema } from '../schemas/capture.ts';
import {
  acceptSchema,
  createGroupSchema,
  groupActionSchema,
  groupAddAnnotationSchema,
  groupAnnotationReplySchema,
  groupChangeColorSchema,
  groupChangeReplySchema,
  groupIdQuerySchema,
  groupItemQuerySchema,
  groupItemReplySchema,
  groupItemsQuerySchema,
  groupItemsReplySchema,
  groupRemoveAnnotationReplySchema,
  groupRemoveAnnotationSchema,
  groupStickyNoteSchema,
  invitationActionSchema,
  invitationsReplySchema,
  invitationTokenQuerySchema,
  invitationTokenReplySchema,
  inviteReplySchema,
  inviteSchema,
  loadGroupReplySchema,
  okReplySchema,
  removeMemberSchema,
  renameGroupSchema,
  sharedToGroupsQuerySchema,
  sharedToGroupsReplySchema,
  userGroupsReplySchema,
} from '../schemas/groups.ts';
import { defineCall } from './define.ts';

const G = '/group_api/interact_api';

/**
 * The group calls (spec part 1 §7), the membership calls the spec leaves unnamed beside
 * create_group, and the group's annotation layer (the annotations module's group scope).
 */
export const groupCalls = {
  create: defineCall({
    method: 'POST',
    path: `${G}/create_group`,
    summary:
      'A new group {name (unique, user-name rules), displayName, description}: a Class for teacher and ' +
      'education accounts (accessMode 6), else a Team (5); the caller is its owner. {code: 1, group}',
    caller: 'session',
    body: createGroupSchema,
    reply: groupChangeReplySchema,
  }),
  list: defineCall({
    method: 'GET',
    path: '/interact_api/load_user_groups',
    summary: "The caller's groups with their role: {code: 1, data: {groups}}",
    caller: 'session',
    reply: userGroupsReplySchema,
  }),
  load: defineCall({
    method: 'GET',
    path: `${G}/load_group`,
    summary: 'One group of the caller with its members: {code: 1, group, members}',
    caller: 'session',
    query: groupIdQuerySchema,
    reply: loadGroupReplySchema,
  }),
  /** Loose input: the handler checks the group name before the ids, the spec's order (shareTo*Schema). */
  shareTo: defineCall({
    method: 'POST',
    path: '/group_mana/share_to',
    summary:
      "Share the caller's items (not notes) to a group (g_name in the query; ids 'index:id,...' in the body): " +
      "text 'index:flag,...', 1 shared; code -1 'no group name' / 'no linkIds'",
    caller: 'session',
    query: z.object({ g_name: z.unknown().optional() }),
    body: z.object({ ids: z.unknown().optional() }),
    produces: 'text/plain',
  }),
  sharedToGroups: defineCall({
    method: 'GET',
    path: '/interact_api/load_shared_to_groups',
    summary:
      "The caller's groups each of the caller's items was shared to (links_id comma-joined): {code: 1, data}",
    caller: 'session',
    query: sharedToGroupsQuerySchema,
    reply: sharedToGroupsReplySchema,
  }),
  items: defineCall({
    method: 'GET',
    path: `${G}/load_user_items`,
    summary:
      'What members shared to the group, newest first (group_id, count default 5, page): {code: 0, data: ' +
      '{group, items: [{item_id, shared_by, shared_at, item, annotations}], total}}',
    caller: 'session',
    query: groupItemsQuerySchema,
    reply: groupItemsReplySchema,
  }),
  item: defineCall({
    method: 'GET',
    path: `${G}/load_item`,
    summary:
      'One shared item, read-only, with the highlights and sticky notes members made (each with its author): ' +
      '{code: 0, data: {item, annotations, shared_by, shared_at, group}}',
    caller: 'session',
    query: groupItemQuerySchema,
    reply: groupItemReplySchema,
  }),
  invite: defineCall({
    method: 'POST',
    path: `${G}/invite`,
    summary:
      'Invite {group_id, to: user name or e-mail} (owner only): a mail with an accept link; {code: 1, email, user}',
    caller: 'session',
    body: inviteSchema,
    reply: inviteReplySchema,
  }),
  accept: defineCall({
    method: 'POST',
    path: `${G}/accept`,
    summary: "Accept an invitation {token} from the mail's link: {code: 1, group}",
    caller: 'session',
    body: acceptSchema,
    reply: groupChangeReplySchema,
  }),
  invitations: defineCall({
    method: 'GET',
    path: `${G}/load_invitations`,
    summary:
      "The caller's pending invitations, newest first, one per group, each naming the group and the inviter: " +
      '{code: 1, data: {invitations: [{invite_id, group, inviter, created_at, expires_at}]}}',
    caller: 'session',
    reply: invitationsReplySchema,
  }),
  invitation: defineCall({
    method: 'GET',
    path: `${G}/load_invitation`,
    summary:
      'The invitation of a mailed link {token}, naming the group and the inviter, for the user it was sent to: ' +
      '{code: 1, invitation}',
    caller: 'session',
    query: invitationTokenQuerySchema,
    reply: invitationTokenReplySchema,
  }),
  acceptInvitation: defineCall({
    method: 'POST',
    path: `${G}/accept_invitation`,
    summary: "Accept one of the caller's pending invitations {invite_id} (My Groups): {code: 1, group}",
    caller: 'session',
    body: invitationActionSchema,
    reply: groupChangeReplySchema,
  }),
  declineInvitation: defineCall({
    method: 'POST',
    path: `${G}/decline_invitation`,
    summary:
      "Decline one of the caller's pending invitations {invite_id}: it and its mailed link end. {code: 1}",
    caller: 'session',
    body: invitationActionSchema,
    reply: okReplySchema,
  }),
  removeMember: defineCall({
    method: 'POST',
    path: `${G}/remove_member`,
    summary: 'Remove a member {group_id, user_id} (owner only); their shares leave with them: {code: 1}',
    caller: 'session',
    body: removeMemberSchema,
    reply: okReplySchema,
  }),
  leave: defineCall({
    method: 'POST',
    path: `${G}/leave`,
    summary: 'Leave a group {group_id} (not its owner); what the caller shared leaves with them: {code: 1}',
    caller: 'session',
    body: groupActionSchema,
    reply: okReplySchema,
  }),
  rename: defineCall({
    method: 'POST',
    path: `${G}/rename_group`,
    summary:
      'Rename a group {group_id, displayName, description} (owner only; g_name stays): {code: 1, group}',
    caller: 'session',
    body: renameGroupSchema,
    reply: groupChangeReplySchema,
  }),
  delete: defineCall({
    method: 'POST',
    path: `${G}/delete_group`,
    summary:
      "Delete a group {group_id} (owner only): its members, shares and annotation layer; members' items stay. {code: 1}",
    caller: 'session',
    body: groupActionSchema,
    reply: okReplySchema,
  }),
  reader: defineCall({
    method: 'GET',
    path: `${G}/load_reader`,
    summary: "A shared item's reader copy, for members (group_id, item_id): as GET /api/items/reader",
    caller: 'session',
    query: groupItemQuerySchema,
    reply: readerReplySchema,
  }),
  addAnnotation: defineCall({
    method: 'POST',
    path: `${G}/add_annotation`,
    summary:
      "Highlight a shared item in the group's layer {group_id, link_id, shape, content, color, selector} " +
      "(members; the sharer's own annotations are not changed): {code: 1, annotation (with author)}",
    caller: 'session',
    body: groupAddAnnotationSchema,
    reply: groupAnnotationReplySchema,
  }),
  changeAnnotationColor: defineCall({
    method: 'POST',
    path: `${G}/change_annotation_color`,
    summary:
      "Recolour one's own annotation of the group layer {group_id, ann_id, color}: {code: 1, annotation}",
    caller: 'session',
    body: groupChangeColorSchema,
    reply: groupAnnotationReplySchema,
  }),
  postStickyNote: defineCall({
    method: 'POST',
    path: `${G}/post_sticky_note`,
    summary:
      "Set the sticky note of one's own annotation of the group layer {group_id, ann_id, sContent} ('' removes " +
      'it): {code: 1, annotation}',
    caller: 'session',
    body: groupStickyNoteSchema,
    reply: groupAnnotationReplySchema,
  }),
  removeAnnotation: defineCall({
    method: 'POST',
    path: `${G}/remove_annotation`,
    summary: "Remove one's own annotation of the group layer {group_id, ann_id}: {code: 1, ann_id}",
    caller: 'session',
    body: groupRemoveAnnotationSchema,
    reply: groupRemoveAnnotationReplySchema,
  }),
};
