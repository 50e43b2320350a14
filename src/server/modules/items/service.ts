import { searchWords } from '../../../shared/annotation-words.ts';
import { ANNOTATION_LIMIT } from '../../../shared/limits.ts';
import { PLANS } from '../../../shared/plans.ts';
import { rssLinkFor } from '../../../shared/rss.ts';
import type {
  ConvertModeInput,
  ItemReply,
  LinkIdsInput,
  ListReply,
  LoadItemInput,
  LoadItemsInput,
  MarkReadInput,
  SaveBookmarkInput,
  StarInput,
} from '../../../shared/schemas/items.ts';
import { parseTagInput } from '../../../shared/tags.ts';
import { urlKey } from '../../../shared/url-key.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, PlanLimitError, ValidationError } from '../../platform/errors.ts';
import { type EventBus, ITEM_CMD, type ItemEvent, userTopic } from '../../platform/event-bus.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Actor, Authorized } from '../../policies/authorized.ts';
import { authorizeItem, itemAbilities, ownsLibrary } from '../../policies/item.ts';
import type { AccountsService } from '../accounts/service.ts';
import { adsInfoFor, effectivePlan } from '../accounts/user-info.ts';
import { annotationsForItems, quotaUnitsOfItems } from '../annotations/item-annotations.ts';
import type { TagsService } from '../tags/service.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { loadAll, loadForRead, loadForWrite } from './access.ts';
import { CAPTURE_PENDING, needsCapture, queueCapture } from './capture-hook.ts';
import { similarBookmark } from './duplicates.ts';
import { fileFactsFor } from './files-hook.ts';
import { countMatching, listFilter, listPage, matchingIds } from './listing.ts';
import { hostOf, presentItem } from './presenter.ts';

import * as repo from './repo.ts';
import type { ItemRow } from './row.ts';
import { queueRules } from './rules-hook.ts';

export const FULLTEXT_PREMIUM_MESSAGE = 'Go premium to use fulltext search';
export const URL_REQUIRED_MESSAGE = 'Please enter the URL of the page to save.';
const RELATED_TAGS_MAX = 100;
/** Types that cannot be marked unread (spec part 1 §4). */
const NEVER_UNREAD = new Set(['image', 'note', 'kindle']);

export interface ItemsDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  accounts: AccountsService;
  tags: TagsService;
  jobs: JobQueue;
  /** item.created / item.updated / item.deleted, queued in the writer's transaction */
  webhooks: WebhookEvents;
}

/** Work done in a bookmark save's transaction; what it returns runs after the commit. */
export type SaveWithin = (tx: Executor, item: Authorized<'item', ItemRow>) => Promise<() => Promise<void>>;

/** The signed-in caller, as the session lookup reads it (with the plan). */
type Viewer = Pick<SessionUser, 'id' | 'name' | 'plan' | 'planExpiresAt'>;

export class ItemsService {
  constructor(private readonly deps: ItemsDeps) {}

