import type { FastifyInstance } from 'fastify';
import { groupCalls as calls } from '../../../shared/api/groups.ts';
import { shareToBodySchema, shareToQuerySchema } from '../../../shared/schemas/groups.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { ownOrigin } from '../../platform/auth/origin.ts';
import { binder } from '../../platform/contract.ts';
import { parse } from '../../platform/errors.ts';
import type { GroupLayerService } from '../annotations/group-layer.ts';
import type { InvitationsService } from './invitations.ts';
import type { GroupsService } from './service.ts';

export interface GroupRouteDeps {
  groups: GroupsService;
  invitations: InvitationsService;
  layer: GroupLayerService;
  auth: Auth;
  publicUrl: string | undefined;
}

/**
 * The group calls (spec part 1 §7) and the membership calls the spec leaves unnamed, beside
 * create_group. Every call about a group answers 404 to a caller who is not its member.
 */
export function registerGroupRoutes(app: FastifyInstance, deps: GroupRouteDeps) {
  const { groups, invitations, layer, auth } = deps;
  const bind = binder(app, auth);

  bind(calls.create, ({ user, body }) => groups.create(user, body));
  bind(calls.list, ({ user }) => groups.list(user));
  bind(calls.load, ({ user, query }) => groups.load(user, query.group_id));
  bind(calls.shareTo, async ({ user, query, body, reply }) => {
    // the spec's own order: the group name is checked before the ids
    const { g_name } = parse(shareToQuerySchema, query);
    const { ids } = parse(shareToBodySchema, body);
    const flags = await groups.shareTo(user, g_name, ids);
    return reply.type('text/plain; charset=utf-8').send(flags);
  });
  bind(calls.sharedToGroups, ({ user, query }) => groups.sharedToGroups(user, query));
  bind(calls.items, ({ user, query }) => groups.items(user, query));
  bind(calls.item, ({ user, query }) => groups.item(user, query));
  bind(calls.invite, ({ user, body, request }) =>
    invitations.invite(user, body, ownOrigin(request, deps.publicUrl)),
  );
  bind(calls.accept, ({ user, body }) => invitations.accept(user, body));
  bind(calls.invitations, ({ user }) => invitations.list(user));
  bind(calls.invitation, ({ user, query }) => invitations.details(user, query));
  bind(calls.acceptInvitation, ({ user, body }) => invitations.acceptListed(user, body));
  bind(calls.declineInvitation, ({ user, body }) => invitations.decline(user, body));
  bind(calls.removeMember, ({ user, body }) => groups.removeMember(user, body));
  bind(calls.leave, ({ user, body }) => groups.leave(user, body.group_id));
  bind(calls.rename, ({ user, body }) => groups.rename(user, body));
  bind(calls.delete, ({ user, body }) => groups.remove(user, body.group_id));
  bind(calls.reader, ({ user, query }) => groups.reader(user, query));
  bind(calls.addAnnotation, ({ user, body }) => layer.add(user, body));
  bind(calls.changeAnnotationColor, ({ user, body }) => layer.changeColor(user, body));
  bind(calls.postStickyNote, ({ user, body }) => layer.stickyNote(user, body));
  bind(calls.removeAnnotation, ({ user, body }) => layer.remove(user, body));
}
