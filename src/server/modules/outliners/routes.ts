import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.ts';
import { toMarkdown, toOpml } from '../../../shared/outliners/export.ts';
import {
  addTextToOutlinerSchema,
  addToOutlinerReplySchema,
  addToOutlinerSchema,
  createEntrySchema,
  deleteEntryReplySchema,
  editEntrySchema,
  editOutlinerSchema,
  entryChangeReplySchema,
  entryParamsSchema,
  exportOutlinerSchema,
  importOutlinerReplySchema,
  listOutlinersReplySchema,
  listOutlinersSchema,
  newOutlinerSchema,
  OPML_MAX_BYTES,
  OUTLINER_MSG,
  okReplySchema,
  outlinerChangeReplySchema,
  outlinerParamsSchema,
  outlinerQuotaReplySchema,
  outlinerSettingsReplySchema,
  outlinerTreeReplySchema,
  setOutlinerSettingsSchema,
  shareKeyParamsSchema,
  shareLinkReplySchema,
  TAB_HEADER,
} from '../../../shared/schemas/outliners.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { ownOrigin } from '../../platform/auth/origin.ts';
import { contract, signedIn } from '../../platform/contract.ts';
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
const quotaReplies = { 402: outlinerQuotaReplySchema };

/**
 * The outliner calls: the spec's (`/outliner/...`, `/ditem_outliner/...`,
 * `/interact_api/set_outliner_settings`) and the tree's (`/api/outliners/...`). Every call taking
 * an outliner id answers 404 for an outliner that is not the caller's.
 */
