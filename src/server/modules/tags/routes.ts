import type { FastifyInstance } from 'fastify';
import { batchEditTagsSchema, editItemTagsSchema } from '../../../shared/schemas/tags.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { parse } from '../../platform/errors.ts';
import type { ItemsService } from '../items/service.ts';
import type { TagsService } from './service.ts';

export function registerTagRoutes(
  app: FastifyInstance,
  deps: { tags: TagsService; items: ItemsService; auth: Auth },
) {
  const { tags, items, auth } = deps;

  app.get('/interact_api/load_user_tags', async (request) => {
    const viewer = await auth.currentUser(request);
    return tags.list(viewer, request.query);
  });

  app.get('/api/tags/suggest', async (request) => {
    const user = await auth.requireUser(request);
    return { tags: await tags.suggest(user.id, request.query) };
  });

  app.get('/tag_mana2/load_recommended_tags', async (request) => {
    const user = await auth.requireUser(request);
    return { code: 1, tags: await tags.recommended(user.id, request.query) };
  });

  // The spec's reply is the bare number 1 on success.
  app.post('/tag_mana2/update_tags', async (request, reply) => {
    const user = await auth.requireUser(request);
    await tags.rename(user.id, request.body);
    return reply.type('application/json').send('1');
  });

  app.post('/interact_api/edit_item_tags', async (request) => {
    const user = await auth.requireUser(request);
    const { editTags, editTagOption, link_id } = parse(editItemTagsSchema, request.body);
    const tNames = await tags.reviseTags(user, link_id, editTags, Number(editTagOption) as 0 | 1);
    await items.publishUpserts(user.id, link_id);
    return { code: 1, t_name: tNames.get(link_id[0]!) ?? '' };
  });

  app.post('/ditem_mana2/batch_edit_tags', async (request) => {
    const user = await auth.requireUser(request);
    const { editTags, editTagOption, infos } = parse(batchEditTagsSchema, request.body);
    const tNames = await tags.reviseTags(user, infos, editTags, Number(editTagOption) as 0 | 1);
    await items.publishUpserts(user.id, infos);
    return { code: 1, link_ids: infos, t_names: Object.fromEntries(tNames) };
  });
}
