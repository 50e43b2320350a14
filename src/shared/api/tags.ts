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
} from '../schemas/tags.ts';
import { defineCall } from './define.ts';

export const tagCalls = {
  list: defineCall({
    method: 'GET',
    path: '/interact_api/load_user_tags',
    summary: 'Tags with counts',
    caller: 'visitor',
    query: loadTagsSchema,
    reply: loadTagsReplySchema,
  }),
  suggest: defineCall({
    method: 'GET',
    path: '/api/tags/suggest',
    summary: 'Tag suggestions for a prefix',
    caller: 'session',
    query: suggestTagsSchema,
    reply: suggestTagsReplySchema,
  }),
  recommended: defineCall({
    method: 'GET',
    path: '/tag_mana2/load_recommended_tags',
    summary: 'Own tags found in a title',
    caller: 'session',
    query: recommendedTagsSchema,
    reply: recommendedTagsReplySchema,
  }),
  /** the spec's reply is the bare number 1 on success */
  rename: defineCall({
    method: 'POST',
    path: '/tag_mana2/update_tags',
    summary: 'Rename, merge or delete a tag (an empty new name deletes it); replies 1',
    caller: 'session',
    body: updateTagSchema,
    reply: updateTagReplySchema,
  }),
  editItemTags: defineCall({
    method: 'POST',
    path: '/interact_api/edit_item_tags',
    summary: "Add to (editTagOption 1) or replace (0) an item's tags",
    caller: 'session',
    body: editItemTagsSchema,
    reply: editItemTagsReplySchema,
  }),
  batchEditTags: defineCall({
    method: 'POST',
    path: '/ditem_mana2/batch_edit_tags',
    summary: 'Revise the tags of many items',
    caller: 'session',
    body: batchEditTagsSchema,
    reply: batchEditTagsReplySchema,
  }),
};
