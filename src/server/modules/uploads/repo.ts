import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemFiles } from '../../db/schema.ts';
import type { Access, Authorized } from '../../policies/authorized.ts';
import { headline } from '../search/snippets.ts';

export type ItemFileRow = typeof itemFiles.$inferSelect;
export type NewItemFile = typeof itemFiles.$inferInsert;

/** Text kept per PDF (the part indexed for full-text search is ItemsService.setPageText's). */
export const TEXT_MAX_CHARS = 1_000_000;

/** An item the item policy (policies/item.ts) granted the caller: reading a file needs read access, changing it write. */
type Checked<A extends Access = 'write'> = Authorized<'item', { id: number; userId: number }, A>;

/** The file row of a pdf or image item just created. */
export async function insertFile(
  ex: Executor,
  item: Checked,
  file: Omit<NewItemFile, 'itemId' | 'userId'>,
): Promise<void> {
  await ex.insert(itemFiles).values({ ...file, itemId: item.id, userId: item.userId });
}

export async function findFile(ex: Executor, item: Checked<'read'>): Promise<ItemFileRow | undefined> {
  const [row] = await ex.select().from(itemFiles).where(eq(itemFiles.itemId, item.id)).limit(1);
  return row;
}

/** False when the file row is gone (the item was deleted meanwhile). */
export async function saveThumbnails(
  ex: Executor,
  item: Checked,
  /** a PDF's thumbnails come without a picture size (its pages have their own) */
  values: { thumbnails: Record<string, string>; width?: number; height?: number },
): Promise<boolean> {
  const saved = await ex
    .update(itemFiles)
    .set(values)
    .where(eq(itemFiles.itemId, item.id))
    .returning({ id: itemFiles.itemId });
  return saved.length > 0;
}

/** Stores a PDF's text (ItemsService.setPageText makes it searchable). */
export async function saveText(
  ex: Executor,
  item: Checked,
  values: { text: string; pageCount: number },
): Promise<void> {
  await ex
    .update(itemFiles)
    .set({ text: values.text.slice(0, TEXT_MAX_CHARS), pageCount: values.pageCount, textStatus: 'done' })
    .where(eq(itemFiles.itemId, item.id));
}

export async function setTextStatus(
  ex: Executor,
  item: Checked,
  status: 'pending' | 'failed',
): Promise<void> {
  await ex.update(itemFiles).set({ textStatus: status }).where(eq(itemFiles.itemId, item.id));
}

export async function setRotation(ex: Executor, item: Checked, rotation: number): Promise<void> {
  await ex.update(itemFiles).set({ rotation }).where(eq(itemFiles.itemId, item.id));
}

/** Every blob key a user's file rows reference: the files and their thumbnails (the blob sweep). */
export async function blobKeysOf(ex: Executor, userId: number): Promise<Set<string>> {
  const rows = await ex
    .select({ blobKey: itemFiles.blobKey, thumbnails: itemFiles.thumbnails })
    .from(itemFiles)
    .where(eq(itemFiles.userId, userId));
  return new Set(rows.flatMap((r) => [r.blobKey, ...Object.values(r.thumbnails as Record<string, string>)]));
}

/** Where the words matched in each item's PDF text (ts_headline's marked text). */
export async function textHeadlines(ex: Executor, itemIds: number[], words: string[]) {
  if (itemIds.length === 0) return [];
  return ex
    .select({ itemId: itemFiles.itemId, marked: headline(sql`${itemFiles.text}`, words) })
    .from(itemFiles)
    .where(and(inArray(itemFiles.itemId, itemIds), isNotNull(itemFiles.text)));
}

/** The user's item of a file with these bytes, if any (an import finds it instead of storing it twice). */
export async function findOwnFileBySha(
  ex: Executor,
  userId: number,
  sha256: string,
): Promise<number | undefined> {
  const [row] = await ex
    .select({ itemId: itemFiles.itemId })
    .from(itemFiles)
    .where(and(eq(itemFiles.userId, userId), eq(itemFiles.sha256, sha256)))
    .limit(1);
  return row?.itemId;
}
