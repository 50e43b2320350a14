import type { z } from 'zod';
import {
  addAnnotationSchema,
  changeAnnotationColorSchema,
  editStickyNoteSchema,
  listAnnotationsSchema,
  postStickyNoteSchema,
  removeAnnotationSchema,
  removeStickyNoteSchema,
} from '../../../shared/schemas/annotations.ts';
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
import { fileQuerySchema, rotateImageSchema, uploadFormSchema } from '../../../shared/schemas/uploads.ts';

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
    summary:
      'Upload an image item (qqfile: jpeg, png, gif or bmp below 64 MB, and the upload form fields); replies ' +
      "{items: [item]}, or 402 {code: -2} at the plan's limit. With ?for=note: a picture for a note (files[]), " +
      'replying image_url_embeded_in_note',
    query: noteImageQuerySchema.partial(),
    body: uploadFormSchema,
    multipart: true,
  },
  'POST /item/save': {
    summary:
      'Upload a PDF or image (qqfile below 67108864 bytes, checked by its first bytes; dtype pdf or image, ' +
      'qqfilename, tags, description, private, unread, lists, groups); replies {items: [item]}, or 402 ' +
      "{code: -2, message} at the plan's limit",
    body: uploadFormSchema,
    multipart: true,
  },
  'POST /item/save/pdf': {
    summary: 'Upload a PDF item (as POST /item/save with dtype pdf)',
    body: uploadFormSchema,
    multipart: true,
  },
  'GET /api/files/items/:linkId/file': {
    summary:
      "A pdf or image item's file (owner, or anyone if public): inline, or attachment with ?download=1; " +
      'single byte ranges (206/416), ETag',
    query: fileQuerySchema,
    public: true,
  },
  'GET /api/files/items/:linkId/thumb/:width': {
    summary: "An image item's webp thumbnail, 550 (grid), 160 (list) or 150 (preview) px wide",
    query: fileQuerySchema,
    public: true,
  },
  'POST /api/files/rotate': {
    summary: "Keep an image item's preview rotation (0, 90, 180, 270); replies {link_id, rotation}",
    body: rotateImageSchema,
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
    summary:
      "A page's title (the URL when unreadable), description and recommended tags; link_id when the URL is " +
      'already one of your bookmarks (saving it again updates that one)',
    body: fetchMetaSchema,
  },
  'GET /api/items/reader': {
    summary: "A bookmark's stored reader HTML and capture status (owner, or anyone if public)",
    query: readerQuerySchema,
    public: true,
  },
  'GET /cached': {
    summary:
      'The stored copy of a page as a sandboxed HTML document (owner, or anyone if public); without one, a 404 ' +
      'HTML page saying there is no cached copy yet',
    query: cachedQuerySchema,
    public: true,
  },
  'GET /api/annotations/list': {
    summary:
      "One page of an item's annotations in the library row's order (float notes first, then oldest first), " +
      'for Show N more annotation(s): replies {annotations, total}; the owner, or anyone when the item is public',
    query: listAnnotationsSchema,
    public: true,
  },
  'POST /annotation_mana/add_annotation': {
    summary:
      'Add a highlight (selector: W3C selectors as an array or its JSON); replies {code: 1, annotation, created, ' +
      'annotation_count}; the same highlight again returns the existing one (created false). A new highlight at ' +
      "the plan's quota is refused: 402 {code: -2, message: 'Your highlight number is over quota'}",
    body: addAnnotationSchema,
  },
  'POST /annotation_mana/change_annotation_color': {
    summary: "Change a highlight's colour; replies {code: 1, annotation}",
    body: changeAnnotationColorSchema,
  },
  'POST /annotation_mana/remove_annotation': {
    summary:
      'Remove an annotation and its sticky notes, giving its quota unit back; replies {code: 1, ann_id, annotation_count}',
    body: removeAnnotationSchema,
  },
  'POST /annotation_mana/post_sticky_note': {
    summary: "Add a highlight's sticky note (or replace its text); replies {code: 1, stickyNote}",
    body: postStickyNoteSchema,
  },
  'POST /annotation_mana/edit_sticky_note': {
    summary: 'Edit a sticky note; replies {code: 1, stickyNote}',
    body: editStickyNoteSchema,
  },
  'POST /annotation_mana/remove_sticky_note': {
    summary: 'Remove a sticky note; replies {code: 1, id}',
    body: removeStickyNoteSchema,
  },
  'POST /item/import/kindle': {
    summary:
      "Import a Kindle 'My Clippings.txt' (multipart field file); replies what was added: " +
      '{code: 1, items, highlights, stickyNotes}',
    multipart: true,
  },
  'GET /api/health': { summary: 'Liveness and database kind', public: true },
  'GET /api/docs': { summary: 'This document', public: true },
};
