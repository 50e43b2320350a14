import type { FastifyInstance } from 'fastify';
import {
  batchEditTagsReplySchema,
  batchEditTagsSchema,
  editItemTagsReplySchema,
  editItemTagsSchema,
  loadTagsReplySchema,
  loadTagsSchema,
  recommendedTagsReplySchema,
  recommendedTagsSchema,
  suggestTagsReplySchema,
  suggestTagsSchema,
  updateTagReplySchema,
  updateTagSchema,
} from '../../../shared/schemas/tags.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import type { ItemsService } from '../items/service.ts';
import type { TagsService } from './service.ts';

export function registerTagRoutes(
  app: FastifyInstance,
  deps: { tags: TagsService; items: ItemsService; auth: Auth },
) {
  const { tags, items, auth } = deps;
  const r = contract(app);
  const preValidation = signedIn(auth);

  r.get(
    '/interact_api/load_user_tags',
    {
      schema: {
        summary: 'Tags with counts',
        public: true,
        querystring: loadTagsSchema,
        response: { 200: loadTagsReplySchema },
      },
    },
    async (request) => {
      const viewer = await auth.currentUser(request);
      return tags.list(viewer, request.query);
    },
  );

  r.get(
    '/api/tags/suggest',
    {
      preValidation,
      schema: {
        summary: 'Tag suggestions for a prefix',
        querystring: suggestTagsSchema,
        response: { 200: suggestTagsReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return { tags: await tags.suggest(user.id, request.query) };
    },
  );

  r.get(
    '/tag_mana2/load_recommended_tags',
    {
      preValidation,
      schema: {
        summary: 'Own tags found in a title',
        querystring: recommendedTagsSchema,
        response: { 200: recommendedTagsReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return { code: 1 as const, tags: await tags.recommended(user.id, request.query) };
    },
  );

  // The spec's reply is the bare number 1 on success.
  r.post(
    '/tag_mana2/update_tags',
    {
      preValidation,
      schema: {
        summary: 'Rename, merge or delete a tag (an empty new name deletes it); replies 1',
        body: updateTagSchema,
        response: { 200: updateTagReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      await tags.rename(user.id, request.body);
      return 1 as const;
    },
  );

  r.post(
    '/interact_api/edit_item_tags',
    {
      preValidation,
      schema: {
        summary: "Add to (editTagOption 1) or replace (0) an item's tags",
        body: editItemTagsSchema,
        response: { 200: editItemTagsReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      const { editTags, editTagOption, link_id } = request.body;
      const tNames = await tags.reviseTags(user, link_id, editTags, Number(editTagOption) as 0 | 1);
      await items.publishUpserts(user.id, link_id);
      return { code: 1 as const, t_name: tNames.get(link_id[0]!) ?? '' };
    },
  );

  r.post(
    '/ditem_mana2/batch_edit_tags',
    {
      preValidation,
      schema: {
        summary: 'Revise the tags of many items',
        body: batchEditTagsSchema,
        response: { 200: batchEditTagsReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      const { editTags, editTagOption, infos } = request.body;
      const tNames = await tags.reviseTags(user, infos, editTags, Number(editTagOption) as 0 | 1);
      await items.publishUpserts(user.id, infos);
      return { code: 1 as const, link_ids: infos, t_names: Object.fromEntries(tNames) };
    },
  );
}
