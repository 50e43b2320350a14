import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { escapeHtml } from '../../../shared/escape-html.ts';

/**
 * Writes to the download's stream and waits while it is full, so a format never runs ahead of
 * the blob store: what is in memory is one batch, not the file.
 */
export async function put(out: Writable, chunk: string | Uint8Array): Promise<void> {
  if (out.destroyed) throw new Error('The export was stopped.');
  if (!out.write(chunk)) {
    await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (out.destroyed) throw new Error('The export was stopped.');
  }
}

/** Text for a bookmarks file's elements and attributes: markup escaped, and the control characters no HTML document may hold removed. */
export function escapeDocumentText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return escapeHtml(text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, ''));
}
