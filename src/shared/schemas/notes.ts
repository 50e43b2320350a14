import { z } from 'zod';
import { NOTE_CONTENT_MAX } from '../limits.ts';
import type { ItemReply } from './items.ts';
import { TITLE_MAX } from './items.ts';

/** POST /item/save/note (part 2 §3): link_id updates, local_id creates (once per local id). */
export const saveNoteSchema = z.object({
  link_id: z.coerce.number({ error: 'link_id must be a number.' }).int().positive().optional(),
  local_id: z.string().trim().max(100, { error: 'local_id is too long.' }).optional(),
  title: z.string().trim().max(TITLE_MAX, { error: 'The title is too long.' }).optional(),
  content: z.string().max(NOTE_CONTENT_MAX, { error: 'The note is too long.' }).optional(),
  note_type: z.literal('rich', { error: "note_type must be 'rich'." }).optional(),
  /** notes are always private; whatever is sent, they stay so */
  mode: z.union([z.string(), z.number()]).optional(),
  tags: z.string().max(5000, { error: 'Too many tags.' }).optional(),
});
export type SaveNoteInput = z.input<typeof saveNoteSchema>;

/**
 * The reply: the saved item plus the stored version (updated time in ms) before and after this
 * save, so a tab can tell that another tab saved in between.
 */
export interface SaveNoteReply {
  items: [ItemReply];
  version: number;
  previous_version: number | null;
}

/** POST /item/save/image?for=note */
export const noteImageQuerySchema = z.object({
  for: z.literal('note', { error: 'Only for=note is accepted here.' }),
});
export interface NoteImageReply {
  image_url_embeded_in_note: string;
}
