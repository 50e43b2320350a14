import type { CallInput, CallReply } from '../../shared/api/define.ts';
import { itemCalls } from '../../shared/api/items.ts';
import { noteCalls } from '../../shared/api/notes.ts';
import { uploadCalls } from '../../shared/api/uploads.ts';
import type { NoteImageReply } from '../../shared/schemas/notes.ts';
import { ApiError, call, GENERIC_FAILURE } from './client.ts';

/** What a note save sends (tags: each quoted, comma-joined). */
export type SaveNotePayload = CallInput<typeof noteCalls.save>['body'];

const KEEPALIVE_MAX_CHARS = 60_000;

/**
 * POST /item/save/note. `keepalive` lets the request outlive the page (pagehide, tab closing):
 * the fetch keepalive flag, not sendBeacon, so it still carries JSON and the same-origin header.
 */
export async function saveNote(
  payload: SaveNotePayload,
  opts: { keepalive?: boolean } = {},
): Promise<CallReply<typeof noteCalls.save>> {
  // browsers refuse keepalive bodies over 64 KiB; a larger note relies on its local draft
  const keepalive = (opts.keepalive ?? false) && JSON.stringify(payload).length < KEEPALIVE_MAX_CHARS;
  const reply = await call(noteCalls.save, { body: payload }, { keepalive });
  if (!reply.items) throw new ApiError(GENERIC_FAILURE, 200);
  return reply;
}

/** Removes an item without waiting for the page (an empty new note being left). */
export function deleteItemKeepalive(linkId: number): Promise<unknown> {
  return call(itemCalls.delete, { body: { link_id: String(linkId) } }, { keepalive: true });
}

/** The editor's upload errors (part 2 §7): 'HTTP Error: {status}', or 'Invalid JSON: ...'. */
export class NoteImageError extends Error {}

/** POST /item/save/image?for=note with the picture as files[]; resolves to the address to embed. */
export async function uploadNoteImage(file: Blob): Promise<string> {
  const form = new FormData();
  form.append('files[]', file, file instanceof File ? file.name : 'image');
  let data: Partial<NoteImageReply>;
  try {
    data = (await call(uploadCalls.saveImage, { query: { for: 'note' }, form })) as Partial<NoteImageReply>;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 200) throw new NoteImageError(`Invalid JSON: ${(err.raw ?? '').slice(0, 100)}`);
    const reason = err.raw === undefined && err.message !== GENERIC_FAILURE ? ` (${err.message})` : '';
    throw new NoteImageError(`HTTP Error: ${err.status}${reason}`);
  }
  if (typeof data.image_url_embeded_in_note !== 'string') {
    throw new NoteImageError(`Invalid JSON: ${JSON.stringify(data).slice(0, 100)}`);
  }
  return data.image_url_embeded_in_note;
}
