import { z } from 'zod';
import {
  addAnnotationReplySchema,
  addAnnotationSchema,
  changeAnnotationColorReplySchema,
  changeAnnotationColorSchema,
  editStickyNoteSchema,
  kindleImportReplySchema,
  listAnnotationsReplySchema,
  listAnnotationsSchema,
  postStickyNoteSchema,
  removeAnnotationReplySchema,
  removeAnnotationSchema,
  removeStickyNoteReplySchema,
  removeStickyNoteSchema,
  stickyNoteChangeReplySchema,
} from '../schemas/annotations.ts';
import { defineCall } from './define.ts';

/**
 * The calls of an item's own annotations (the spec's `/annotation_mana/...`), their pages for
 * 'Show N more annotation(s)', and the Kindle clippings import. A group's layer is called through
 * the group calls (api/groups.ts).
 */
export const annotationCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/annotations/list',
    summary:
      "One page of an item's annotations in the library row's order (float notes first), for 'Show N more " +
      "annotation(s)'; the owner's, or a public item's for anyone; replies {annotations, total}",
    caller: 'visitor',
    query: listAnnotationsSchema,
    reply: listAnnotationsReplySchema,
  }),
  add: defineCall({
    method: 'POST',
    path: '/annotation_mana/add_annotation',
    summary:
      'Add a highlight (selector: W3C selectors as an array or its JSON); replies {code: 1, annotation, created, ' +
      'annotation_count}; the same highlight again returns the existing one (created false). A new highlight at ' +
      "the plan's quota is refused: 402 {code: -2, message: 'Your highlight number is over quota'}",
    caller: 'session',
    body: addAnnotationSchema,
    reply: addAnnotationReplySchema,
  }),
  changeColor: defineCall({
    method: 'POST',
    path: '/annotation_mana/change_annotation_color',
    summary: "Change a highlight's colour",
    caller: 'session',
    body: changeAnnotationColorSchema,
    reply: changeAnnotationColorReplySchema,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/annotation_mana/remove_annotation',
    summary: 'Remove an annotation and its sticky notes, giving its quota unit back',
    caller: 'session',
    body: removeAnnotationSchema,
    reply: removeAnnotationReplySchema,
  }),
  postStickyNote: defineCall({
    method: 'POST',
    path: '/annotation_mana/post_sticky_note',
    summary: "Add a highlight's sticky note (or replace its text)",
    caller: 'session',
    body: postStickyNoteSchema,
    reply: stickyNoteChangeReplySchema,
  }),
  editStickyNote: defineCall({
    method: 'POST',
    path: '/annotation_mana/edit_sticky_note',
    summary: 'Edit a sticky note',
    caller: 'session',
    body: editStickyNoteSchema,
    reply: stickyNoteChangeReplySchema,
  }),
  removeStickyNote: defineCall({
    method: 'POST',
    path: '/annotation_mana/remove_sticky_note',
    summary: 'Remove a sticky note',
    caller: 'session',
    body: removeStickyNoteSchema,
    reply: removeStickyNoteReplySchema,
  }),
  importKindle: defineCall({
    method: 'POST',
    path: '/item/import/kindle',
    summary: "Import a Kindle 'My Clippings.txt' (multipart field file); replies what was added",
    caller: 'session',
    multipart: z.object({ file: z.string().describe("the 'My Clippings.txt' file") }),
    reply: kindleImportReplySchema,
  }),
};
