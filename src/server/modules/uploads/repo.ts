import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemFiles, items } from '../../db/schema.ts';
import { pageVector } from '../search/vectors.ts';

export type ItemFileRow = typeof itemFiles.$inferSelect;
export type NewItemFile = typeof itemFiles.$inferInsert;

/** Text kept per PDF (search/vectors.ts indexes a part of it). */
export const TEXT_MAX_CHARS = 1_000_000;

/**
 * A pdf or image item and its file row. The item's addresses name its id, so they are set once
 * the id is known, in the same transaction.
 */
export async function insertFileItem(
  ex: Executor,
  item: typeof items.$inferInsert,
  file: Omit<NewItemFile, 'itemId' | 'userId'>,
  urlsFor: (id: number) => { downloadUrl: string; permanentUrl: string },
): Promise<number> {
  const [row] = await ex.insert(items).values(item).returning({ id: items.id });
  const id = row!.id;
  await ex.insert(itemFiles).values({ ...file, itemId: id, userId: item.userId });
  await ex.update(items).set(urlsFor(id)).where(eq(items.id, id));
  return id;
}

/** The file of an item, with what decides who may read it. */
export interface FileTarget {
  file: ItemFileRow;
  ownerId: number;
  private: boolean;
  type: string;
}

export async function findFile(ex: Executor, itemId: number): Promise<FileTarget | undefined> {
  const [row] = await ex
    .select({ file: itemFiles, ownerId: items.userId, private: items.private, type: items.type })
    .from(itemFiles)
    .innerJoin(items, eq(items.id, itemFiles.itemId))
    .where(eq(itemFiles.itemId, itemId))
    .limit(1);
  return row;
}

export async function saveThumbnails(
  ex: Executor,
  userId: number,
  itemId: number,
  values: { thumbnails: Record<string, string>; width: number; height: number; thumbnailUrl: string },
): Promise<boolean> {
  const saved = await ex
    .update(itemFiles)
    .set({ thumbnails: values.thumbnails, width: values.width, height: values.height })
    .where(and(eq(itemFiles.itemId, itemId), eq(itemFiles.userId, userId)))
    .returning({ id: itemFiles.itemId });
  if (saved.length === 0) return false;
  await ex
    .update(items)
    .set({ thumbnailUrl: values.thumbnailUrl })
    .where(and(eq(items.id, itemId), eq(items.userId, userId)));
  return true;
}

/** Stores a PDF's text and makes it searchable by full-text search (snapshot=yes). */
export async function saveText(
  ex: Executor,
  userId: number,
  itemId: number,
  values: { text: string; pageCount: number },
): Promise<void> {
  const text = values.text.slice(0, TEXT_MAX_CHARS);
  await ex
    .update(itemFiles)
    .set({ text, pageCount: values.pageCount, textStatus: 'done' })
    .where(and(eq(itemFiles.itemId, itemId), eq(itemFiles.userId, userId)));
  await ex
    .update(items)
    .set({ pageVector: pageVector(text) })
    .where(and(eq(items.id, itemId), eq(items.userId, userId)));
}

export async function setTextStatus(
  ex: Executor,
  userId: number,
  itemId: number,
  status: 'pending' | 'failed',
): Promise<void> {
  await ex
    .update(itemFiles)
    .set({ textStatus: status })
    .where(and(eq(itemFiles.itemId, itemId), eq(itemFiles.userId, userId)));
}

export async function setRotation(
  ex: Executor,
  userId: number,
  itemId: number,
  rotation: number,
): Promise<boolean> {
  const rows = await ex
    .update(itemFiles)
    .set({ rotation })
    .where(and(eq(itemFiles.itemId, itemId), eq(itemFiles.userId, userId)))
    .returning({ id: itemFiles.itemId });
  return rows.length > 0;
}

/** Every blob key a user's file rows reference: the files and their thumbnails (the blob sweep). */
export async function blobKeysOf(ex: Executor, userId: number): Promise<Set<string>> {
  const rows = await ex
    .select({ blobKey: itemFiles.blobKey, thumbnails: itemFiles.thumbnails })
    .from(itemFiles)
    .where(eq(itemFiles.userId, userId));
  return new Set(rows.flatMap((r) => [r.blobKey, ...Object.values(r.thumbnails as Record<string, string>)]));
}
