import type { ItemReply } from '../../../shared/schemas/items.ts';
import { COPY_ITEM_MSG, type CopyItemInput } from '../../../shared/schemas/profile.ts';
import { parseTagInput } from '../../../shared/tags.ts';
import type { Db } from '../../db/client.ts';
import { removeBlobs } from '../../platform/blob-copy.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, QuotaExceededError, ValidationError } from '../../platform/errors.ts';
import type { AccountsService, PlanHolder } from '../accounts/service.ts';
import { copyAnnotations } from '../annotations/copy.ts';
import { insertPageCopy, type PageCopy, preparePageCopy } from '../capture/copy.ts';
import { loadForRead } from '../items/access.ts';
import type { ItemsService } from '../items/service.ts';
import type { TagsService } from '../tags/service.ts';
import { type FileCopy, insertFileCopy, prepareFileCopy } from '../uploads/copy.ts';

export interface CopyDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  accounts: AccountsService;
  items: ItemsService;
  tags: TagsService;
}

const fileUrl = (itemId: number) => `/api/files/items/${itemId}/file`;
const thumbUrl = (itemId: number) => `/api/files/items/${itemId}/thumb/550`;

/**
 * Save to My Library (POST /interact_api/copy_item): a public item of another user becomes the
 * caller's own, private, item, with its tags, page copy, file and (when asked) its highlights and
 * sticky notes. Blobs are copied to new keys, so deleting either side never breaks the other; the
 * caller's plan quotas apply (a file takes a pdf or image unit, each highlight an annotation unit;
 * a page copy over the cached-page quota is left out, as a capture would be).
 */
export class CopyService {
  constructor(private readonly deps: CopyDeps) {}

  async copy(user: PlanHolder, { link_id, owner_id, copy_annotations }: CopyItemInput): Promise<ItemReply> {
    const { db, blobs, accounts, items, tags } = this.deps;
    // as a visitor reads it: only a public item, even for a member of something that shares it
    const source = await loadForRead(db, null, link_id);
    if (owner_id !== undefined && owner_id !== source.userId) throw new NotFoundError();
    if (source.userId === user.id) throw new ValidationError(COPY_ITEM_MSG.own, 'link_id');
    if (source.type === 'bookmark' && source.url && (await items.bookmarkIdFor(user.id, source.url)))
      throw new ValidationError(COPY_ITEM_MSG.duplicate, 'link_id');
    const isFile = source.type === 'pdf' || source.type === 'image';
    if (isFile) await accounts.checkUsage(user, source.type as 'pdf' | 'image');

    let file: FileCopy | null = null;
    let page: PageCopy | null = null;
    const made = () => [...(file?.keys.values() ?? []), ...(page?.keys.values() ?? [])];
    try {
      if (isFile) file = await prepareFileCopy(db, blobs, source, user.id);
      if (source.type === 'bookmark' && (await accounts.hasRoom(user, 'cachedPage')))
        page = await preparePageCopy(db, blobs, source, user.id);
      const id = await db.transaction(async (tx) => {
        const now = this.deps.clock.now();
        if (isFile) await accounts.reserveUsage(tx, user, source.type as 'pdf' | 'image');
        let withPage = page !== null;
        if (page) {
          try {
            await accounts.reserveUsage(tx, user, 'cachedPage');
          } catch (err) {
            if (!(err instanceof QuotaExceededError)) throw err;
            withPage = false;
          }
        }
        const copy = await items.create(tx, user, {
          type: source.type,
          title: source.title,
          description: source.description,
          url: source.url,
          host: source.host,
          srcUrl: source.srcUrl,
          noteContent: source.noteContent,
          noteType: source.noteType,
          unread: source.unread,
          private: true,
          thumbnailUrl: isFile ? null : withPage ? (page?.thumbnailUrl ?? null) : null,
          captureStatus: withPage ? 'done' : source.type === 'bookmark' ? null : source.captureStatus,
          capturedAt: withPage ? source.capturedAt : null,
          createdAt: now,
          updatedAt: now,
        });
        const sourceTags = (await tags.tagNamesFor(tx, [source.id])).get(source.id) ?? '';
        // t_name joins names with commas; a name may hold spaces but never a comma
        const names = parseTagInput(
          sourceTags
            .split(',')
            .map((n) => `"${n}"`)
            .join(','),
        );
        await tags.setItemTags(tx, user.id, copy.id, names);
        if (file) {
          await insertFileCopy(tx, copy, file);
          const hasThumb = Object.keys(file.row.thumbnails as object).length > 0;
          await items.update(tx, copy, {
            permanentUrl: fileUrl(copy.id),
            downloadUrl: `${fileUrl(copy.id)}?download=1`,
            thumbnailUrl: hasThumb ? thumbUrl(copy.id) : null,
          });
          if (file.row.text) await items.setPageText(tx, copy, file.row.text);
        }
        if (page && withPage) {
          await insertPageCopy(tx, copy, page);
          await items.setPageText(tx, copy, page.page.text);
        }
        if (copy_annotations) await copyAnnotations(tx, { accounts, items }, user, source, copy, now);
        await items.emitItems(tx, user.id, 'item.created', [copy.id]);
        return copy.id;
      });
      const [item] = await items.publishUpserts(user.id, [id]);
      return item!;
    } catch (err) {
      // nothing committed: the copied blobs belong to no row
      await removeBlobs(blobs, made());
      throw err;
    }
  }
}
