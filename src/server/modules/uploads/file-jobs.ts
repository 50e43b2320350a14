import type { Readable } from 'node:stream';
import { z } from 'zod';
import { THUMB_WIDTHS, type ThumbWidth, type UploadKind } from '../../../shared/schemas/uploads.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { defineJob, type Job, type JobQueue, jobType, PermanentJobError } from '../../platform/jobs.ts';
import type { Authorized } from '../../policies/authorized.ts';
import { findForWrite } from '../items/access.ts';
import { FILES_CLEANUP_JOB, type FilesCleanupPayload } from '../items/files-hook.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import { extractPdfText } from './pdf-text.ts';
import { renderFirstPage } from './pdf-thumbnail.ts';
import * as repo from './repo.ts';
import { makeThumbnails } from './thumbnails.ts';

/** Where a thumbnail is served (routes.ts), kept on the item as its thumbnail_url. */
const thumbUrl = (itemId: number, width: ThumbWidth) => `/api/files/items/${itemId}/thumb/${width}`;

const fileJobPayload = z.object({ itemId: z.number().int().positive() });
type FileJobPayload = z.infer<typeof fileJobPayload>;
export const THUMBNAILS_JOB = jobType('image-thumbnails', fileJobPayload);
export const PDF_TEXT_JOB = jobType('pdf-text', fileJobPayload);

/** In the upload's transaction: an image's thumbnails, or a PDF's text, are made in the background. */
export function queueFileJob(jobs: JobQueue, tx: Executor, userId: number, itemId: number, kind: UploadKind) {
  return jobs.enqueue(
    tx,
    kind === 'image' ? THUMBNAILS_JOB : PDF_TEXT_JOB,
    { itemId },
    { userId, dedupeKey: `item:${itemId}` },
  );
}

export interface FileJobsDeps {
  db: Db;
  blobs: BlobStore;
  items: ItemsService;
}

/** The background work on uploaded files: thumbnails, PDF text, and removing deleted items' blobs. */
export class FileJobs {
  constructor(private readonly deps: FileJobsDeps) {}

  /** The handlers of the three file jobs, for the app's wiring to register. */
  definitions() {
    return [
      defineJob(THUMBNAILS_JOB, (job) => this.thumbnails(job)),
      defineJob(PDF_TEXT_JOB, (job) => this.pdfText(job)),
      defineJob(FILES_CLEANUP_JOB, (job) => this.cleanup(job)),
    ];
  }

  /** Makes the 550, 160 and 150 px thumbnails and records the picture's size. */
  async thumbnails(job: Job<FileJobPayload>): Promise<void> {
    const { itemId } = job.payload;
    const userId = job.userId!;
    const item = await findForWrite(this.deps.db, { id: userId }, itemId);
    const data = item && (await this.read(item, 'image'));
    if (!item || !data) return;
    let made: Awaited<ReturnType<typeof makeThumbnails>>;
    try {
      made = await makeThumbnails(
        Buffer.from(data.bytes.buffer, data.bytes.byteOffset, data.bytes.byteLength),
        data.ext,
      );
    } catch (err) {
      // a picture the decoder refuses (corrupt, too many pixels) will not get better on retry
      throw new PermanentJobError(`The picture could not be read: ${(err as Error).message}`);
    }
    await this.store(item, data.key, made.images, { width: made.width, height: made.height });
  }

  /**
   * Stores the thumbnails beside the file and points the item at them; removes them again when the
   * item was deleted meanwhile (its clean-up did not know them).
   */
  private async store(
    item: Authorized<'item', ItemRow>,
    fileKey: string,
    images: Map<ThumbWidth, Buffer>,
    size: { width?: number; height?: number },
  ) {
    const stem = fileKey.replace(/\.[a-z]+$/, '');
    const thumbnails: Record<string, string> = {};
    try {
      for (const [width, image] of images) {
        const key = `${stem}-${width}.webp`;
        await this.deps.blobs.put(key, image, 'image/webp');
        thumbnails[String(width)] = key;
      }
      const saved = await this.deps.db.transaction(async (tx) => {
        if (!(await repo.saveThumbnails(tx, item, { thumbnails, ...size }))) return false;
        await this.deps.items.update(tx, item, { thumbnailUrl: thumbUrl(item.id, THUMB_WIDTHS[0]) });
        return true;
      });
      if (!saved) await this.removeAll(Object.values(thumbnails));
    } catch (err) {
      await this.removeAll(Object.values(thumbnails));
      throw err;
    }
    await this.deps.items.publishUpserts(item.userId, [item.id]);
  }