  /**
   * Creates a bookmark, or updates it when link_id is given or the URL is already in the library.
   * `within` runs in the save's transaction (the save form's outliners and groups, save-targets.ts):
   * its refusal saves nothing; what it returns runs once the save has committed.
   */
  async saveBookmark(
    user: { id: number },
    data: Omit<SaveBookmarkInput, 'lists' | 'groups'>,
    within?: SaveWithin,
  ): Promise<ItemReply> {
    const now = this.deps.clock.now();
    let afterCommit: (() => Promise<void>) | undefined;
    const saved = await this.deps.db.transaction(async (tx) => {
      let existing: Authorized<'item', ItemRow> | undefined;
      if (data.link_id !== undefined) {
        existing = await loadForWrite(tx, user, data.link_id);
      } else {
        if (!data.url) throw new ValidationError(URL_REQUIRED_MESSAGE, 'url');
        const found = await repo.findBookmarkByUrl(tx, user.id, data.url);
        existing = found && authorizeItem(user, found, 'write');
      }
      const url = data.new_url ?? data.url ?? existing?.url ?? null;
      if (url && existing?.type === 'bookmark' && url !== existing.url) {
        const other = await repo.findBookmarkByUrl(tx, user.id, url);
        if (other) throw new ValidationError('This URL is already in your library.', 'new_url');
      }
      const isNote = (existing?.type ?? 'bookmark') === 'note';
      const capture = needsCapture(url, existing);
      const fields = {
        url,
        host: hostOf(url),
        title: data.title || existing?.title || url || '',
        description: data.description ?? existing?.description ?? '',
        unread: data.unread ?? existing?.unread ?? false,
        // notes are always private
        private: isNote ? true : (data.private ?? existing?.private ?? true),
        updatedAt: now,
      };
      let row: Authorized<'item', ItemRow>;
      if (existing) {
        await repo.updateItem(tx, existing, { ...fields, ...(capture ? CAPTURE_PENDING : {}) });
        row = { ...existing, ...fields, ...(capture ? CAPTURE_PENDING : {}) };
      } else {
        row = await this.create(tx, user, {
          ...fields,
          ...(capture ? CAPTURE_PENDING : {}),
          type: 'bookmark',
          localId: data.local_id,
          createdAt: now,
        });
      }
      if (data.tags !== undefined || !existing) {
        await this.deps.tags.setItemTags(tx, user.id, row.id, parseTagInput(data.tags ?? ''));
      }
      if (capture) await queueCapture(this.deps.jobs, tx, user.id, row.id);
      if (!existing) await queueRules(this.deps.jobs, tx, user.id, [row.id]);
      if (within) afterCommit = await within(tx, row);
      await this.emitItems(tx, user.id, existing ? 'item.updated' : 'item.created', [row.id]);
      return row;
    });
    // read again: placing it in outliners changed its ouliner_id
    const [item] = await this.present(
      this.deps.db,
      within ? await loadAll(this.deps.db, user, [saved.id], 'write') : [saved],
      user.id,
    );
    await this.publish(user.id, { cmd: ITEM_CMD.upsert, link_id: item!.link_id, item });
    await afterCommit?.();
    return item!;
  }

  /** A new item of the owner's (notes, uploads, Kindle books): its creator may change it. */
  async create(
    tx: Executor,
    owner: { id: number },
    values: Omit<repo.NewItem, 'userId'>,
  ): Promise<Authorized<'item', ItemRow>> {
    return authorizeItem(owner, await repo.insertItem(tx, { ...values, userId: owner.id }), 'write');
  }

  /** Changes an item's columns for another module (a note's text, a file's addresses, a capture's state). */
  update(ex: Executor, item: Authorized<'item', ItemRow>, changes: repo.ItemChanges): Promise<void> {
    return repo.updateItem(ex, item, changes);
  }

  /** Indexes a captured page's or a PDF's text for full-text search (the one writer of it). */
  setPageText(ex: Executor, item: Authorized<'item', ItemRow>, text: string): Promise<void> {
    return repo.setPageText(ex, item, text);
  }

  /** Keeps the item's annotation count (the annotations module counts them). */
  setAnnotationCount(ex: Executor, item: Authorized<'item', ItemRow>, count: number): Promise<void> {
    return repo.setAnnotationCount(ex, item, count);
  }

  /** Many items' annotation counts in one statement (Kindle import). */
  setAnnotationCounts(
    ex: Executor,
    counts: { item: Authorized<'item', ItemRow>; count: number }[],
  ): Promise<void> {
    return repo.setAnnotationCounts(ex, counts);
  }

  /**
   * The owner's item of this type made from a client's local id (new-<timestamp>), if any; holds
   * that local id until the transaction ends, so a retried create never makes two.
   */
  async findByLocalId(
    tx: Executor,
    owner: { id: number },
    type: string,
    localId: string,
  ): Promise<Authorized<'item', ItemRow> | undefined> {
    await repo.lockLocalId(tx, owner.id, localId);
    const row = await repo.findOwnBy(tx, owner.id, type, { localId });
    return row && authorizeItem(owner, row, 'write');
  }

