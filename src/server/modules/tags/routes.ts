import type { FastifyInstance } from 'fastify';
import { tagCalls } from '../../../shared/api/tags.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { ItemsService } from '../items/service.ts';
import type { TagsService } from './service.ts';

export function registerTagRoutes(
  app: FastifyInstance,
  deps: { tags: TagsService; items: ItemsService; auth: Auth },
) {
  const { tags, items } = deps;
  const bind = binder(app, deps.auth);

  bind(tagCalls.list, ({ user, query }) => tags.list(user, query));

  bind(tagCalls.suggest, async ({ user, query }) => ({ tags: await tags.suggest(user.id, query) }));

  bind(tagCalls.recommended, async ({ user, query }) => ({
    code: 1 as const,
    tags: await tags.recommended(user.id, query),
  }));

  bind(tagCalls.rename, async ({ user, body }) => {
    await tags.rename(user.id, body);
    return 1 as const;
  });

  bind(tagCalls.editItemTags, async ({ user, body }) => {
    const { editTags, editTagOption, link_id } = body;
    const tNames = await tags.reviseTags(user, link_id, editTags, Number(editTagOption) as 0 | 1, (tx, ids) =>
      items.emitItems(tx, user.id, 'item.updated', ids),
    );
    await items.publishUpserts(user.id, link_id);
    return { code: 1 as const, t_name: tNames.get(link_id[0]!) ?? '' };
  });

  bind(tagCalls.batchEditTags, async ({ user, body }) => {
    const { editTags, editTagOption, infos } = body;
    const tNames = await tags.reviseTags(user, infos, editTags, Number(editTagOption) as 0 | 1, (tx, ids) =>
      items.emitItems(tx, user.id, 'item.updated', ids),
    );
    await items.publishUpserts(user.id, infos);
    return { code: 1 as const, link_ids: infos, t_names: Object.fromEntries(tNames) };
  });
}
