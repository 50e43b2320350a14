import type {
  CachedQueryInput,
  CaptureStatus,
  FetchMetaInput,
  FetchMetaReply,
  ReaderQueryInput,
  ReaderReply,
} from '../../../shared/schemas/capture.ts';
import type { Db, Executor } from '../../db/client.ts';
import { type BlobStore, readBlob } from '../../platform/blob-store.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, QuotaExceededError } from '../../platform/errors.ts';
import { FetchError, UnsupportedContentTypeError } from '../../platform/fetch-errors.ts';
import { type Fetcher, pageText } from '../../platform/fetcher.ts';
import type { Job } from '../../platform/jobs.ts';
import type { Authorized } from '../../policies/authorized.ts';
import { itemAbilities } from '../../policies/item.ts';
import type { AccountsService } from '../accounts/service.ts';
import { findForWrite, loadForRead } from '../items/access.ts';
import type { CaptureJobPayload } from '../items/capture-hook.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import type { TagsService } from '../tags/service.ts';
import { extractPdfText } from '../uploads/pdf-text.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { extractArticle, extractMeta } from './extract.ts';
import { storeFavicon } from './favicons.ts';
import { pictureUrl, removePictures, storeCover, storedPicturesOnly, storePictures } from './pictures.ts';
import * as repo from './repo.ts';

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
/** A bookmark of a PDF is named by its metadata; it has no reader copy. */
const PDF_TYPE = 'application/pdf';
const READ_TYPES = [...HTML_TYPES, PDF_TYPE];
/** A captured page may be this large; past it the capture fails (and is not retried). */
export const CAPTURE_MAX_BYTES = 5 * 1024 * 1024;
/** fetch_meta reads only the head of a page, so a huge page still gives its title. */
const META_MAX_BYTES = 1024 * 1024;

export interface CaptureDeps {
  db: Db;
  clock: Clock;
  fetcher: Fetcher;
  blobs: BlobStore;
  /** told of each page copy stored, in its transaction (imported highlights are anchored on it) */
  onCopyStored?: (tx: Executor, item: Authorized<'item', ItemRow>, html: string) => Promise<unknown>;
  items: ItemsService;
  tags: TagsService;
  accounts: AccountsService;
  /** capture.finished, queued with the capture's last change */
  webhooks: WebhookEvents;
  log?: (obj: object, msg: string) => void;
}

interface Viewer {
  id: number;
  name: string;
}

/** The copy a viewer may open, with what it belongs to. */
export interface CachedCopy {
  title: string;
  url: string;
  html: string;
  capturedAt: Date;
}

/** Add-bookmark metadata, page capture (a background job), and reading the stored copy. */
export class CaptureService {
  constructor(private readonly deps: CaptureDeps) {}

  /** POST /fetch_meta: any trouble reading the page gives the URL as title and no tags (spec §4). */
  async fetchMeta(userId: number, { url }: FetchMetaInput): Promise<FetchMetaReply> {
    const [existing, meta] = await Promise.all([
      this.deps.items.bookmarkIdFor(userId, url),
      this.readMeta(url),
    ]);
    // the user's own tags the page mentions; none when the page could not be read
    const tags = meta ? await this.deps.tags.recommended(userId, { title: meta.title, url }) : [];
    const reply = meta ? { ...meta, tags } : { title: url, description: '', tags };
    return existing === undefined ? reply : { ...reply, link_id: existing };
  }

  /** The page's title (or the URL) and description, or null when it cannot be read. */
  private async readMeta(url: string): Promise<{ title: string; description: string } | null> {
    try {
      const page = await this.deps.fetcher.fetch(url, {
        accept: READ_TYPES,
        maxBytes: META_MAX_BYTES,
        truncate: true,
      });
      if (page.contentType === PDF_TYPE) {
        // a PDF's metadata is read from its end: a cut one gives the URL as title
        const title = page.truncated ? null : await this.pdfTitle(page.body, url);
        return { title: title || url, description: '' };
      }
      const meta = extractMeta(pageText(page), page.url);
      return { title: meta.title || url, description: meta.description };
    } catch (err) {
      this.deps.log?.({ err, url }, 'fetch_meta failed');
      return null;
    }
  }

