import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readerReplySchema } from '../../../shared/schemas/capture.ts';
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
  inviteReplySchema,
  inviteSchema,
  loadGroupReplySchema,
  okReplySchema,
  removeMemberSchema,
  renameGroupSchema,
  sharedToGroupsQuerySchema,
  sharedToGroupsReplySchema,
  userGroupsReplySchema,
} from '../../../shared/schemas/groups.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { ownOrigin } from '../../platform/auth/origin.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import type { GroupLayerService } from '../annotations/group-layer.ts';
import type { GroupsService } from './service.ts';

export interface GroupRouteDeps {
  groups: GroupsService;
  layer: GroupLayerService;
  auth: Auth;
  publicUrl: string | undefined;
}

const G = '/group_api/interact_api';

/**
 * The group calls (spec part 1 §7) and the membership calls the spec leaves unnamed, beside
 * create_group. Every call about a group answers 404 to a caller who is not its member.
 */
export function registerGroupRoutes(app: FastifyInstance, deps: GroupRouteDeps) {
  const { groups, layer, auth } = deps;
  const preValidation = signedIn(auth);
  const api = contract(app);
  const user = (request: Parameters<Auth['requireUser']>[0]) => auth.requireUser(request);

  api.post(
    `${G}/create_group`,
    {
      preValidation,
      schema: {
        summary:
          'A new group {name (unique, user-name rules), displayName, description}: a Class for teacher and ' +
          'education accounts (accessMode 6), else a Team (5); the caller is its owner. {code: 1, group}',
        body: createGroupSchema,
        response: { 200: groupChangeReplySchema },
      },
    },
    async (request) => groups.create(await user(request), request.body),
  );
  api.get(
    '/interact_api/load_user_groups',
    {
      preValidation,
      schema: {
        summary: "The caller's groups with their role: {code: 1, data: {groups}}",
        response: { 200: userGroupsReplySchema },
      },
    },
    async (request) => groups.list(await user(request)),
  );
  api.get(
    `${G}/load_group`,
    {
      preValidation,
      schema: {
        summary: 'One group of the caller with its members: {code: 1, group, members}',
        querystring: groupIdQuerySchema,
        response: { 200: loadGroupReplySchema },
      },
    },
    async (request) => groups.load(await user(request), request.query.group_id),
  );
  api.post(
    '/group_mana/share_to',
    {
      preValidation,
      schema: {
        summary:
          "Share the caller's items (not notes) to a group (g_name in the query; ids 'index:id,...' in the body): " +
          "text 'index:flag,...', 1 shared; code -1 'no group name' / 'no linkIds'",
        querystring: z.object({ g_name: z.unknown().optional() }),
        body: z.object({ ids: z.unknown().optional() }),
        produces: 'text/plain',
      },
    },
    async (request, reply) => {
      // the spec's own order: the group name is checked before the ids
      const who = await user(request);
      const flags = await groups.shareTo(who, request.query, request.body);
      return reply.type('text/plain; charset=utf-8').send(flags);
    },
  );
  api.get(
    '/interact_api/load_shared_to_groups',
    {
      preValidation,
      schema: {
        summary:
          "The caller's groups each of the caller's items was shared to (links_id comma-joined): {code: 1, data}",
        querystring: sharedToGroupsQuerySchema,
        response: { 200: sharedToGroupsReplySchema },
      },
    },
    async (request) => groups.sharedToGroups(await user(request), request.query),
  );
  api.get(
    `${G}/load_user_items`,
    {
      preValidation,
      schema: {
        summary:
          'What members shared to the group, newest first (group_id, count default 5, page): {code: 0, data: ' +
          '{group, items: [{item_id, shared_by, shared_at, item, annotations}], total}}',
        querystring: groupItemsQuerySchema,
        response: { 200: groupItemsReplySchema },
      },
    },
    async (request) => groups.items(await user(request), request.query),
  );
  api.get(
    `${G}/load_item`,
    {
      preValidation,
      schema: {
        summary:
          'One shared item, read-only, with the highlights and sticky notes members made (each with its author): ' +
          '{code: 0, data: {item, annotations, shared_by, shared_at, group}}',
        querystring: groupItemQuerySchema,
        response: { 200: groupItemReplySchema },
      },
    },
    async (request) => groups.item(await user(request), request.query),
  );
  api.post(
    `${G}/invite`,
    {
      preValidation,
      schema: {
        summary:
          'Invite {group_id, to: user name or e-mail} (owner only): a mail with an accept link; {code: 1, email, user}',
        body: inviteSchema,
        response: { 200: inviteReplySchema },
      },
    },
    async (request) => groups.invite(await user(request), request.body, ownOrigin(request, deps.publicUrl)),
  );
  api.post(
    `${G}/accept`,
    {
      preValidation,
      schema: {
        summary: "Accept an invitation {token} from the mail's link: {code: 1, group}",
        body: acceptSchema,
        response: { 200: groupChangeReplySchema },
      },
    },
    async (request) => groups.accept(await user(request), request.body),
  );
  api.post(
    `${G}/remove_member`,
    {
      preValidation,
      schema: {
        summary: 'Remove a member {group_id, user_id} (owner only); their shares leave with them: {code: 1}',
        body: removeMemberSchema,
        response: { 200: okReplySchema },
      },
    },
    async (request) => groups.removeMember(await user(request), request.body),
  );
  api.post(
    `${G}/leave`,
    {
      preValidation,
      schema: {
        summary:
          'Leave a group {group_id} (not its owner); what the caller shared leaves with them: {code: 1}',
        body: groupActionSchema,
        response: { 200: okReplySchema },
      },
    },
    async (request) => groups.leave(await user(request), request.body.group_id),
  );
  api.post(
    `${G}/rename_group`,
    {
      preValidation,
      schema: {
        summary:
          'Rename a group {group_id, displayName, description} (owner only; g_name stays): {code: 1, group}',
        body: renameGroupSchema,
        response: { 200: groupChangeReplySchema },
      },
    },
    async (request) => groups.rename(await user(request), request.body),
  );
  api.post(
    `${G}/delete_group`,
    {
      preValidation,
      schema: {
        summary:
          "Delete a group {group_id} (owner only): its members, shares and annotation layer; members' items stay. {code: 1}",
        body: groupActionSchema,
        response: { 200: okReplySchema },
      },
    },
    async (request) => groups.remove(await user(request), request.body.group_id),
  );
  api.get(
    `${G}/load_reader`,
    {
      preValidation,
      schema: {
        summary: "A shared item's reader copy, for members (group_id, item_id): as GET /api/items/reader",
        querystring: groupItemQuerySchema,
        response: { 200: readerReplySchema },
      },
    },
    async (request) => groups.reader(await user(request), request.query),
  );
  api.post(
    `${G}/add_annotation`,
    {
      preValidation,
      schema: {
        summary:
          "Highlight a shared item in the group's layer {group_id, link_id, shape, content, color, selector} " +
          "(members; the sharer's own annotations are not changed): {code: 1, annotation (with author)}",
        body: groupAddAnnotationSchema,
        response: { 200: groupAnnotationReplySchema },
      },
    },
    async (request) => layer.add(await user(request), request.body),
  );
  api.post(
    `${G}/change_annotation_color`,
    {
      preValidation,
      schema: {
        summary:
          "Recolour one's own annotation of the group layer {group_id, ann_id, color}: {code: 1, annotation}",
        body: groupChangeColorSchema,
        response: { 200: groupAnnotationReplySchema },
      },
    },
    async (request) => layer.changeColor(await user(request), request.body),
  );
  api.post(
    `${G}/post_sticky_note`,
    {
      preValidation,
      schema: {
        summary:
          "Set the sticky note of one's own annotation of the group layer {group_id, ann_id, sContent} ('' removes " +
          'it): {code: 1, annotation}',
        body: groupStickyNoteSchema,
        response: { 200: groupAnnotationReplySchema },
      },
    },
    async (request) => layer.stickyNote(await user(request), request.body),
  );
  api.post(
    `${G}/remove_annotation`,
    {
      preValidation,
      schema: {
        summary: "Remove one's own annotation of the group layer {group_id, ann_id}: {code: 1, ann_id}",
        body: groupRemoveAnnotationSchema,
        response: { 200: groupRemoveAnnotationReplySchema },
      },
    },
    async (request) => layer.remove(await user(request), request.body),
  );
}
