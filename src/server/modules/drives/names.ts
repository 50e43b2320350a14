import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { items } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The name a document sent to a drive gets: '{title}_via Folio' for one item (as the Google Doc of
 * spec part 1 §7 is named), 'export_via Folio' for several.
 */
export async function driveDocumentName(db: Executor, user: { id: number }, ids: number[]): Promise<string> {
  let title = 'export';
  if (ids.length === 1) {
    const [row] = await db
      .select({ title: items.title })
      .from(items)
      .where(and(inArray(items.id, ids), eq(items.userId, user.id)));
    title = row?.title || 'export';
  }
  return documentName(title);
}

/** '{title}_via Folio', the characters file systems refuse taken out of the title. */
export function documentName(title: string): string {
  const safe =
    title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/[\p{Cc}\s]+/gu, ' ')
      .trim()
      .slice(0, 120) || 'export';
  return `${safe}_via Folio`;
}

/** Reads an export into memory (both drives send its length up front), refusing one over maxBytes. */
export async function collectDocument(stream: Readable, maxBytes: number, failed: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      throw new AppError(413, `${failed} The document is larger than ${maxBytes} bytes.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
