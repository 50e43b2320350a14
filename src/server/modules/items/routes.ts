import type { FastifyInstance } from 'fastify';
import {
  bulkReplySchema,
  convertModeSchema,
  linkIdsSchema,
  listReplySchema,
  loadItemSchema,
  loadItemsSchema,
  markReadSchema,
  oneItemReplySchema,
  saveBookmarkSchema,
} from '../../../shared/schemas/items.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import { CSV_COLUMNS, exportCsv } from './export.ts';
import type { ItemsService } from './service.ts';

export function registerItemRoutes(app: FastifyInstance, deps: { items: ItemsService; auth: Auth }) {
  const { items, auth } = deps;
  const r = contract(app);
  const preValidation = signedIn(auth);

  r.post(
    '/item/save/bookmark',
    {
      preValidation,
      schema: {
        summary: 'Create or update a bookmark (an empty link_id makes a new one)',
        body: saveBookmarkSchema,
        response: { 200: oneItemReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      const item = await items.saveBookmark(user, request.body);
      return { items: [item] };
    },
  );

  r.get(
    '/interact_api/load_user_item',
    {
      schema: {
        summary: 'One item',
        public: true,
        querystring: loadItemSchema,
        response: { 200: oneItemReplySchema },
      },
    },
    async (request) => {
      const viewer = await auth.currentUser(request);
      const item = await items.loadItem(viewer, request.query);
      return { items: [item] };
    },
  );

  for (const [path, summary] of [
    ['/interact_api/load_user_items', 'List and filter a library'],
    ['/interact_api/search_user_items', 'Search a library'],
  ] as const) {
    r.get(
      path,
      { schema: { summary, public: true, querystring: loadItemsSchema, response: { 200: listReplySchema } } },
      async (request) => {
        const viewer = await auth.currentUser(request);
        return items.list(viewer, request.query);
      },
    );
  }

  r.post(
    '/ditem_mana2/mark_readed',
    {
      preValidation,
      schema: {
        summary: 'Mark items read (1) or unread (0)',
        body: markReadSchema,
        response: { 200: bulkReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return { code: 1 as const, ...(await items.markRead(user, request.body)) };
    },
  );

  r.post(
    '/ditem_mana2/convert_mode',
    {
      preValidation,
      schema: {
        summary: 'Make items public or private',
        body: convertModeSchema,
        response: { 200: bulkReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return { code: 1 as const, ...(await items.convertMode(user, request.body)) };
    },
  );

  r.post(
    '/ditem_mana2/delete_b',
    {
      preValidation,
      schema: { summary: 'Delete items', body: linkIdsSchema, response: { 200: bulkReplySchema } },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return { code: 1 as const, ...(await items.delete(user, request.body)) };
    },
  );

  // Export as csv (bulk bar): streamed, one row per selected item.
  r.get(
    '/api/items/export.csv',
    {
      preValidation,
      schema: {
        summary: `Export items as CSV (columns ${CSV_COLUMNS.join(', ')})`,
        querystring: linkIdsSchema,
        produces: 'text/csv',
      },
    },
    async (request, reply) => {
      const user = await auth.requireUser(request);
      const csv = await exportCsv(items, user, request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="export.csv"')
        .header('cache-control', 'no-store');
      return reply.send(csv);
    },
  );
}
