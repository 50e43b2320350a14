import { createHash, randomBytes } from 'node:crypto';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import {
  type RotateImageInput,
  type ThumbWidth,
  UPLOAD_MSG,
  type UploadKind,
  uploadFormSchema,
} from '../../../shared/schemas/uploads.ts';
import { parseTagInput } from '../../../shared/tags.ts';
import type { Db } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, parse, ValidationError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { SendableFile } from '../../platform/send-file.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { AccountsService, PlanHolder } from '../accounts/service.ts';
import { loadForRead, loadForWrite } from '../items/access.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import type { TagsService } from '../tags/service.ts';
import { queueFileJob } from './file-jobs.ts';
import type { Received } from './receive.ts';
import * as repo from './repo.ts';
import type { FileType } from './sniff.ts';
import { fileTitle, sniffUpload } from './sniff.ts';

export interface UploadsDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  jobs: JobQueue;
  items: ItemsService;
  tags: TagsService;
  accounts: AccountsService;
}

/** Where an item's file and thumbnails are served (modules/uploads/routes.ts). */
export const fileUrl = (itemId: number) => `/api/files/items/${itemId}/file`;

const TYPE_MESSAGE: Record<UploadKind, string> = { pdf: UPLOAD_MSG.notPdf, image: UPLOAD_MSG.notImage };

/** A file the viewer may read: where it is and how to send it (size null for thumbnails: no Range). */
export type ServedFile = Omit<SendableFile, 'embeddable'>;

/** PDF and image uploads: quotas, the item they make, and who may read their files. */
export class UploadsService {
  constructor(private readonly deps: UploadsDeps) {}

  /**
   * Decides on a file from its first bytes, before the rest is read: the type must be the one the
   * call (or the form's dtype) asks for, and the plan must have room. The transaction in save()
   * takes the unit for real; this only spares reading a file that would be refused anyway.
   */
  async accept(
    user: PlanHolder,
    callKind: UploadKind | null,
    type: FileType | null,
    fields: Record<string, string>,
  ): Promise<void> {
    const dtype = fields.dtype === 'pdf' || fields.dtype === 'image' ? fields.dtype : null;
    const wanted = callKind ?? dtype;
    if (!type) throw new ValidationError(TYPE_MESSAGE[wanted ?? 'pdf'], 'qqfile');
    if (wanted && type.kind !== wanted) throw new ValidationError(TYPE_MESSAGE[wanted], 'qqfile');
    await this.deps.accounts.checkUsage(user, type.kind);
  }

