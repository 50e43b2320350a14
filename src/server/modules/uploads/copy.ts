import type { Executor } from '../../db/client.ts';
import { copyBlobs } from '../../platform/blob-copy.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { ItemRow } from '../items/row.ts';
import * as repo from './repo.ts';

/** An uploaded file copied for another user's item (Save to My Library): its blobs are new files. */
export interface FileCopy {
  row: repo.ItemFileRow;
  keys: Map<string, string>;
}

/** Copies the file and thumbnails of a readable pdf or image item into the user's blob area. */
export async function prepareFileCopy(
  ex: Executor,
  blobs: BlobStore,
  from: Authorized<'item', ItemRow, 'read'>,
  userId: number,
): Promise<FileCopy | null> {
  const row = await repo.findFile(ex, from);
  if (!row) return null;
  const thumbs = Object.values(row.thumbnails as Record<string, string>);
  const keys = await copyBlobs(blobs, [row.blobKey, ...thumbs], userId);
  return { row, keys };
}

/** The file row of the copy, naming the copied blobs; the blob keys of the copy (for clean-up). */
export async function insertFileCopy(
  tx: Executor,
  to: Authorized<'item', ItemRow>,
  copy: FileCopy,
): Promise<void> {
  const { row, keys } = copy;
  const blobKey = keys.get(row.blobKey);
  if (!blobKey) throw new Error('the file is gone');
  const thumbnails = Object.fromEntries(
    Object.entries(row.thumbnails as Record<string, string>).flatMap(([w, k]) =>
      keys.has(k) ? [[w, keys.get(k)!]] : [],
    ),
  );
  await repo.insertFile(tx, to, {
    blobKey,
    contentType: row.contentType,
    size: row.size,
    fileName: row.fileName,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    pageCount: row.pageCount,
    thumbnails,
    rotation: row.rotation,
    textStatus: row.textStatus,
    text: row.text,
  });
}
