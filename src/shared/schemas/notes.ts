import { z } from 'zod';
import { NOTE_CONTENT_MAX } from '../limits.ts';
import { name, optional, optionalLinkId, text } from './fields.ts';
import { itemReplySchema, TITLE_MAX } from './items.ts';

/** POST /item/save/note (part 2 §3): link_id updates, local_id creates (once per local id). */
export const saveNoteSchema = z.object({
  link_id: optionalLinkId,
  local_id: text().trim().max(100, { error: 'local_id is too long.' }).optional(),
  title: name().trim().max(TITLE_MAX, { error: 'The title is too long.' }).optional(),
  content: text().max(NOTE_CONTENT_MAX, { error: 'The note is too long.' }).optional(),
  note_type: optional(z.literal('rich', { error: "note_type must be 'rich'." })),
  /** notes are always private; whatever is sent, they stay so */
  mode: z.union([text().max(20), z.number()]).optional(),
  tags: text().max(5000, { error: 'Too many tags.' }).optional(),
});
export type SaveNoteInput = z.output<typeof saveNoteSchema>;

/**
 * The reply: the saved item plus the stored version (updated time in ms) before and after this
 * save, so a tab can tell that another tab saved in between.
 */
export const saveNoteReplySchema = z.object({
  items: z.tuple([itemReplySchema]),
  version: z.number(),
  previous_version: z.number().nullable(),
});
export type SaveNoteReply = z.infer<typeof saveNoteReplySchema>;

/** POST /item/save/image?for=note */
export const noteImageQuerySchema = z.object({
  for: z.literal('note', { error: 'Only for=note is accepted here.' }),
});
export const noteImageReplySchema = z.object({ image_url_embeded_in_note: z.string() });
export type NoteImageReply = z.infer<typeof noteImageReplySchema>;

/** GET /api/files/notes/{userId}/{name}: a wrong pair is a 404, so both are plain text here */
export const notePictureParamsSchema = z.object({ userId: z.string(), name: z.string() });