  /**
   * Makes the item of a received file: takes one unit of the plan's quota, inserts the item and its
   * file row, tags it and queues its thumbnails or text, in one transaction. On any failure before
   * the commit the stored file is deleted, so a refused upload leaves nothing behind.
   */
  async save(viewer: PlanHolder, callKind: UploadKind | null, received: Received): Promise<ItemReply> {
    const { file } = received;
    let itemId: number;
    try {
      if (!file) throw new ValidationError(UPLOAD_MSG.missing, 'qqfile');
      const form = parse(uploadFormSchema, received.fields);
      const wanted = callKind ?? form.dtype;
      if (wanted && file.type.kind !== wanted) throw new ValidationError(TYPE_MESSAGE[wanted], 'qqfile');
      const kind = file.type.kind;
      const now = this.deps.clock.now();
      const title = fileTitle(
        form.qqfilename || file.partName,
        kind === 'pdf' ? 'Untitled PDF' : 'Untitled image',
      );
      itemId = await this.deps.db.transaction(async (tx) => {
        await this.deps.accounts.reserveUsage(tx, viewer, kind);
        const item = await this.deps.items.create(tx, viewer, {
          type: kind,
          title,
          description: form.description ?? '',
          // images cannot be unread (spec §4)
          unread: kind === 'pdf' && (form.unread ?? false),
          private: form.private ?? true,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertFile(tx, item, {
          blobKey: file.key,
          contentType: file.type.mime,
          size: file.size,
          fileName: title,
          sha256: file.sha256,
          textStatus: kind === 'pdf' ? 'pending' : null,
        });
        // the addresses name the id, so they are set once it is known
        const url = fileUrl(item.id);
        await this.deps.items.update(tx, item, { permanentUrl: url, downloadUrl: `${url}?download=1` });
        await this.deps.tags.setItemTags(tx, viewer.id, item.id, parseTagInput(form.tags ?? ''));
        await queueFileJob(this.deps.jobs, tx, viewer.id, item.id, kind);
        await this.deps.items.emitItems(tx, viewer.id, 'item.created', [item.id]);
        return item.id;
      });
    } catch (err) {
      // nothing committed: the stored file belongs to no item
      if (file) await this.deps.blobs.delete(file.key);
      throw err;
    }
    const [item] = await this.deps.items.publishUpserts(viewer.id, [itemId]);
    return item!;
  }

  /**
   * A file that came with an import (Omnivore's PDFs), made into the item an upload makes, with the
   * same quota; the user's file of the same bytes is found instead of stored twice.
   */
  async saveImported(
    viewer: PlanHolder,
    file: { name: string; bytes: Uint8Array; tags: string; description: string },
  ): Promise<{ itemId: number; created: boolean }> {
    const bytes = Buffer.from(file.bytes);
    const type = sniffUpload(bytes.subarray(0, 4100));
    if (!type) throw new ValidationError(UPLOAD_MSG.notPdf, 'file');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const found = await repo.findOwnFileBySha(this.deps.db, viewer.id, sha256);
    if (found !== undefined) return { itemId: found, created: false };
    const key = `items/${viewer.id}/${randomBytes(16).toString('base64url')}.${type.ext}`;
    await this.deps.blobs.put(key, bytes, type.mime);
    const fields = { qqfilename: file.name, tags: file.tags, description: file.description };
    const item = await this.save(viewer, type.kind, {
      fields,
      file: { key, type, size: bytes.length, sha256, partName: file.name },
    });
    return { itemId: item.link_id, created: true };
  }

  /** The file, or one of its thumbnails, when the viewer owns the item or it is public; else 404. */
  async served(viewerId: number | null, itemId: number, width: ThumbWidth | null): Promise<ServedFile> {
    const item = await loadForRead(this.deps.db, viewerId === null ? null : { id: viewerId }, itemId);
    return this.fileOf(item, width);
  }

  /** The file (or thumbnail) of an item the caller was granted reading (a share link's item too). */
  async fileOf(item: Authorized<'item', ItemRow, 'read'>, width: ThumbWidth | null): Promise<ServedFile> {
    const file = await repo.findFile(this.deps.db, item);
    if (!file) throw new NotFoundError();
    const base = { fileName: file.fileName, private: item.private };
    if (width === null) {
      return {
        ...base,
        key: file.blobKey,
        contentType: file.contentType,
        etag: file.sha256,
        size: file.size,
      };
    }
    const key = (file.thumbnails as Record<string, string>)[String(width)];
    if (!key) throw new NotFoundError('This picture has no thumbnail yet.');
    const etag = key.slice(key.lastIndexOf('/') + 1);
    return { ...base, key, contentType: 'image/webp', etag, size: null };
  }

  /** The image preview's rotation (0, 90, 180 or 270), kept with the owner's image item. */
  async rotate(
    user: { id: number },
    { link_id, rotation }: RotateImageInput,
  ): Promise<{ link_id: number; rotation: number }> {
    const item = await loadForWrite(this.deps.db, user, link_id);
    if (item.type !== 'image') throw new ValidationError('Only pictures can be rotated.', 'link_id');
    await repo.setRotation(this.deps.db, item, rotation);
    await this.deps.items.publishUpserts(item.userId, [link_id]);
    return { link_id, rotation };
  }

  /**
   * Where the words matched in each item's PDF text, as marked headlines: for full-text hits the
   * caller may already read (items/routes.ts).
   */
  pageHeadlines(itemIds: number[], words: string[]): Promise<{ itemId: number; marked: string }[]> {
    return repo.textHeadlines(this.deps.db, itemIds, words);
  }
}