export async function registerOutlinerRoutes(app: FastifyInstance, deps: OutlinerRouteDeps) {
  const { outliners, auth } = deps;
  const preValidation = signedIn(auth);
  const api = contract(app);
  /** A signed-in call's options: the session check, then its summary and schemas. */
  const owner = <S extends FastifySchema>(schema: S) => ({ preValidation, schema });

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

  api.get(
    '/outliner/list',
    owner({
      summary:
        "The user's outliners: {code: 1, data: {outliners}}; search (in titles), sort title | updated | created " +
        '(default updated), order asc | desc (title ascending, the others descending by default)',
      querystring: listOutlinersSchema,
      response: { 200: listOutlinersReplySchema },
    }),
    async (request) => outliners.list(await caller(request), request.query),
  );
  api.post(
    '/outliner/new',
    owner({
      summary:
        "A new outliner {title}: {code: 1, outliner}; at the plan's outliner quota 402 {code: '0', reason}",
      body: newOutlinerSchema,
      response: { 200: outlinerChangeReplySchema, ...quotaReplies },
    }),
    async (request, reply) =>
      outliners.create(await caller(request), request.body).catch(quotaRefusal(reply)),
  );
  api.post(
    '/outliner/:outlinerId/edit',
    owner({
      summary: 'Change the title (never empty) or description {title, description}: {code: 1, outliner}',
      params: outlinerParamsSchema,
      body: editOutlinerSchema,
      response: { 200: outlinerChangeReplySchema },
    }),
    async (request) => outliners.edit(await caller(request), request.params.outlinerId, request.body),
  );
  api.get(
    '/outliner/:outlinerId/share/link',
    owner({
      summary:
        'Turn sharing on (privacy 2): {code: 1, reason, share_link, share_key}; the same key while on, a new ' +
        'one (128 random bits) after a disable',
      params: outlinerParamsSchema,
      response: { 200: shareLinkReplySchema },
    }),
    async (request) => {
      sameOriginOnly(request);
      return outliners.shareLink(await caller(request), request.params.outlinerId);
    },
  );
  api.get(
    '/outliner/:outlinerId/share/disable',
    owner({
      summary: 'Turn sharing off (privacy 0): the link then finds nothing; {code: 1}',
      params: outlinerParamsSchema,
      response: { 200: okReplySchema },
    }),
    async (request) => {
      sameOriginOnly(request);
      return outliners.shareDisable(await caller(request), request.params.outlinerId);
    },
  );
  api.post(
    '/ditem_outliner/add_to_outliner',
    owner({
      summary:
        'Add items {infos: link ids, comma-separated or a JSON array; list_id: the outliner}: each becomes an ' +
        'item entry at the end (items it holds already are skipped); {code: 1, entries}',
      body: addToOutlinerSchema,
      response: { 200: addToOutlinerReplySchema },
    }),
    async (request) => outliners.addItems(await caller(request), request.body),
  );
  api.post(
    '/ditem_outliner/add_text_to_outliner',
    owner({
      summary:
        'Add a line of text at the end {text, outliner_id, ann_id?}; with ann_id (dragged from a highlight) and ' +
        'the source_link setting on, a highlight entry linking back to it; {code: 1, entry}',
      body: addTextToOutlinerSchema,
      response: { 200: entryChangeReplySchema },
    }),
    async (request) => outliners.addText(await caller(request), request.body),
  );
  api.post(
    '/interact_api/set_outliner_settings',
    owner({
      summary:
        'Outliner settings {data: {quota} or {source_link}} (data may be JSON text): show the quota; text ' +
        'from a highlight links back to it; {code: 1, settings}',
      body: setOutlinerSettingsSchema,
      response: { 200: outlinerSettingsReplySchema },
    }),
    async (request) => outliners.setSettings((await caller(request)).user.id, request.body),
  );
  api.get(
    '/api/outliners/settings',
    owner({
      summary: "The user's outliner settings: {code: 1, settings: {quota, sourceLink}}",
      response: { 200: outlinerSettingsReplySchema },
    }),
    async (request) => ({
      code: 1 as const,
      settings: await outliners.settings((await caller(request)).user.id),
    }),
  );
  api.get(
    '/api/outliners/shared/:shareKey',
    {
      schema: {
        summary:
          'A shared outliner read-only, for anyone with its key (signed in or not): {code: 1, outliner, entries, ' +
          'owner}; 404 once sharing is off',
        public: true,
        params: shareKeyParamsSchema,
        response: { 200: outlinerTreeReplySchema },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await outliners.sharedTreeJson(request.params.shareKey, ownOrigin(request, deps.publicUrl)),
      ),
  );
  api.get(
    '/api/outliners/:outlinerId',
    owner({
      summary:
        'The tree: {code: 1, outliner, entries (parents before children, siblings by position), owner}; item and ' +
        'highlight entries carry title, url, quote and color',
      params: outlinerParamsSchema,
      response: { 200: outlinerTreeReplySchema },
    }),
    async (request, reply) =>
      sendJson(reply, await outliners.treeJson(await caller(request), request.params.outlinerId)),
  );
  api.get(
    '/api/outliners/:outlinerId/export',
    owner({
      summary: 'The outliner as a file: format=md (Markdown list) or opml (OPML 2.0)',
      params: outlinerParamsSchema,
      querystring: exportOutlinerSchema,
      produces: 'text/markdown, text/x-opml',
    }),
    async (request, reply) => {
      const tree = await outliners.exportable(await caller(request), request.params.outlinerId);
      const md = request.query.format === 'md';
      const body = md ? toMarkdown(tree.outliner, tree.entries) : toOpml(tree.outliner, tree.entries);
      const name = `${safeFileName(tree.outliner.title) || 'outliner'}.${md ? 'md' : 'opml'}`;
      return reply
        .header('content-type', md ? 'text/markdown; charset=utf-8' : 'text/x-opml; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
  api.post(
    '/api/outliners/:outlinerId/entries',
    owner({
      summary:
        'A new entry {parent_id (none: top level), after_id (none: first), text, note, collapsed, link_id | ' +
        'ann_id}: {code: 1, entry, repositioned}',
      params: outlinerParamsSchema,
      body: createEntrySchema,
      response: { 200: entryChangeReplySchema },
    }),
    async (request) => outliners.createEntry(await caller(request), request.params.outlinerId, request.body),
  );
  api.post(
    '/api/outliners/:outlinerId/entries/:entryId',
    owner({
      summary:
        'Change an entry {text, note, collapsed}; sending parent_id or after_id (null: top level, first) moves ' +
        'it; under itself or its own entries: 400. {code: 1, entry, repositioned}',
      params: entryParamsSchema,
      body: editEntrySchema,
      response: { 200: entryChangeReplySchema },
    }),
    async (request) =>
      outliners.editEntry(
        await caller(request),
        request.params.outlinerId,
        request.params.entryId,
        request.body,
      ),
  );
  api.post(
    '/api/outliners/:outlinerId/entries/:entryId/delete',
    owner({
      summary: 'Remove an entry with everything under it: {code: 1, removed}',
      params: entryParamsSchema,
      response: { 200: deleteEntryReplySchema },
    }),
    async (request) =>
      outliners.deleteEntry(await caller(request), request.params.outlinerId, request.params.entryId),
  );
  // last: a fuzz run of every route deletes the outliner it works on only after the others
  api.post(
    '/outliner/:outlinerId/delete',
    owner({
      summary: 'Delete the outliner and its entries, giving its quota unit back: {code: 1}',
      params: outlinerParamsSchema,
      response: { 200: okReplySchema },
    }),
    async (request) => outliners.delete(await caller(request), request.params.outlinerId),
  );

  // multipart only in this scope, with this upload's own limits
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: OPML_MAX_BYTES + 1, files: 2, fields: 10, parts: 12 },
      throwFileSizeLimit: false,
    });
    contract(scope).post(
      '/api/outliners/import',
      {
        preValidation,
        schema: {
          summary:
            "An OPML file (multipart field file) as a new outliner (one unit of the plan's quota): {code: 1, " +
            "outliner, imported}; at the quota 402 {code: '0', reason}",
          multipart: z.object({ file: z.string().describe('the OPML file') }),
          response: { 200: importOutlinerReplySchema, ...quotaReplies },
        },
      },
      async (request, reply) => {
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
      },
    );
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