  /**
   * A PDF's thumbnails, from its first page drawn in a worker. A page that cannot be drawn leaves the
   * PDF without a thumbnail (the row shows its type) and never fails the job: its text still counts.
   */
  private async pdfThumbnails(item: Authorized<'item', ItemRow>, fileKey: string, bytes: Uint8Array) {
    let images: Map<ThumbWidth, Buffer>;
    try {
      images = (await makeThumbnails(await renderFirstPage(bytes), 'png')).images;
    } catch {
      return;
    }
    await this.store(item, fileKey, images, {});
  }

  /** Reads a PDF's text into item_files.text and the full-text vector; failures are recorded. */
  async pdfText(job: Job<FileJobPayload>): Promise<void> {
    const { itemId } = job.payload;
    const userId = job.userId!;
    const item = await findForWrite(this.deps.db, { id: userId }, itemId);
    const data = item && (await this.read(item, 'pdf'));
    if (!item || !data) return;
    // the text reader takes the bytes to its thread; the page renderer gets a copy of its own
    if (!data.thumbnails.has(THUMB_WIDTHS[0])) await this.pdfThumbnails(item, data.key, data.bytes.slice());
    try {
      const { text, pageCount, title } = await extractPdfText(data.bytes, repo.TEXT_MAX_CHARS);
      await this.deps.db.transaction(async (tx) => {
        await repo.saveText(tx, item, { text, pageCount });
        await this.deps.items.setPageText(tx, item, text);
        if (title) await this.titleFromMetadata(tx, item, data.fileName, title);
      });
    } catch (err) {
      // a file pdf.js calls broken is broken for good; anything else (time, memory) is retried
      const { name, message } = err as Error;
      const permanent = /InvalidPDF|PasswordException|FormatError/.test(name);
      if (permanent || job.lastAttempt) {
        await repo.setTextStatus(this.deps.db, item, 'failed');
        await this.deps.items.publishUpserts(userId, [itemId]);
        if (permanent) throw new PermanentJobError(`The PDF text could not be read: ${message}`);
      }
      throw err;
    }
    await this.deps.items.publishUpserts(userId, [itemId]);
  }

  /**
   * The PDF's own title (its metadata's) replaces the file name the upload gave it as title, unless
   * the user has named the item meanwhile (the row is locked, so an edit waits or wins).
   */
  private async titleFromMetadata(
    tx: Executor,
    item: Authorized<'item', ItemRow>,
    fileName: string,
    title: string,
  ) {
    const current = await findForWrite(tx, { id: item.userId }, item.id, { lock: true });
    if (current && current.title === fileName) await this.deps.items.update(tx, current, { title });
  }

  /** Removes the blobs of deleted items (queued by the delete's transaction). */
  async cleanup(job: Job<FilesCleanupPayload>): Promise<void> {
    await this.removeAll(job.payload.keys);
  }

  private async removeAll(keys: string[]) {
    for (const key of keys) await this.deps.blobs.delete(key);
  }

  /** The item's stored file, whole, when it is of the expected type. */
  private async read(item: Authorized<'item', ItemRow>, type: UploadKind) {
    const file = item.type === type ? await repo.findFile(this.deps.db, item) : undefined;
    if (!file) return null;
    const blob = await this.deps.blobs.get(file.blobKey);
    if (!blob) throw new PermanentJobError('The stored file is missing.');
    const bytes = await readAll(blob.stream, blob.size);
    const ext = file.blobKey.slice(file.blobKey.lastIndexOf('.') + 1);
    const thumbnails = new Set(Object.keys(file.thumbnails ?? {}).map(Number));
    return { bytes, ext, key: file.blobKey, thumbnails, fileName: file.fileName };
  }
}

/** Reads a stream of known size into one buffer of its own (so it can be moved to a worker). */
async function readAll(stream: Readable, size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (at + chunk.length > size) throw new Error('The stored file is larger than recorded.');
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return at === size ? bytes : bytes.subarray(0, at);
}
