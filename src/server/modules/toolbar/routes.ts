import type { FastifyInstance } from 'fastify';
import { toolbarCalls } from '../../../shared/api/toolbar.ts';
import { TOOLBAR_MSG } from '../../../shared/schemas/toolbar.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { ownOrigin } from '../../platform/auth/origin.ts';
import { binder } from '../../platform/contract.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import type { ToolbarService } from './service.ts';

/** POST /toolbar_server_v13 (spec part 1 §7): the extension's share button. */
export function registerToolbarRoutes(
  app: FastifyInstance,
  deps: { toolbar: ToolbarService; auth: Auth; publicUrl: string | undefined },
) {
  binder(app, deps.auth)(toolbarCalls.command, async ({ user, body, request }) => {
    // the extension names the account it thinks it acts for: another one is never served
    if (body.user !== user.name && body.user !== String(user.id))
      throw new ForbiddenError(TOOLBAR_MSG.notYou);
    // share_makePermalink is the only cmd (the schema refuses others)
    const link = await deps.toolbar.makePermalink(user, body.json, ownOrigin(request, deps.publicUrl));
    return { code: 1 as const, ...link };
  });
}