  /**
   * The user's kindle items for these books, found by title, and new private ones for the rest, in
   * a few statements whatever the number of books (Kindle import). Titles are distinct.
   */
  async kindleBooks(
    tx: Executor,
    owner: { id: number },
    books: { title: string; author: string }[],
    now: Date,
  ): Promise<Map<string, { item: Authorized<'item', ItemRow>; created: boolean }>> {
    const titles = books.map((b) => b.title);
    // two imports of one file at once must not make a book twice
    await repo.lockLocalIds(
      tx,
      owner.id,
      titles.map((t) => `kindle:${t}`),
    );
    const found = new Map<string, { item: Authorized<'item', ItemRow>; created: boolean }>();
    for (const row of await repo.findByTitles(tx, owner.id, 'kindle', titles)) {
      if (!found.has(row.title))
        found.set(row.title, { item: authorizeItem(owner, row, 'write'), created: false });
    }
    const missing = books.filter((b) => !found.has(b.title));
    const rows = await repo.insertItems(
      tx,
      missing.map((b) => ({
        userId: owner.id,
        type: 'kindle',
        title: b.title,
        description: b.author,
        private: true,
        createdAt: now,
        updatedAt: now,
      })),
    );
    for (const row of rows) found.set(row.title, { item: authorizeItem(owner, row, 'write'), created: true });
    return found;
  }

  /** Another bookmark of the user that is the same page as this one at another address, if any. */
  async similarTo(
    userId: number,
    item: ItemReply,
  ): Promise<{ link_id: number; title: string; url: string } | undefined> {
    if (item.type_name !== 'bookmark' || !item.url) return undefined;
    const row = await similarBookmark(this.deps.db, userId, urlKey(item.url), item.link_id);
    return row && { link_id: row.id, title: row.title, url: row.url ?? '' };
  }

  /** The id of the user's bookmark of exactly this URL, if they have one. */
  async bookmarkIdFor(userId: number, url: string): Promise<number | undefined> {
    return (await repo.findBookmarkByUrl(this.deps.db, userId, url))?.id;
  }

  async loadItem(viewer: Actor, { link_id }: LoadItemInput): Promise<ItemReply> {
    const row = await loadForRead(this.deps.db, viewer, link_id);
    const [item] = await this.present(this.deps.db, [row], viewer?.id ?? null);
    return item!;
  }

  /** The items as the viewer sees them, in the order given; one they may not read refuses them all. */
  async loadAll(viewer: Actor, ids: number[]): Promise<ItemReply[]> {
    const rows = await loadAll(this.deps.db, viewer, ids, 'read');
    return this.present(this.deps.db, rows, viewer?.id ?? null);
  }

  /**
   * One page of a library as the viewer sees it. `publicOnly` (the public profile, feeds) shows
   * public items only, to the owner too: the list, its total and its related tags never count a
   * private item.
   */
  async list(
    viewer: Viewer | null,
    q: LoadItemsInput,
    opts: { publicOnly?: boolean } = {},
  ): Promise<ListReply> {
    const ownerName = q.username || viewer?.name;
    if (!ownerName) throw new ValidationError('username is required.', 'username');
    // one's own library (the common case) needs no lookup beyond the session's
    const owner =
      viewer && ownerName.toLowerCase() === viewer.name.toLowerCase()
        ? viewer
        : await this.deps.accounts.findUserByName(ownerName);
    if (!owner) throw new NotFoundError('No such user.');
    const isOwner = !opts.publicOnly && ownsLibrary(viewer, owner.id);

    const viewerPlan = viewer ? PLANS[effectivePlan(viewer, this.deps.clock.now())] : PLANS.free;
    if (q.snapshot === 'yes' && !viewerPlan.fullText) throw new PlanLimitError(FULLTEXT_PREMIUM_MESSAGE, -3);

    const db = this.deps.db;
    const page = await listPage(db, listFilter(q, owner.id, isOwner ? viewer : null), q, owner.id);
    const relTags = page.matchingIds
      ? await this.deps.tags.tagCountsForItems(db, page.matchingIds, RELATED_TAGS_MAX)
      : await this.deps.tags.topTags(db, owner.id, !isOwner, RELATED_TAGS_MAX);

    return {
      items: await this.present(db, page.rows, viewer?.id ?? null, owner.name, {
        limit: ANNOTATION_LIMIT,
        words: searchWords(q.what ?? ''),
      }),
      total: page.total,
      unread_total: isOwner ? page.unread : 0,
      rel_tags: relTags,
      rss_link: rssLinkFor(owner.name, q.what),
      query_context: {
        what: (q.what ?? '').trim(),
        type: q.type ?? 'all',
        page_num: q.page_num,
        count: q.count,
        sort: q.sort,
        username: owner.name,
        isOwner,
      },
      adsInfo: adsInfoFor(viewerPlan.ads),
    };
  }

