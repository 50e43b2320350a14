import { randomBytes } from 'node:crypto';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import {
  SHARE_KEY,
  type SharedItemReply,
  type ShareInfo,
  type ShareVariant,
} from '../../../shared/schemas/sharing.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { toSeconds } from '../../platform/clock.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { Authorized } from '../../policies/authorized.ts';
import { permitsNotePicture } from '../../policies/item.ts';
import { shareGrant } from '../../policies/share-link.ts';
import type { AccountsService } from '../accounts/service.ts';
import { annotationsForItems } from '../annotations/item-annotations.ts';
import type { CaptureService } from '../capture/service.ts';
import { loadAll, loadForWrite, loadShared } from '../items/access.ts';
import type { ItemRow } from '../items/row.ts';
import { IMAGE_MIME, type ImageKind, noteImageKey } from '../notes/images.ts';
import type { ServedFile, UploadsService } from '../uploads/service.ts';
import * as repo from './repo.ts';

export interface SharingDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  capture: CaptureService;
  uploads: UploadsService;
}

const FILE_TYPES = new Set(['pdf', 'image']);

/** The page and the file of a share key, on this origin. */
export function shareUrls(origin: string, itemId: number, type: string, key: string): ShareInfo {
  return {
    link_id: itemId,
    item_url: `${origin}/s/${key}`,
    file_url: FILE_TYPES.has(type) ? `${origin}/s/${key}/file` : '',
  };
}

/** The note's HTML with its pictures' addresses turned into the share link's (`sharedNotePicture`). */
function picturesThroughKey(note: Pick<ItemRow, 'userId' | 'noteContent'>, key: string): string {
  return (note.noteContent ?? '').replaceAll(`/api/files/notes/${note.userId}/`, `/s/${key}/notes/`);
}

/** Which Share modal variant (spec part 1 §2) an item takes. */
export function shareVariant(item: Pick<ItemRow, 'type' | 'annotationCount'>): ShareVariant {
  if (item.type === 'pdf' || item.type === 'image' || item.type === 'note') return item.type;
  return item.annotationCount > 0 || item.type === 'kindle' ? 'page_annotations' : 'page';
}

/**
 * Share links: the owner makes (or finds) an item's key, lists keys for many items and revokes
 * one; anyone holding a key reads that item through `shared` and `sharedFile`.
 */
export class SharingService {
  constructor(private readonly deps: SharingDeps) {}

  /**
   * GET /item/get_share_url: the item's live link, or null while it has none. A GET never makes
   * one: a link on another site would otherwise publish the item (issue 27). Owner only.
   */
  async shareUrl(user: { id: number }, itemId: number, origin: string): Promise<ShareInfo | null> {
    const [info] = await this.batch(user, [itemId], origin);
    return info ?? null;
  }

  /** POST /api/sharing/create (and the toolbar's share): the item's link, made unless it has one. */
  async create(user: { id: number }, itemId: number, origin: string): Promise<ShareInfo> {
    return this.deps.db.transaction(async (tx) => {
      const owned = await loadAll(tx, user, [itemId], 'write');
      const [info] = await this.linksFor(tx, owned, origin);
      return info!;
    });
  }

  /** GET /interact_api/batch_share_links: the links the items have, all the caller's, or a 404. */
  async batch(user: { id: number }, itemIds: number[], origin: string): Promise<ShareInfo[]> {
    const owned = await loadAll(this.deps.db, user, itemIds, 'write');
    const links = new Map(
      (
        await repo.linksOfItems(
          this.deps.db,
          owned.map((i) => i.id),
        )
      ).map((l) => [l.itemId, l.shareKey]),
    );
    return owned.flatMap((item) => {
      const key = links.get(item.id);
      return key ? [shareUrls(origin, item.id, item.type, key)] : [];
    });
  }

  /** Links of items the caller owns (checked by its caller): existing keys kept, missing ones made. */
  async linksFor(ex: Executor, owned: Authorized<'item', ItemRow>[], origin: string): Promise<ShareInfo[]> {
    const existing = new Map(
      (
        await repo.linksOfItems(
          ex,
          owned.map((i) => i.id),
        )
      ).map((l) => [l.itemId, l]),
    );
    const out: ShareInfo[] = [];
    for (const item of owned) {
      const link =
        existing.get(item.id) ??
        (await repo.ensureLink(ex, {
          itemId: item.id,
          userId: item.userId,
          shareKey: randomBytes(16).toString('base64url'),
        }));
      out.push(shareUrls(origin, item.id, item.type, link.shareKey));
    }
    return out;
  }

  /** POST /api/sharing/revoke: the old URL answers 404 from now on. Owner only. */
  /** Duplicates' merge: the kept item takes a merged item's share link when it has none. */
  async moveShareLink(
    tx: Executor,
    from: Authorized<'item', ItemRow>[],
    to: Authorized<'item', ItemRow>,
  ): Promise<void> {
    await repo.moveShareLink(
      tx,
      from.map((i) => i.id),
      to.id,
    );
  }

  async revoke(user: { id: number }, itemId: number): Promise<{ code: 1; link_id: number }> {
    const item = await loadForWrite(this.deps.db, user, itemId);
    await repo.deleteLink(this.deps.db, item.id);
    return { code: 1, link_id: item.id };
  }

  private async grantedItem(key: string) {
    if (!SHARE_KEY.test(key)) throw new NotFoundError();
    const grant = shareGrant(await repo.findByKey(this.deps.db, key), key);
    return loadShared(this.deps.db, grant);
  }

  /** GET /api/sharing/shared/{key}: the item read-only, for anyone holding the key. */
  async shared(key: string, origin: string): Promise<SharedItemReply> {
    const item = await this.grantedItem(key);
    const variant = shareVariant(item);
    const owner = await this.deps.accounts.findUser(item.userId);
    const reader = item.type === 'bookmark' ? await this.deps.capture.readerOf(item) : undefined;
    let annotations: AnnotationReply[] = [];
    if (variant === 'page_annotations' || variant === 'pdf') {
      annotations = (await annotationsForItems(this.deps.db, [item.id])).get(item.id) ?? [];
    }
    return {
      code: 1,
      variant,
      owner: owner?.name ?? '',
      item: {
        link_id: item.id,
        type_name: item.type,
        title: item.title,
        url: item.url ?? '',
        description: item.description,
        note_content: item.type === 'note' ? picturesThroughKey(item, key) : '',
        created_at: toSeconds(item.createdAt)!,
      },
      html: reader?.html ?? '',
      file_url: shareUrls(origin, item.id, item.type, key).file_url,
      annotations,
    };
  }

  /**
   * GET /s/{key}/notes/{name}: a picture the key's note shows (its pictures are as private as the
   * note: the share link reads those, and nothing else of its owner's).
   */
  async sharedNotePicture(key: string, name: string) {
    const note = await this.grantedItem(key);
    const blobKey = noteImageKey(String(note.userId), name);
    if (!blobKey || !permitsNotePicture(null, { userId: note.userId, path: `/api/files/${blobKey}` }, note))
      throw new NotFoundError();
    const ext = name.slice(name.lastIndexOf('.') + 1) as ImageKind['ext'];
    return {
      key: blobKey,
      contentType: IMAGE_MIME[ext],
      fileName: name,
      etag: name.slice(0, name.lastIndexOf('.')),
    };
  }

  /** GET /s/{key}/file: the pdf or image file of the key's item. */
  async sharedFile(key: string): Promise<ServedFile> {
    const item = await this.grantedItem(key);
    if (!FILE_TYPES.has(item.type)) throw new NotFoundError();
    return this.deps.uploads.fileOf(item, null);
  }
}
