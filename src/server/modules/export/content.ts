import { and, eq, inArray } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { splitTName } from '../../../shared/tags.ts';
import type { Executor } from '../../db/client.ts';
import { itemFiles } from '../../db/schema.ts';
import { type BlobStore, readBlob } from '../../platform/blob-store.ts';
import type { Actor } from '../../policies/authorized.ts';
import { loadAll } from '../items/access.ts';
import type { ItemsService } from '../items/service.ts';

/** One item as every export format writes it: plain text only, so no builder handles HTML. */
export interface ExportItem {
  id: number;
  type: string;
  title: string;
  url: string;
  description: string;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
  /** a note's text, one entry per paragraph */
  note: string[];
  highlights: ExportHighlight[];
  /** the item's picture (an image item's stored file), read only by the builder that draws it */
  picture?: () => Promise<Buffer | null>;
}

export interface ExportHighlight {
  quote: string;
  color: string;
  /** sticky notes on the highlight */
  notes: string[];
}

/** Items loaded at a time: a large export never holds more than this many rows. */
export const EXPORT_BATCH = 50;

/**
 * The items in the order given, a batch at a time (ids already checked as the caller's own);
 * each batch is loaded through the access policy again, so an item deleted meanwhile ends the
 * export with an error instead of leaking anything.
 */
export async function* exportItems(
  deps: { db: Executor; items: ItemsService; blobs: BlobStore },
  user: NonNullable<Actor>,
  ids: number[],
): AsyncGenerator<ExportItem> {
  for (let at = 0; at < ids.length; at += EXPORT_BATCH) {
    const batch = ids.slice(at, at + EXPORT_BATCH);
    const rows = await loadAll(deps.db, user, batch, 'write');
    const replies = await deps.items.present(deps.db, rows, user.id);
    const pictures = await pictureKeys(
      deps.db,
      user.id,
      replies.filter((r) => r.type_name === 'image').map((r) => r.link_id),
    );
    for (const reply of replies) {
      const key = pictures.get(reply.link_id);
      yield toExportItem(reply, key ? () => readBlob(deps.blobs, key) : undefined);
    }
  }
}

export function toExportItem(reply: ItemReply, picture?: () => Promise<Buffer | null>): ExportItem {
  return {
    id: reply.link_id,
    type: reply.type_name,
    title: reply.title || reply.url || 'Untitled',
    url: reply.url,
    description: reply.description,
    tags: splitTName(reply.t_name),
    createdAt: new Date(reply.created_at * 1000),
    updatedAt: new Date(reply.updated_at * 1000),
    note: reply.type_name === 'note' ? noteParagraphs(reply.note_content, reply.is_rich_note) : [],
    highlights: reply.annotations
      .filter((a) => a.content.trim() !== '' || a.stickyNotes.length > 0)
      .map((a) => ({
        quote: a.content,
        color: a.extra.color,
        notes: a.stickyNotes.map((s) => s.content).filter((c) => c.trim() !== ''),
      })),
    picture,
  };
}

/** The picture to draw for each image item: its largest thumbnail, else the stored file. */
async function pictureKeys(ex: Executor, userId: number, ids: number[]): Promise<Map<number, string>> {
  const keys = new Map<number, string>();
  if (ids.length === 0) return keys;
  const rows = await ex
    .select({ itemId: itemFiles.itemId, blobKey: itemFiles.blobKey, thumbnails: itemFiles.thumbnails })
    .from(itemFiles)
    .where(and(eq(itemFiles.userId, userId), inArray(itemFiles.itemId, ids)));
  for (const r of rows) {
    const thumbs = r.thumbnails as Record<string, string>;
    const widest = Object.keys(thumbs).sort((a, b) => Number(b) - Number(a))[0];
    keys.set(r.itemId, widest ? thumbs[widest]! : r.blobKey);
  }
  return keys;
}

const BLOCKS = new Set([
  'p',
  'div',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'tr',
  'br',
]);

/** A note's text by paragraph: rich notes are HTML, plain ones text with line breaks. */
export function noteParagraphs(content: string, rich: boolean): string[] {
  if (!rich && !/<[a-z][\s\S]*>/i.test(content)) return splitLines(content);
  const parts: string[] = [];
  let current = '';
  const flush = () => {
    const line = current.replace(/\s+/g, ' ').trim();
    if (line) parts.push(line);
    current = '';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (BLOCKS.has(name)) flush();
      },
      ontext(text) {
        current += text;
      },
      onclosetag(name) {
        if (BLOCKS.has(name)) flush();
      },
    },
    { decodeEntities: true },
  );
  parser.write(content);
  parser.end();
  flush();
  return parts;
}

function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** True when the text holds right-to-left letters (Hebrew, Arabic and their neighbours). */
export function isRtl(text: string): boolean {
  return /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/.test(text);
}

/** Waits for the event loop's other work: a long export gives way between items. */
export function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
