import { notePictureParamsSchema, saveNoteReplySchema, saveNoteSchema } from '../schemas/notes.ts';
import { defineCall } from './define.ts';

/** A note's pictures are uploaded through uploadCalls.saveImage (?for=note). */
export const noteCalls = {
  save: defineCall({
    method: 'POST',
    path: '/item/save/note',
    summary: 'Create (once per local_id; an empty link_id is a new note) or update a note',
    caller: 'session',
    body: saveNoteSchema,
    reply: saveNoteReplySchema,
  }),
  /**
   * A note's pictures are as private as the note: only their owner gets them. The document names
   * it a session call; a visitor gets the same 404 as anyone else it is not for (not a 401), so
   * the route checks the viewer itself (notes/routes.ts).
   */
  picture: defineCall({
    method: 'GET',
    path: '/api/files/notes/:userId/:name',
    summary: "A note's picture (its owner only; a share link's visitor: /s/{key}/notes/{name})",
    caller: 'session',
    params: notePictureParamsSchema,
    produces: 'image/*',
  }),
};
