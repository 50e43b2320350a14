import { z } from 'zod';
import { EMAIL_MAX } from '../limits.ts';
import { MSG } from '../messages.ts';
import {
  addAnnotationSchema,
  annotationReplySchema,
  changeAnnotationColorSchema,
  postStickyNoteSchema,
  removeAnnotationSchema,
} from './annotations.ts';
import { usernameSchema } from './auth.ts';
import { id, name, optional, text } from './fields.ts';
import { itemReplySchema } from './items.ts';

/**
 * Groups, called Classes for teacher and education-domain accounts and Teams otherwise (spec part 1
 * §3, §5, §7, §8). The spec's calls keep their paths and shapes; load_group, invite, accept, leave
 * and remove_member have none in the spec and live beside create_group.
 */

/** accessMode: 5 a team, 6 a class (spec part 1 §3: "5 or 6 means team/class") */
export const ACCESS_MODE = { team: 5, class: 6 } as const;
export const GROUP_DISPLAY_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 2000;
/** link ids one share_to call takes */
export const GROUP_SHARE_MAX = 500;
/** members one list shows, and how many a group holds */
export const GROUP_MEMBERS_MAX = 500;
/** group item pages: the spec's default count 5 */
export const GROUP_ITEMS_DEFAULT = 5;
export const GROUP_ITEMS_MAX = 96;
/** an invitation link works this long */
export const GROUP_INVITE_DAYS = 14;

export const GROUP_MSG = {
  noGroupName: 'no group name',
  noLinkIds: 'no linkIds',
  nameTaken: 'The group name has been used.',
  displayNameRequired: 'Please enter a display name.',
  notAUser: 'No user has this name or e-mail address.',
  alreadyMember: 'This user is already a member of the group.',
  inviteInvalid: 'This invitation is not valid any more.',
  inviteForSomeoneElse: 'This invitation was sent to another user.',
  ownerCannotLeave: 'The owner cannot leave the group; remove its other members first or keep it.',
  ownerOnly: 'Only the owner of the group can do this.',
  cannotRemoveOwner: 'The owner cannot be removed from the group.',
  notAMember: 'This user is not a member of the group.',
  authorOnly: 'Only its author can change this annotation.',
  renamed: 'The group has been renamed.',
  deleted: 'The group has been deleted.',
  /** notifications of the share modal (spec part 1 §8) */
  shared: (title: string) => `Successfully shared to ${title}!`,
  shareError: (title: string) => `share to ${title} ERROR!`,
  someFailed: (n: number, group: string) => `${n} item(s) were failed to share to ${group} !`,
} as const;

export const groupRoleSchema = z.enum(['owner', 'member']);
export type GroupRole = z.infer<typeof groupRoleSchema>;

/** A group as the lists and calls return it (spec part 1 §3: name, displayName, g_name, group_id, accessMode, mode). */
export const groupReplySchema = z.object({
  group_id: z.number(),
  /** the unique name (same as g_name) */
  name: z.string(),
  g_name: z.string(),
  displayName: z.string(),
  description: z.string(),
  accessMode: z.union([z.literal(5), z.literal(6)]),
  mode: z.enum(['team', 'class']),
  /** the caller's role */
  role: groupRoleSchema,
  member_count: z.number(),
  item_count: z.number(),
  owner: z.string(),
  created_at: z.number(),
});
export type GroupReply = z.infer<typeof groupReplySchema>;

export const createGroupSchema = z.object({
  name: usernameSchema,
  displayName: name(GROUP_MSG.displayNameRequired)
    .trim()
    .min(1, { error: GROUP_MSG.displayNameRequired })
    .max(GROUP_DISPLAY_NAME_MAX),
  description: optional(text().trim().max(GROUP_DESCRIPTION_MAX)),
});
export type CreateGroupInput = z.output<typeof createGroupSchema>;
export const groupChangeReplySchema = z.object({ code: z.literal(1), group: groupReplySchema });

export const userGroupsReplySchema = z.object({
  code: z.literal(1),
  data: z.object({ groups: z.array(groupReplySchema) }),
});

export const groupIdQuerySchema = z.object({ group_id: id('group_id') });

export const memberReplySchema = z.object({
  user_id: z.number(),
  name: z.string(),
  display_name: z.string(),
  role: groupRoleSchema,
  joined_at: z.number(),
});
export const loadGroupReplySchema = z.object({
  code: z.literal(1),
  group: groupReplySchema,
  members: z.array(memberReplySchema),
});

