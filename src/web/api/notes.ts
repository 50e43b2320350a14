import type { NoteImageReply, SaveNoteReply } from '../../shared/schemas/notes.ts';
import { ApiError, GENERIC_FAILURE } from './client.ts';

export interface SaveNotePayload {
  title: string;
  content: string;
  note_type: 'rich';
  mode: 'private';
  /** each quoted, comma-joined */
  tags: string;
  link_id?: number;
  local_id?: string;
}

const KEEPALIVE_MAX_CHARS = 60_000;

/**
 * POST /item/save/note. `keepalive` lets the request outlive the page (pagehide, tab closing):
 * the fetch keepalive flag, not sendBeacon, so it still carries JSON and the same-origin header.
 */
export async function saveNote(
  payload: SaveNotePayload,
  opts: { keepalive?: boolean } = {},
): Promise<SaveNoteReply> {
  const body = JSON.stringify(payload);
  let response: Response;
  try {
    response = await fetch('/item/save/note', {
      method: 'POST',
      credentials: 'same-origin',
      // browsers refuse keepalive bodies over 64 KiB; a larger note relies on its local draft
      keepalive: (opts.keepalive ?? false) && body.length < KEEPALIVE_MAX_CHARS,
      headers: { 'content-type': 'application/json' },
      body,
    });
  } catch {
    throw new ApiError(GENERIC_FAILURE, 0);
  }
  const data = (await response.json().catch(() => null)) as (SaveNoteReply & { message?: string }) | null;
  if (!response.ok || !data?.items) throw new ApiError(data?.message ?? GENERIC_FAILURE, response.status);
  return data;
}

/** Removes an item without waiting for the page (an empty new note being left). */
export function deleteItemKeepalive(linkId: number): Promise<Response> {
  return fetch('/ditem_mana2/delete_b', {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ link_id: String(linkId) }),
  });
}

/** The editor's upload errors (part 2 §7): 'HTTP Error: {status}', or 'Invalid JSON: ...'. */
export class NoteImageError extends Error {}

/** POST /item/save/image?for=note with the picture as files[]; resolves to the address to embed. */
export async function uploadNoteImage(file: Blob, fetcher: typeof fetch = fetch): Promise<string> {
  const form = new FormData();
  form.append('files[]', file, file instanceof File ? file.name : 'image');
  let response: Response;
  try {
    response = await fetcher('/item/save/image?for=note', {
      method: 'POST',
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    throw new NoteImageError('HTTP Error: 0');
  }
  const text = await response.text();
  if (response.status !== 200) {
    let message = '';
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? '';
    } catch {}
    throw new NoteImageError(`HTTP Error: ${response.status}${message ? ` (${message})` : ''}`);
  }
  let data: Partial<NoteImageReply>;
  try {
    data = JSON.parse(text) as Partial<NoteImageReply>;
  } catch {
    throw new NoteImageError(`Invalid JSON: ${text.slice(0, 100)}`);
  }
  if (typeof data.image_url_embeded_in_note !== 'string') {
    throw new NoteImageError(`Invalid JSON: ${text.slice(0, 100)}`);
  }
  return data.image_url_embeded_in_note;
}