  /**
   * How many of the viewer's own items a view matches (saved searches' live counts); full text
   * counts only on a plan that has it, as the list answers.
   */
  async count(viewer: Viewer, q: LoadItemsInput): Promise<number> {
    const fullText = PLANS[effectivePlan(viewer, this.deps.clock.now())].fullText;
    const query = fullText ? q : { ...q, snapshot: undefined };
    return countMatching(this.deps.db, listFilter(query, viewer.id, viewer), viewer.id);
  }

  /**
   * The ids of the owner's items a library query matches (a rule's search), among `among` when
   * given, else up to `limit` of the whole library.
   */
  matching(owner: { id: number }, q: LoadItemsInput, among?: number[], limit?: number): Promise<number[]> {
    return matchingIds(this.deps.db, listFilter(q, owner.id, owner), among, limit);
  }

  /** Marks read (1) or unread (0); image, note and kindle items are skipped when marking unread. */
  async markRead(
    user: { id: number },
    { link_id, readed }: MarkReadInput,
  ): Promise<{ link_ids: number[]; unread_total: number }> {
    const unread = Number(readed) === 0;
    const changed = await this.deps.db.transaction(async (tx) => {
      const list = await loadAll(tx, user, link_id, 'write');
      const changing = list.filter((i) => !(unread && NEVER_UNREAD.has(i.type)) && i.unread !== unread);
      const ids = changing.map((i) => i.id);
      await repo.setState(tx, changing, { unread }, this.deps.clock.now());
      await this.emitItems(tx, user.id, 'item.updated', ids);
      return ids;
    });
    await this.publishUpserts(user.id, changed);
    const { unread: unreadTotal } = await repo.countFromCounters(this.deps.db, user.id, {});
    return { link_ids: changed, unread_total: unreadTotal };
  }

  /** Public or private; notes stay private. */
  async convertMode(
    user: { id: number },
    { link_id, mode }: ConvertModeInput,
  ): Promise<{ link_ids: number[] }> {
    const makePrivate = mode === 'private' || Number(mode) === 2;
    const changed = await this.deps.db.transaction(async (tx) => {
      const list = await loadAll(tx, user, link_id, 'write');
      const changing = list.filter((i) => i.private !== makePrivate && !(i.type === 'note' && !makePrivate));
      const ids = changing.map((i) => i.id);
      await repo.setState(tx, changing, { private: makePrivate }, this.deps.clock.now());
      await this.emitItems(tx, user.id, 'item.updated', ids);
      return ids;
    });
    await this.publishUpserts(user.id, changed);
    return { link_ids: changed };
  }

  /** Stars (1) or unstars (0) the owner's items; one id of another user's refuses them all. */
  async star(user: { id: number }, { link_id, starred }: StarInput): Promise<{ link_ids: number[] }> {
    const star = Number(starred) === 1;
    const changed = await this.deps.db.transaction(async (tx) => {
      const list = await loadAll(tx, user, link_id, 'write');
      const changing = list.filter((i) => i.starred !== star);
      await repo.setStarred(tx, changing, star);
      const ids = changing.map((i) => i.id);
      await this.emitItems(tx, user.id, 'item.updated', ids);
      return ids;
    });
    await this.publishUpserts(user.id, changed);
    return { link_ids: changed };
  }