  /**
   * The capture job. A failure worth retrying (timeout, network, 5xx) is recorded and thrown so
   * the queue retries it with backoff; any other failure, or the last attempt's, is recorded and
   * ends the job. The item itself is never removed.
   */
  /** The capture job's handler (registered in jobs-wiring.ts). */
  async capture(job: Job<CaptureJobPayload>): Promise<void> {
    const { itemId } = job.payload;
    const userId = job.userId!;
    const { db, clock, accounts, items } = this.deps;
    const owner = { id: userId };
    const target = await findForWrite(db, owner, itemId);
    if (!target?.url || target.type !== 'bookmark') return;
    const user = await accounts.findUser(userId);
    if (!user) return;
    if (!(await accounts.hasRoom(user, 'cachedPage'))) return this.finish(target, 'quota', null);

    let article: ReturnType<typeof extractArticle>;
    let finalUrl: string;
    try {
      // a copy that came with an import is stored as it is; gone, the page is fetched instead
      const copy = job.payload.copyKey ? await readBlob(this.deps.blobs, job.payload.copyKey) : null;
      if (copy !== null) {
        finalUrl = target.url;
        article = extractArticle(copy.toString('utf8'), target.url);
      } else {
        const page = await this.deps.fetcher.fetch(target.url, {
          accept: READ_TYPES,
          maxBytes: CAPTURE_MAX_BYTES,
        });
        if (page.contentType === PDF_TYPE)
          return this.namePdf(target, await this.pdfTitle(page.body, target.url));
        finalUrl = page.url;
        article = extractArticle(pageText(page), page.url);
      }
    } catch (err) {
      const message = err instanceof FetchError ? err.message : 'The page could not be read.';
      if (!(err instanceof FetchError)) this.deps.log?.({ err, itemId }, 'capture failed');
      if (err instanceof FetchError && err.retryable && !job.lastAttempt) {
        await items.update(db, target, { captureStatus: 'pending', captureError: message });
        throw err;
      }
      return this.finish(target, 'failed', message);
    }

    // the copy's pictures come from the store, so reading it never calls the site
    await this.siteIcon(target.url, article.iconUrl);
    const copy = await storePictures(this.deps, userId, article.html);
    // the rows' cover comes from the store too (never hot-linked); it lives and goes with the copy
    // a screenshot sent with the copy is its cover; otherwise the page's lead image
    const cover =
      job.payload.coverKey ??
      (article.leadImageUrl ? await storeCover(this.deps, userId, article.leadImageUrl) : null);
    const coverUrl = cover ? pictureUrl(cover) : null;
    const pictures = { html: copy.html, keys: cover ? [...copy.keys, cover] : copy.keys };
    const now = clock.now();
    let outcome: 'done' | 'stale' | 'quota';
    try {
      outcome = await db.transaction(async (tx) => {
        const current = await findForWrite(tx, owner, itemId, { lock: true });
        // Deleted, or its URL changed while we fetched: the newer job captures the new page.
        if (!current || current.url !== target.url) return 'stale';
        await accounts.reserveUsage(tx, user, 'cachedPage');
        const previousLeadImage = await repo.findLeadImage(tx, itemId);
        await repo.savePage(tx, current, {
          userId,
          sourceUrl: target.url!,
          finalUrl,
          title: article.title,
          html: pictures.html,
          text: article.text,
          leadImageUrl: coverUrl,
          pictures: pictures.keys,
          capturedAt: now,
        });
        // The title is filled only where the user left the URL (or nothing) as the title.
        const untitled = !current.title.trim() || current.title === current.url;
        // A thumbnail set by an earlier capture follows the page; anything else is the user's.
        const ownThumbnail = !current.thumbnailUrl || current.thumbnailUrl === previousLeadImage;
        await items.update(tx, current, {
          captureStatus: 'done',
          captureError: null,
          capturedAt: now,
          ...(untitled && article.title ? { title: article.title } : {}),
          ...(ownThumbnail && coverUrl ? { thumbnailUrl: coverUrl } : {}),
        });
        await items.setPageText(tx, current, article.text);
        await this.deps.onCopyStored?.(tx, current, pictures.html);
        await this.finished(tx, current, 'done', null);
        return 'done';
      });
    } catch (err) {
      if (!(err instanceof QuotaExceededError)) {
        await removePictures(this.deps.blobs, pictures.keys);
        throw err;
      }
      // the plan's last cached page went to another capture meanwhile
      outcome = 'quota';
    }
    // the pictures of a copy that was not saved belong to nothing
    if (outcome !== 'done') await removePictures(this.deps.blobs, pictures.keys);
    if (outcome === 'quota') return this.finish(target, 'quota', null);
    if (outcome !== 'stale') await items.publishUpserts(userId, [itemId]);
    if (job.payload.copyKey) await this.deps.blobs.delete(job.payload.copyKey);
  }

  /** The title in a PDF's metadata, or null (also when pdf.js cannot read it). */
  private async pdfTitle(body: Buffer, url: string): Promise<string | null> {
    try {
      // a copy: the reader's thread takes the bytes it is given, and a Buffer may share its memory
      return (await extractPdfText(new Uint8Array(body), 0)).title;
    } catch (err) {
      this.deps.log?.({ err, url }, 'PDF title not read');
      return null;
    }
  }