/** share_to: g_name in the query (its absence is code -1 'no group name'), ids 'index:id,...' in the body. */
export const shareToQuerySchema = z.object({
  g_name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    text(GROUP_MSG.noGroupName).min(1, { error: GROUP_MSG.noGroupName }).max(64),
  ),
});
const ENTRY = /^\s*(\d{1,6})\s*:\s*(\d{1,15})\s*$/;
export const shareToBodySchema = z.object({
  ids: z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: GROUP_MSG.noLinkIds })
    .transform((v, ctx) => {
      const parts = (Array.isArray(v) ? v.map(String) : v.split(',')).filter((p) => p.trim() !== '');
      if (parts.length === 0) {
        ctx.addIssue({ code: 'custom', message: GROUP_MSG.noLinkIds });
        return z.NEVER;
      }
      if (parts.length > GROUP_SHARE_MAX) {
        ctx.addIssue({ code: 'custom', message: `At most ${GROUP_SHARE_MAX} items at a time.` });
        return z.NEVER;
      }
      const out: { index: number; id: number }[] = [];
      for (const p of parts) {
        const m = ENTRY.exec(p);
        const linkId = m ? Number(m[2]) : Number.NaN;
        if (!m || !Number.isSafeInteger(linkId) || linkId <= 0) {
          ctx.addIssue({ code: 'custom', message: 'ids must be index:id pairs, e.g. 0:12,1:15.' });
          return z.NEVER;
        }
        out.push({ index: Number(m[1]), id: linkId });
      }
      return out;
    }),
});
/** One 'index:id' of share_to's ids. */
export type ShareToEntry = z.output<typeof shareToBodySchema>['ids'][number];

