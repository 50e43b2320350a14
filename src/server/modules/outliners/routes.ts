import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { outlinerCalls } from '../../../shared/api/outliners.ts';
import { MSG } from '../../../shared/messages.ts';
import { toMarkdown, toOpml } from '../../../shared/outliners/export.ts';
import { OPML_MAX_BYTES, OUTLINER_MSG, TAB_HEADER } from '../../../shared/schemas/outliners.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { ownOrigin } from '../../platform/auth/origin.ts';
import { binder } from '../../platform/contract.ts';
import { ForbiddenError, QuotaExceededError, ValidationError } from '../../platform/errors.ts';
import { receiveBytes } from '../../platform/file-intake.ts';
import { contentDisposition, safeFileName } from '../../platform/send-file.ts';
import { parseOpml } from './opml.ts';
import type { Caller, OutlinersService } from './service.ts';

export interface OutlinerRouteDeps {
  outliners: OutlinersService;
  auth: Auth;
  publicUrl: string | undefined;
}

const TAB = /^[\w-]{1,64}$/;

/**
 * The outliner calls: the spec's (`/outliner/...`, `/ditem_outliner/...`,
 * `/interact_api/set_outliner_settings`) and the tree's (`/api/outliners/...`). Every call taking
 * an outliner id answers 404 for an outliner that is not the caller's.
 */
export async function registerOutlinerRoutes(app: FastifyInstance, deps: OutlinerRouteDeps) {
  const { outliners, auth } = deps;
  const bind = binder(app, auth);

  const caller = async (request: FastifyRequest): Promise<Caller> => {
    const user = await auth.requireUser(request);
    const tab = request.headers[TAB_HEADER];
    return {
      user,
      origin: ownOrigin(request, deps.publicUrl),
      tab: typeof tab === 'string' && TAB.test(tab) ? tab : undefined,
    };
  };

  /** The spec's create refusal at the quota: code '0' with the reason the create button shows. */
  const quotaRefusal = (reply: FastifyReply) => (err: unknown) => {
    if (!(err instanceof QuotaExceededError)) throw err;
    return reply
      .status(402)
      .send({ code: '0' as const, reason: OUTLINER_MSG.quota, message: OUTLINER_MSG.quota });
  };

  bind(outlinerCalls.list, async ({ request, query }) => outliners.list(await caller(request), query));
  bind(outlinerCalls.create, async ({ request, reply, body }) =>
    outliners.create(await caller(request), body).catch(quotaRefusal(reply)),
  );
  bind(outlinerCalls.edit, async ({ request, params, body }) =>
    outliners.edit(await caller(request), params.outlinerId, body),
  );
  bind(outlinerCalls.shareLink, async ({ request, params }) => {
    sameOriginOnly(request);
    return outliners.shareLink(await caller(request), params.outlinerId);
  });
  bind(outlinerCalls.shareDisable, async ({ request, params }) => {
    sameOriginOnly(request);
    return outliners.shareDisable(await caller(request), params.outlinerId);
  });
  bind(outlinerCalls.addItems, async ({ request, body }) => outliners.addItems(await caller(request), body));
  bind(outlinerCalls.addText, async ({ request, body }) => outliners.addText(await caller(request), body));
  bind(outlinerCalls.setSettings, async ({ user, body }) => outliners.setSettings(user.id, body));
  bind(outlinerCalls.settings, async ({ user }) => ({
    code: 1 as const,
    settings: await outliners.settings(user.id),
  }));
  bind(outlinerCalls.shared, async ({ request, reply, params }) =>
    sendJson(reply, await outliners.sharedTreeJson(params.shareKey, ownOrigin(request, deps.publicUrl))),
  );
  bind(outlinerCalls.tree, async ({ request, reply, params }) =>
    sendJson(reply, await outliners.treeJson(await caller(request), params.outlinerId)),
  );
  bind(outlinerCalls.export, async ({ request, reply, params, query }) => {
    const tree = await outliners.exportable(await caller(request), params.outlinerId);
    const md = query.format === 'md';
    const body = md ? toMarkdown(tree.outliner, tree.entries) : toOpml(tree.outliner, tree.entries);
    const name = `${safeFileName(tree.outliner.title) || 'outliner'}.${md ? 'md' : 'opml'}`;
    return reply
      .header('content-type', md ? 'text/markdown; charset=utf-8' : 'text/x-opml; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
  bind(outlinerCalls.createEntry, async ({ request, params, body }) =>
    outliners.createEntry(await caller(request), params.outlinerId, body),
  );
  bind(outlinerCalls.editEntry, async ({ request, params, body }) =>
    outliners.editEntry(await caller(request), params.outlinerId, params.entryId, body),
  );
  bind(outlinerCalls.deleteEntry, async ({ request, params }) =>
    outliners.deleteEntry(await caller(request), params.outlinerId, params.entryId),
  );
  // last: a fuzz run of every route deletes the outliner it works on only after the others
  bind(outlinerCalls.delete, async ({ request, params }) =>
    outliners.delete(await caller(request), params.outlinerId),
  );

  // multipart only in this scope, with this upload's own limits
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: OPML_MAX_BYTES + 1, files: 2, fields: 10, parts: 12 },
      throwFileSizeLimit: false,
    });
    binder(scope, auth)(outlinerCalls.import, async ({ request, reply }) => {
      const who = await caller(request);
      if (!request.isMultipart()) throw new ValidationError(OUTLINER_MSG.opmlMissing, 'file');
      const { file } = await receiveBytes(request, {
        fileFields: ['file'],
        field: 'file',
        maxBytes: OPML_MAX_BYTES,
        sniff: () => OPML,
        messages: {
          missing: OUTLINER_MSG.opmlMissing,
          wrongType: OUTLINER_MSG.opmlInvalid,
          tooLarge: OUTLINER_MSG.opmlTooLarge,
        },
      });
      if (!file) throw new ValidationError(OUTLINER_MSG.opmlMissing, 'file');
      const outline = parseOpml(file.bytes.toString('utf8'));
      const fallback =
        file.partName
          .replace(/\.[^.]*$/, '')
          .trim()
          .slice(0, 200) || 'Imported outliner';
      return outliners.importOutline(who, outline, fallback).catch(quotaRefusal(reply));
    });
  });
}

const OPML = { ext: 'opml', mime: 'text/x-opml' };

/**
 * The spec makes turning sharing on and off GETs; a link on another site must not do either with
 * the user's cookie (a top-level navigation carries a Lax cookie), so only the app's own pages may.
 */
/**
 * A reply already serialised (the tree's kept JSON text): Fastify sends a string with a JSON
 * content type as it is, so 1 MB of entries is not parsed and stringified again.
 */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}

function sameOriginOnly(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
    throw new ForbiddenError(MSG.crossOrigin);
  }
}