  /**
   * A bookmark of a PDF: no reader copy (the capture fails as for any page that is not HTML), but an
   * item the user left untitled takes the title of the PDF's metadata.
   */
  private async namePdf(target: Authorized<'item', ItemRow>, title: string | null) {
    const { db, items } = this.deps;
    await db.transaction(async (tx) => {
      const current = await findForWrite(tx, { id: target.userId }, target.id, { lock: true });
      if (!current || current.url !== target.url) return;
      const untitled = !current.title.trim() || current.title === current.url;
      const error = new UnsupportedContentTypeError(PDF_TYPE).message;
      await items.update(tx, current, {
        captureStatus: 'failed',
        captureError: error,
        ...(untitled && title ? { title } : {}),
      });
      await this.finished(tx, current, 'failed', error);
    });
    await items.publishUpserts(target.userId, [target.id]);
  }

  /** The site's icon, once per host and port; a failure to store it never fails the capture. */
  private async siteIcon(url: string, iconUrl: string | null) {
    try {
      await storeFavicon(this.deps, new URL(url).host, iconUrl);
    } catch (err) {
      this.deps.log?.({ err, url }, 'favicon not stored');
    }
  }

  private async finish(item: Authorized<'item', ItemRow>, status: CaptureStatus, error: string | null) {
    await this.deps.db.transaction(async (tx) => {
      await this.deps.items.update(tx, item, { captureStatus: status, captureError: error });
      await this.finished(tx, item, status, error);
    });
    await this.deps.items.publishUpserts(item.userId, [item.id]);
  }

  /** The capture.finished webhook event: the item, how its capture ended, and why it failed. */
  private finished(
    tx: Executor,
    item: Authorized<'item', ItemRow>,
    status: CaptureStatus,
    error: string | null,
  ) {
    return this.deps.webhooks.emit(tx, item.userId, 'capture.finished', { link_id: item.id, status, error });
  }

  /** GET /api/items/reader: the owner, or anyone for a public item (loadItem refuses the rest). */
  async reader(viewer: Viewer | null, { link_id }: ReaderQueryInput): Promise<ReaderReply> {
    const item = await loadForRead(this.deps.db, viewer, link_id);
    const reply = await this.readerOf(item);
    return itemAbilities(viewer, item).canEdit && item.captureError
      ? { ...reply, error: item.captureError }
      : reply;
  }

  /** The reader copy of an item the caller was granted reading (a share link's item too). */
  async readerOf(item: Authorized<'item', ItemRow, 'read'>): Promise<ReaderReply> {
    const copy = await this.copyOf(item.id, item.url);
    const status = (item.captureStatus ?? (copy ? 'done' : 'none')) as CaptureStatus;
    return {
      title: item.title,
      url: item.url ?? '',
      html: copy ? storedPicturesOnly(copy.html) : '',
      captured_at: copy ? Math.floor(copy.capturedAt.getTime() / 1000) : null,
      status,
    };
  }

  /** GET /cached: by link_id (any visible item), or by URL (the caller's own, else a public one). */
  async cached(viewer: Viewer | null, q: CachedQueryInput): Promise<CachedCopy> {
    let itemId = q.link_id;
    if (itemId === undefined) {
      itemId = (await repo.findCopyByUrl(this.deps.db, viewer, q.url!))?.itemId;
      if (itemId === undefined) throw new NotFoundError('There is no stored copy of this page.');
    }
    const item = await loadForRead(this.deps.db, viewer, itemId);
    const copy = await this.copyOf(itemId, item.url);
    if (!copy) throw new NotFoundError('There is no stored copy of this page.');
    return {
      title: copy.title || item.title,
      url: item.url ?? '',
      html: storedPicturesOnly(copy.html),
      capturedAt: copy.capturedAt,
    };
  }

  /** True when one of the user's stored copies shows this picture (its key). */
  pictureShown(userId: number, key: string): Promise<boolean> {
    return repo.pictureShown(this.deps.db, userId, key);
  }

  /** The stored copy, only while it is a copy of the item's current URL. */
  private async copyOf(itemId: number, url: string | null) {
    const page = await repo.findPage(this.deps.db, itemId);
    return page && url && page.sourceUrl === url ? page : undefined;
  }

  /**
   * Where the words matched in each item's stored copy, as marked headlines: for full-text hits the
   * caller may already read (items/routes.ts).
   */
  pageHeadlines(itemIds: number[], words: string[]): Promise<{ itemId: number; marked: string }[]> {
    return repo.pageHeadlines(this.deps.db, itemIds, words);
  }
}
