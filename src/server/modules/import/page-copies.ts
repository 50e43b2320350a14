import { Readable } from 'node:stream';
import type { Executor } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Authorized } from '../../policies/authorized.ts';
import { CAPTURE_MAX_BYTES } from '../capture/service.ts';
import type { ImportedItems } from '../items/imported.ts';
import type { ItemRow } from '../items/row.ts';

/** Where an import's shipped page copy waits for its capture job. */
export const copyKeyOf = (item: { id: number; userId: number }) =>
  `imports/${item.userId}/copies/${item.id}.html`;

/**
 * Page copies that come with an import (Wallabag's and Omnivore's stored articles): kept in the blob
 * store and handed to the capture job, which stores them as it stores a fetched page (pictures,
 * text, cover) without fetching the page, so a dead link keeps its article.
 */
export class PageCopies {
  constructor(private readonly deps: { blobs: BlobStore; imported: ImportedItems }) {}

  /** False for a copy larger than a fetched page may be: the page is then fetched instead. */
  async keep(tx: Executor, item: Authorized<'item', ItemRow>, html: string): Promise<boolean> {
    if (Buffer.byteLength(html, 'utf8') > CAPTURE_MAX_BYTES) return false;
    const key = copyKeyOf(item);
    await this.deps.blobs.put(key, Readable.from([Buffer.from(html, 'utf8')]), 'text/html');
    await this.deps.imported.queueCopyCapture(tx, item, key);
    return true;
  }
}