  /**
   * Deletes the items (delete_b): they move to the trash (trash.ts) with their files, annotations and
   * notes, out of every list, count, feed and share, and their pdf, image and highlight quota units
   * are given back at once (restoring takes them again).
   */
  async delete(user: { id: number }, { link_id }: LinkIdsInput): Promise<{ link_ids: number[] }> {
    const deleted = await this.deps.db.transaction(async (tx) => {
      const list = await loadAll(tx, user, link_id, 'write', { lock: true });
      await this.trashWithin(tx, user, list);
      return list.map((r) => r.id);
    });
    for (const id of deleted) await this.publish(user.id, { cmd: ITEM_CMD.remove, link_id: id });
    return { link_ids: deleted };
  }

  /** delete_b's work in the caller's transaction (also a merge of duplicates); the caller publishes. */
  async trashWithin(tx: Executor, user: { id: number }, list: Authorized<'item', ItemRow>[]): Promise<void> {
    const highlights = await quotaUnitsOfItems(
      tx,
      list.map((r) => r.id),
    );
    await repo.trashItems(tx, list, this.deps.clock.now());
    await this.deps.accounts.releaseUsage(tx, user.id, {
      pdf: list.filter((r) => r.type === 'pdf').length,
      image: list.filter((r) => r.type === 'image').length,
      annotation: highlights,
    });
    // to a webhook, an item moved to the trash is deleted (a restore makes it again)
    await this.deps.webhooks.emitEach(
      tx,
      user.id,
      'item.deleted',
      list.map((r) => ({ link_id: r.id })),
    );
  }

  /** Item replies for these rows, as the viewer sees them (canEdit), in the same order. */
  async present(
    ex: Executor,
    rows: ItemRow[],
    viewerId: number | null,
    ownerName?: string,
    /** a library row carries its first annotations only; the rest load a page at a time */
    annotationCap?: { limit: number; words: string[] },
  ): Promise<ItemReply[]> {
    if (rows.length === 0) return [];
    const viewer = viewerId === null ? null : { id: viewerId };
    const ids = rows.map((r) => r.id);
    const tNames = await this.deps.tags.tagNamesFor(ex, ids);
    const annotations = await annotationsForItems(ex, ids, annotationCap);
    const names = new Map<number, string>();
    if (ownerName) names.set(rows[0]!.userId, ownerName);
    for (const r of rows) {
      if (!names.has(r.userId))
        names.set(r.userId, (await this.deps.accounts.findUser(r.userId, ex))?.name ?? '');
    }
    const files = await fileFactsFor(
      ex,
      rows.filter((r) => r.type === 'pdf' || r.type === 'image').map((r) => r.id),
    );
    return rows.map((r) =>
      presentItem(
        r,
        tNames.get(r.id) ?? '',
        names.get(r.userId)!,
        itemAbilities(viewer, r).canEdit,
        files.get(r.id),
        annotations.get(r.id) ?? [],
        viewerId === r.userId,
      ),
    );
  }

  /**
   * Sends the items' current state to the owner's open tabs (other modules call it after their
   * changes), and returns it.
   */
  async publishUpserts(userId: number, ids: number[]): Promise<ItemReply[]> {
    if (ids.length === 0) return [];
    const rows = await repo.findOwnItems(this.deps.db, userId, ids);
    const presented = await this.present(this.deps.db, rows, userId);
    for (const item of presented)
      await this.publish(userId, { cmd: ITEM_CMD.upsert, link_id: item.link_id, item });
    return presented;
  }

  /**
   * item.created or item.updated for the owner's items, presented as the API presents them, in the
   * change's transaction (notes and uploads call it for the items they write).
   */
  async emitItems(
    tx: Executor,
    userId: number,
    event: 'item.created' | 'item.updated',
    ids: number[],
  ): Promise<void> {
    if (!ids.length) return;
    await this.deps.webhooks.emitEach(tx, userId, event, async () =>
      this.present(tx, await repo.findOwnItems(tx, userId, ids), userId),
    );
  }

  publish(userId: number, event: ItemEvent) {
    return this.deps.bus.publish(userTopic(userId), event);
  }
}