export const sharedToGroupsQuerySchema = z.object({
  // an array: what this schema gave already (the route parses, then the service again)
  links_id: z.union([z.string(), z.number(), z.array(z.number())]).transform((v, ctx) => {
    const ids = (Array.isArray(v) ? v.map(String) : String(v).split(','))
      .filter((p) => p.trim() !== '')
      .map((p) => Number(p.trim()));
    if (
      ids.length === 0 ||
      ids.length > GROUP_SHARE_MAX ||
      ids.some((n) => !Number.isSafeInteger(n) || n <= 0)
    ) {
      ctx.addIssue({ code: 'custom', message: 'links_id must be comma-separated ids.' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  }),
});
export type SharedToGroupsInput = z.output<typeof sharedToGroupsQuerySchema>;
export const groupRefSchema = z.object({ group_id: z.number(), g_name: z.string(), displayName: z.string() });
export const sharedToGroupsReplySchema = z.object({
  code: z.literal(1),
  data: z.array(z.object({ link_id: z.number(), groups: z.array(groupRefSchema) })),
});

const pageNumber = (field: string, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? fallback : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${field} must be a number.` })
      .int({ error: `${field} must be a number.` })
      .min(1)
      .max(max),
  );
export const groupItemsQuerySchema = z.object({
  group_id: id('group_id'),
  count: pageNumber('count', GROUP_ITEMS_MAX, GROUP_ITEMS_DEFAULT),
  page: pageNumber('page', 100_000, 1),
});
export type GroupItemsInput = z.output<typeof groupItemsQuerySchema>;

/** An annotation in the group layer, with who made it. */
export const groupAnnotationSchema = annotationReplySchema.extend({
  author: z.string(),
  /** true: made in the group's layer (its author changes it there); false: the sharer's own */
  in_layer: z.boolean(),
});
export type GroupAnnotation = z.infer<typeof groupAnnotationSchema>;

/** An item of the group: who shared it and when; its annotations are the group layer. */
export const groupItemSchema = z.object({
  item_id: z.number(),
  shared_by: z.string(),
  shared_at: z.number(),
  item: itemReplySchema,
  annotations: z.array(groupAnnotationSchema),
});
export type GroupItem = z.infer<typeof groupItemSchema>;

/** load_user_items: code 0 with data (spec part 1 §7). */
export const groupItemsReplySchema = z.object({
  code: z.literal(0),
  data: z.object({ group: groupReplySchema, items: z.array(groupItemSchema), total: z.number() }),
});
export const groupItemQuerySchema = z.object({ group_id: id('group_id'), item_id: id('item_id') });
export type GroupItemInput = z.output<typeof groupItemQuerySchema>;
export const groupItemReplySchema = z.object({
  code: z.literal(0),
  data: groupItemSchema.extend({ group: groupReplySchema }),
});

export const inviteSchema = z.object({
  group_id: id('group_id'),
  /** a user name or an e-mail address */
  to: text(MSG.emailInvalid).trim().min(1, { error: GROUP_MSG.notAUser }).max(EMAIL_MAX),
});
export type InviteInput = z.output<typeof inviteSchema>;
export const inviteReplySchema = z.object({
  code: z.literal(1),
  email: z.string(),
  user: z.string().nullable(),
});
export const acceptSchema = z.object({
  token: text(GROUP_MSG.inviteInvalid)
    .trim()
    .min(16, { error: GROUP_MSG.inviteInvalid })
    .max(128, { error: GROUP_MSG.inviteInvalid }),
});

/**
 * A pending invitation as its invitee sees it (My Groups, the notifications, the invitation page):
 * the group and who invited them, never the link's token.
 */
export const invitationReplySchema = z.object({
  invite_id: z.number(),
  group: groupReplySchema.pick({
    group_id: true,
    g_name: true,
    displayName: true,
    accessMode: true,
    mode: true,
  }),
  inviter: z.object({ name: z.string(), display_name: z.string() }),
  created_at: z.number(),
  expires_at: z.number(),
});
export type InvitationReply = z.infer<typeof invitationReplySchema>;
export const invitationsReplySchema = z.object({
  code: z.literal(1),
  data: z.object({ invitations: z.array(invitationReplySchema) }),
});
export const invitationTokenQuerySchema = acceptSchema;
export const invitationTokenReplySchema = z.object({ code: z.literal(1), invitation: invitationReplySchema });
export const invitationActionSchema = z.object({ invite_id: id('invite_id') });
export type InvitationActionInput = z.output<typeof invitationActionSchema>;

export const groupActionSchema = z.object({ group_id: id('group_id') });
export const removeMemberSchema = z.object({ group_id: id('group_id'), user_id: id('user_id') });
export type RemoveMemberInput = z.output<typeof removeMemberSchema>;
export const okReplySchema = z.object({ code: z.literal(1) });

/** Rename (display name and description; g_name stays, it is in every link) by the owner. */
export const renameGroupSchema = z.object({
  group_id: id('group_id'),
  displayName: createGroupSchema.shape.displayName,
  description: optional(text().trim().max(GROUP_DESCRIPTION_MAX)),
});
export type RenameGroupInput = z.output<typeof renameGroupSchema>;

/**
 * The group annotation layer: members highlight and write sticky notes on an item shared to the
 * group; each call names the group, and an annotation is changed only by its author.
 */
const inGroup = z.object({ group_id: id('group_id') });
export const groupAddAnnotationSchema = addAnnotationSchema.and(inGroup);
export type GroupAddAnnotationInput = z.output<typeof groupAddAnnotationSchema>;
export const groupChangeColorSchema = changeAnnotationColorSchema
  .omit({ link_id: true })
  .extend(inGroup.shape);
export type GroupChangeColorInput = z.output<typeof groupChangeColorSchema>;
export const groupRemoveAnnotationSchema = removeAnnotationSchema
  .omit({ link_id: true })
  .extend(inGroup.shape);
export type GroupRemoveAnnotationInput = z.output<typeof groupRemoveAnnotationSchema>;
/** sContent sets the annotation's sticky note; '' removes it */
export const groupStickyNoteSchema = inGroup.extend({
  ann_id: removeAnnotationSchema.shape.ann_id,
  sContent: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.union([z.literal(''), postStickyNoteSchema.shape.sContent]),
  ),
});
export type GroupStickyNoteInput = z.output<typeof groupStickyNoteSchema>;
export const groupAnnotationReplySchema = z.object({ code: z.literal(1), annotation: groupAnnotationSchema });
export const groupRemoveAnnotationReplySchema = z.object({ code: z.literal(1), ann_id: z.number() });

/** Live message to every member's tabs: something in the group changed. */
export interface GroupLiveMessage {
  cmd: 'group';
  group_id: number;
  g_name: string;
  /**
   * annotations: the group layer of item_ids changed; renamed / deleted: the group itself; invited:
   * the user was invited to it (sent to the invitee only)
   */
  change: 'shared' | 'members' | 'removed' | 'annotations' | 'renamed' | 'deleted' | 'invited';
  item_ids?: number[];
}
