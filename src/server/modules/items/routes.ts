import type { FastifyInstance } from 'fastify';
import { itemCalls } from '../../../shared/api/items.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { ownOrigin } from '../../platform/auth/origin.ts';
import { binder } from '../../platform/contract.ts';
import { exportCsv } from './export.ts';
import { placeSaved, type SaveTargets } from './save-targets.ts';
import type { ItemsService } from './service.ts';
import { type PageTexts, withSnippets } from './snippets.ts';

export function registerItemRoutes(
  app: FastifyInstance,
  deps: {
    items: ItemsService;
    auth: Auth;
    targets: SaveTargets;
    /** captured pages and PDF texts, for full-text hits' snippets */
    pageTexts: PageTexts[];
    publicUrl: string | undefined;
  },
) {
  const { items } = deps;
  const bind = binder(app, deps.auth);

  bind(itemCalls.saveBookmark, async ({ user, body, request }) => {
    const { lists, groups, ...fields } = body;
    const caller = { user, origin: ownOrigin(request, deps.publicUrl) };
    const item = await items.saveBookmark(user, fields, placeSaved(deps.targets, caller, { lists, groups }));
    const similar = await items.similarTo(user.id, item);
    return { items: [item], ...(similar ? { similar } : {}) };
  });

  bind(itemCalls.load, async ({ user, query }) => ({ items: [await items.loadItem(user, query)] }));

  bind(itemCalls.list, async ({ user, query }) =>
    withSnippets(await items.list(user, query), query, deps.pageTexts),
  );
  bind(itemCalls.search, async ({ user, query }) =>
    withSnippets(await items.list(user, query), query, deps.pageTexts),
  );

  bind(itemCalls.markRead, async ({ user, body }) => ({
    code: 1 as const,
    ...(await items.markRead(user, body)),
  }));

  bind(itemCalls.convertMode, async ({ user, body }) => ({
    code: 1 as const,
    ...(await items.convertMode(user, body)),
  }));

  bind(itemCalls.star, async ({ user, body }) => ({
    code: 1 as const,
    ...(await items.star(user, body)),
  }));

  bind(itemCalls.delete, async ({ user, body }) => ({
    code: 1 as const,
    ...(await items.delete(user, body)),
  }));

  // Export as csv (bulk bar): streamed, one row per selected item.
  bind(itemCalls.exportCsv, async ({ user, query, reply }) => {
    const csv = await exportCsv(items, user, query);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="export.csv"')
      .header('cache-control', 'no-store');
    return reply.send(csv);
  });
}
