import type { z } from 'zod';
import { signInSchema, signUpSchema } from '../../../shared/schemas/auth.ts';
import { cachedQuerySchema, fetchMetaSchema, readerQuerySchema } from '../../../shared/schemas/capture.ts';
import { contactSchema } from '../../../shared/schemas/feedback.ts';
import {
  convertModeSchema,
  linkIdsSchema,
  loadItemSchema,
  loadItemsSchema,
  markReadSchema,
  saveBookmarkSchema,
} from '../../../shared/schemas/items.ts';
import { noteImageQuerySchema, saveNoteSchema } from '../../../shared/schemas/notes.ts';
import {
  batchEditTagsSchema,
  editItemTagsSchema,
  loadTagsSchema,
  recommendedTagsSchema,
  suggestTagsSchema,
  updateTagSchema,
} from '../../../shared/schemas/tags.ts';

/** One documented call: what it does and the shared schema of its input. */
export interface Operation {
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** body sent as multipart/form-data */
  multipart?: boolean;
  /** readable without a session */
  public?: boolean;
}

/** Every call of the HTTP surface, keyed "METHOD /path"; a test keeps it equal to the registered routes. */
export const OPERATIONS: Record<string, Operation> = {
  'POST /api/auth/sign-up': { summary: 'Create an account and sign in', body: signUpSchema, public: true },
  'POST /api/auth/sign-in': { summary: 'Sign in by name or e-mail', body: signInSchema, public: true },
  'POST /api/auth/sign-out': { summary: 'End the session', public: true },
  'GET /interact_api/load_user_info': {
    summary: 'The signed-in user (name null for a visitor)',
    public: true,
  },
  'POST /common/contact': { summary: 'Send feedback to support', body: contactSchema, public: true },
  'POST /item/save/bookmark': { summary: 'Create or update a bookmark', body: saveBookmarkSchema },
  'POST /item/save/note': { summary: 'Create (once per local_id) or update a note', body: saveNoteSchema },
  'POST /item/save/image': {
    summary: 'Upload a picture for a note (files[]); replies image_url_embeded_in_note',
    query: noteImageQuerySchema,
    multipart: true,
  },
  'GET /api/files/notes/:userId/:name': { summary: "A note's picture (its owner only)" },
  'GET /interact_api/load_user_item': { summary: 'One item', query: loadItemSchema, public: true },
  'GET /interact_api/load_user_items': {
    summary: 'List and filter a library',
    query: loadItemsSchema,
    public: true,
  },
  'GET /interact_api/search_user_items': {
    summary: 'Search a library',
    query: loadItemsSchema,
    public: true,
  },
  'POST /ditem_mana2/mark_readed': { summary: 'Mark items read (1) or unread (0)', body: markReadSchema },
  'POST /ditem_mana2/convert_mode': { summary: 'Make items public or private', body: convertModeSchema },
  'POST /ditem_mana2/delete_b': { summary: 'Delete items', body: linkIdsSchema },
  'GET /api/items/export.csv': { summary: 'Export items as CSV', query: linkIdsSchema },
  'GET /websocket': { summary: 'Live item changes of the signed-in user (WebSocket, ?name=)' },
  'GET /interact_api/load_user_tags': { summary: 'Tags with counts', query: loadTagsSchema, public: true },
  'GET /api/tags/suggest': { summary: 'Tag suggestions for a prefix', query: suggestTagsSchema },
  'GET /tag_mana2/load_recommended_tags': {
    summary: 'Own tags found in a title',
    query: recommendedTagsSchema,
  },
  'POST /tag_mana2/update_tags': {
    summary: 'Rename, merge or delete a tag (replies 1)',
    body: updateTagSchema,
  },
  'POST /interact_api/edit_item_tags': {
    summary: "Add to or replace an item's tags",
    body: editItemTagsSchema,
  },
  'POST /ditem_mana2/batch_edit_tags': {
    summary: 'Revise the tags of many items',
    body: batchEditTagsSchema,
  },
  'POST /fetch_meta': {
    summary: "A page's title (the URL when unreadable), description and recommended tags",
    body: fetchMetaSchema,
  },
  'GET /api/items/reader': {
    summary: "A bookmark's stored reader HTML and capture status (owner, or anyone if public)",
    query: readerQuerySchema,
    public: true,
  },
  'GET /cached': {
    summary: 'The stored copy of a page as a sandboxed HTML document (owner, or anyone if public)',
    query: cachedQuerySchema,
    public: true,
  },
  'GET /api/health': { summary: 'Liveness and database kind', public: true },
  'GET /api/docs': { summary: 'This document', public: true },
};
