import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { itemPages } from '../../db/schema.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Clock } from '../../platform/clock.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.ts';
import { FetchError } from '../../platform/fetch-errors.ts';
import { type Fetcher, pageText } from '../../platform/fetcher.ts';
import type { Authorized } from '../../policies/authorized.ts';
import { findForWrite } from '../items/access.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import { extractArticle } from './extract.ts';
import { removePictures, storedPicturesOnly, storePictures } from './pictures.ts';
import * as repo from './repo.ts';
import { CAPTURE_MAX_BYTES } from './service.ts';
import * as versions from './versions.ts';

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

/** Told in the update's transaction of the new copy, with the version that keeps the old one. */
export type CopyReplaced<R> = (
  tx: Executor,
  item: Authorized<'item', ItemRow>,
  html: string,
  versionId: number,
) => Promise<R>;

/**
 * "Update copy": the page captured again over a bookmark's stored copy, which is kept as a version
 * the reader can switch to. Replacing a copy takes no new cached-page quota unit.
 */
export class CopyUpdates {
  constructor(
    private readonly deps: { db: Db; clock: Clock; fetcher: Fetcher; blobs: BlobStore; items: ItemsService },
  ) {}

  /** The saved copy's readable text, while it is a copy of the item's current URL. */
  async savedText(itemId: number, url: string): Promise<{ text: string; capturedAt: Date } | null> {
    const [row] = await this.deps.db
      .select({ text: itemPages.text, capturedAt: itemPages.capturedAt })
      .from(itemPages)
      .where(and(eq(itemPages.itemId, itemId), eq(itemPages.sourceUrl, url)))
      .limit(1);
    return row ?? null;
  }

  async update<R>(item: Authorized<'item', ItemRow>, onReplaced: CopyReplaced<R>) {
    const { db, clock, items } = this.deps;
    if (!item.url || item.type !== 'bookmark') throw new ValidationError('Only a bookmark has a page copy.');
    let page: Awaited<ReturnType<Fetcher['fetch']>>;
    try {
      page = await this.deps.fetcher.fetch(item.url, { accept: HTML_TYPES, maxBytes: CAPTURE_MAX_BYTES });
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      throw new ConflictError(`The page could not be captured again: ${err.message}`);
    }
    const article = extractArticle(pageText(page), page.url);
    const pictures = await storePictures(this.deps, item.userId, article.html);
    const now = clock.now();
    try {
      const result = await db.transaction(async (tx) => {
        const current = await findForWrite(tx, { id: item.userId }, item.id, { lock: true });
        if (!current || current.url !== item.url) throw new NotFoundError('This bookmark changed meanwhile.');
        const versionId = await versions.archiveCurrentCopy(tx, current, now);
        if (versionId === null) throw new ValidationError('This bookmark has no saved copy to update.');
        await repo.savePage(tx, current, {
          userId: current.userId,
          sourceUrl: item.url!,
          finalUrl: page.url,
          title: article.title,
          html: pictures.html,
          text: article.text,
          leadImageUrl: null,
          pictures: pictures.keys,
          capturedAt: now,
        });
        await items.update(tx, current, { captureStatus: 'done', captureError: null, capturedAt: now });
        await items.setPageText(tx, current, article.text);
        return { versionId, ...(await onReplaced(tx, current, pictures.html, versionId)) };
      });
      await items.publishUpserts(item.userId, [item.id]);
      return result;
    } catch (err) {
      await removePictures(this.deps.blobs, pictures.keys);
      throw err;
    }
  }

  versions(itemId: number) {
    return versions.versionsOf(this.deps.db, itemId);
  }

  /** One earlier copy as the reader shows it (stored pictures only). */
  async version(itemId: number, versionId: number) {
    const row = await versions.findVersion(this.deps.db, itemId, versionId);
    if (!row) throw new NotFoundError('There is no such version of this page.');
    return { ...row, html: storedPicturesOnly(row.html) };
  }
}
