import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../../platform/auth/auth.ts';
import { exportCsv } from './export.ts';
import type { ItemsService } from './service.ts';

export function registerItemRoutes(app: FastifyInstance, deps: { items: ItemsService; auth: Auth }) {
  const { items, auth } = deps;

  app.post('/item/save/bookmark', async (request) => {
    const user = await auth.requireUser(request);
    const item = await items.saveBookmark(user, request.body as never);
    return { items: [item] };
  });

  app.get('/interact_api/load_user_item', async (request) => {
    const viewer = await auth.currentUser(request);
    return { items: [await items.loadItem(viewer, request.query)] };
  });

  const list = async (request: FastifyRequest) => {
    const viewer = await auth.currentUser(request);
    return items.list(viewer, request.query);
  };
  app.get('/interact_api/load_user_items', list);
  app.get('/interact_api/search_user_items', list);

  app.post('/ditem_mana2/mark_readed', async (request) => {
    const user = await auth.requireUser(request);
    return { code: 1, ...(await items.markRead(user, request.body)) };
  });

  app.post('/ditem_mana2/convert_mode', async (request) => {
    const user = await auth.requireUser(request);
    return { code: 1, ...(await items.convertMode(user, request.body)) };
  });

  app.post('/ditem_mana2/delete_b', async (request) => {
    const user = await auth.requireUser(request);
    return { code: 1, ...(await items.delete(user, request.body)) };
  });

  // Export as csv (bulk bar): streamed, one row per selected item.
  app.get('/api/items/export.csv', async (request, reply) => {
    const user = await auth.requireUser(request);
    const csv = await exportCsv(items, user, request.query);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="export.csv"')
      .header('cache-control', 'no-store');
    return reply.send(csv);
  });
}
