import { EMPTY_NOTE_CONTENT, noteTitle } from '../../../shared/notes.ts';
import { PLANS } from '../../../shared/plans.ts';
import {
  convertModeSchema,
  type ItemReply,
  type ListReply,
  linkIdsSchema,
  loadItemSchema,
  loadItemsSchema,
  markReadSchema,
  type SaveBookmarkInput,
  saveBookmarkSchema,
} from '../../../shared/schemas/items.ts';
import { saveNoteSchema } from '../../../shared/schemas/notes.ts';
import { parseTagInput, splitTName } from '../../../shared/tags.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, PlanLimitError, parse, ValidationError } from '../../platform/errors.ts';
import { type EventBus, ITEM_CMD, type ItemEvent, userTopic } from '../../platform/event-bus.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { AccountsService } from '../accounts/service.ts';
import { adsInfoFor, effectivePlan } from '../accounts/user-info.ts';
import { annotationsForItems, quotaUnitsOfItems } from '../annotations/item-annotations.ts';
import { sanitizeNoteHtml } from '../notes/sanitize.ts';
import { refreshSearchVectors } from '../search/vectors.ts';
import type { TagsService } from '../tags/service.ts';
import { CAPTURE_PENDING, needsCapture, queueCapture } from './capture-hook.ts';
import { fileFactsFor, queueFileCleanup } from './files-hook.ts';
import { listFilter, listPage } from './listing.ts';
import { hostOf, presentItem } from './presenter.ts';
import * as repo from './repo.ts';

export const FULLTEXT_PREMIUM_MESSAGE = 'Go premium to use fulltext search';
export const URL_REQUIRED_MESSAGE = 'Please enter the URL of the page to save.';
const RELATED_TAGS_MAX = 100;
/** Types that cannot be marked unread (spec part 1 §4). */
const NEVER_UNREAD = new Set(['image', 'note', 'kindle']);

function dedupeTags(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = n.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const NOT_A_NOTE_MESSAGE = 'This item is not a note.';

/** A saved note with the stored version (updated time in ms) before and after the save. */
export interface SavedNote {
  item: ItemReply;
  version: number;
  previousVersion: number | null;
}

export interface ItemsDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  accounts: AccountsService;
  tags: TagsService;
  jobs: JobQueue;
}

/** The signed-in caller, as the session lookup reads it (with the plan). */
type Viewer = Pick<SessionUser, 'id' | 'name' | 'plan' | 'planExpiresAt'>;

export class ItemsService {
  constructor(private readonly deps: ItemsDeps) {}

  /** Creates a bookmark, or updates it when link_id is given or the URL is already in the library. */
  async saveBookmark(userId: number, input: SaveBookmarkInput): Promise<ItemReply> {
    const data = parse(saveBookmarkSchema, input);
    const now = this.deps.clock.now();
    const saved = await this.deps.db.transaction(async (tx) => {
      let existing: repo.ItemRow | undefined;
      if (data.link_id !== undefined) {
        existing = await this.loadOwn(tx, userId, data.link_id);
      } else {
        if (!data.url) throw new ValidationError(URL_REQUIRED_MESSAGE, 'url');
        existing = await repo.findBookmarkByUrl(tx, userId, data.url);
      }
      const url = data.new_url ?? data.url ?? existing?.url ?? null;
      if (url && existing?.type === 'bookmark' && url !== existing.url) {
        const other = await repo.findBookmarkByUrl(tx, userId, url);
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
        ...(capture ? CAPTURE_PENDING : {}),
      };
      let row: repo.ItemRow;
      if (existing) {
        await repo.updateItem(tx, userId, existing.id, fields);
        row = { ...existing, ...fields };
      } else {
        row = await repo.insertItem(tx, {
          ...fields,
          userId,
          type: 'bookmark',
          localId: data.local_id,
          createdAt: now,
        });
      }
      if (data.tags !== undefined || !existing) {
        await this.deps.tags.setItemTags(tx, userId, row.id, parseTagInput(data.tags ?? ''));
      } else if (fields.private !== existing.private || fields.unread !== existing.unread) {
        // the tags' public and unread counters follow the item
        await this.recountTagsOf(tx, [row.id]);
      }
      await refreshSearchVectors(tx, [row.id]);
      if (capture) await queueCapture(this.deps.jobs, tx, userId, row.id);
      return row;
    });
    const [item] = await this.present(this.deps.db, [saved], userId);
    await this.publish(userId, { cmd: ITEM_CMD.upsert, link_id: item!.link_id, item });
    return item!;
  }

  /** Creates (once per local_id) or updates a note; notes are always private, their HTML sanitised. */
  async saveNote(userId: number, input: unknown): Promise<SavedNote> {
    const data = parse(saveNoteSchema, input);
    const now = this.deps.clock.now();
    const result = await this.deps.db.transaction(async (tx) => {
      let existing: repo.ItemRow | undefined;
      if (data.link_id !== undefined) {
        existing = await this.loadOwn(tx, userId, data.link_id);
        if (existing.type !== 'note') throw new ValidationError(NOT_A_NOTE_MESSAGE, 'link_id');
      } else if (data.local_id) {
        await repo.lockLocalId(tx, userId, data.local_id);
        existing = await repo.findByLocalId(tx, userId, 'note', data.local_id);
      }
      const content =
        data.content !== undefined
          ? sanitizeNoteHtml(data.content)
          : (existing?.noteContent ?? EMPTY_NOTE_CONTENT);
      const fields = {
        title: data.title || noteTitle(content),
        noteContent: content,
        noteType: 'rich',
        private: true,
        updatedAt: now,
      };
      const row = existing
        ? { ...existing, ...fields }
        : await repo.insertItem(tx, {
            ...fields,
            userId,
            type: 'note',
            localId: data.local_id,
            createdAt: now,
          });
      if (existing) await repo.updateItem(tx, userId, existing.id, fields);
      // notes are private from their first save, so only their tags can change the tag counts
      if (data.tags !== undefined || !existing) {
        await this.deps.tags.setItemTags(tx, userId, row.id, parseTagInput(data.tags ?? ''));
      }
      await refreshSearchVectors(tx, [row.id]);
      return { row, previousVersion: existing ? existing.updatedAt.getTime() : null };
    });
    const [item] = await this.present(this.deps.db, [result.row], userId);
    await this.publish(userId, { cmd: ITEM_CMD.upsert, link_id: item!.link_id, item });
    return { item: item!, version: now.getTime(), previousVersion: result.previousVersion };
  }

  /**
   * The user's kindle items for these books, found by title, and new private ones for the rest, in
   * a few statements whatever the number of books (Kindle import). Titles are distinct.
   */
  async kindleBooks(
    tx: Executor,
    userId: number,
    books: { title: string; author: string }[],
    now: Date,
  ): Promise<Map<string, { id: number; created: boolean }>> {
    const titles = books.map((b) => b.title);
    // two imports of one file at once must not make a book twice
    await repo.lockLocalIds(
      tx,
      userId,
      titles.map((t) => `kindle:${t}`),
    );
    const found = new Map<string, { id: number; created: boolean }>();
    for (const row of await repo.findByTitles(tx, userId, 'kindle', titles)) {
      if (!found.has(row.title)) found.set(row.title, { id: row.id, created: false });
    }
    const missing = books.filter((b) => !found.has(b.title));
    const rows = await repo.insertItems(
      tx,
      missing.map((b) => ({
        userId,
        type: 'kindle',
        title: b.title,
        description: b.author,
        private: true,
        createdAt: now,
        updatedAt: now,
      })),
    );
    for (const row of rows) found.set(row.title, { id: row.id, created: true });
    return found;
  }

  /** The id of the user's bookmark of exactly this URL, if they have one. */
  async bookmarkIdFor(userId: number, url: string): Promise<number | undefined> {
    return (await repo.findBookmarkByUrl(this.deps.db, userId, url))?.id;
  }

  async loadItem(viewer: { id: number } | null, query: unknown): Promise<ItemReply> {
    const { link_id } = parse(loadItemSchema, query);
    const row = await repo.findItem(this.deps.db, link_id);
    // another user's private item is indistinguishable from a missing one
    if (!row || (row.private && row.userId !== viewer?.id)) throw new NotFoundError();
    const [item] = await this.present(this.deps.db, [row], viewer?.id ?? null);
    return item!;
  }

  async list(viewer: Viewer | null, query: unknown): Promise<ListReply> {
    const q = parse(loadItemsSchema, query);
    const ownerName = q.username || viewer?.name;
    if (!ownerName) throw new ValidationError('username is required.', 'username');
    // one's own library (the common case) needs no lookup beyond the session's
    const owner =
      viewer && ownerName.toLowerCase() === viewer.name.toLowerCase()
        ? viewer
        : await this.deps.accounts.findUserByName(ownerName);
    if (!owner) throw new NotFoundError('No such user.');
    const isOwner = owner.id === viewer?.id;

    const viewerPlan = viewer ? PLANS[effectivePlan(viewer, this.deps.clock.now())] : PLANS.free;
    if (q.snapshot === 'yes' && !viewerPlan.fullText) throw new PlanLimitError(FULLTEXT_PREMIUM_MESSAGE, -3);

    const db = this.deps.db;
    const page = await listPage(db, listFilter(q, owner.id, isOwner), q, owner.id);
    const relTags = page.matchingIds
      ? await this.deps.tags.tagCountsForItems(db, page.matchingIds, RELATED_TAGS_MAX)
      : await this.deps.tags.topTags(db, owner.id, !isOwner, RELATED_TAGS_MAX);

    return {
      items: await this.present(db, page.rows, viewer?.id ?? null, owner.name),
      total: page.total,
      unread_total: isOwner ? page.unread : 0,
      rel_tags: relTags,
      rss_link: '',
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

  /** Marks read (1) or unread (0); image, note and kindle items are skipped when marking unread. */
  async markRead(userId: number, input: unknown): Promise<{ link_ids: number[]; unread_total: number }> {
    const { link_id, readed } = parse(markReadSchema, input);
    const unread = Number(readed) === 0;
    const changed = await this.deps.db.transaction(async (tx) => {
      const owned = await this.requireOwned(tx, userId, link_id);
      const ids = owned
        .filter((i) => !(unread && NEVER_UNREAD.has(i.type)) && i.unread !== unread)
        .map((i) => i.id);
      const recount = await this.deps.tags.prepareRecount(tx, ids);
      await repo.setUnread(tx, userId, ids, unread, this.deps.clock.now());
      await recount();
      return ids;
    });
    await this.publishUpserts(userId, changed);
    const { unread: unreadTotal } = await repo.countFromCounters(this.deps.db, userId, {});
    return { link_ids: changed, unread_total: unreadTotal };
  }

  /** Public or private; notes stay private. */
  async convertMode(userId: number, input: unknown): Promise<{ link_ids: number[] }> {
    const { link_id, mode } = parse(convertModeSchema, input);
    const makePrivate = mode === 'private' || Number(mode) === 2;
    const changed = await this.deps.db.transaction(async (tx) => {
      const owned = await this.requireOwned(tx, userId, link_id);
      const ids = owned
        .filter((i) => i.private !== makePrivate && !(i.type === 'note' && !makePrivate))
        .map((i) => i.id);
      const recount = await this.deps.tags.prepareRecount(tx, ids);
      await repo.setPrivate(tx, userId, ids, makePrivate, this.deps.clock.now());
      await recount();
      return ids;
    });
    await this.publishUpserts(userId, changed);
    return { link_ids: changed };
  }

  /** Deletes the items and lowers the pdf and image used counts by the number deleted. */
  async delete(userId: number, input: unknown): Promise<{ link_ids: number[] }> {
    const { link_id } = parse(linkIdsSchema, input);
    const deleted = await this.deps.db.transaction(async (tx) => {
      await this.requireOwned(tx, userId, link_id);
      const recount = await this.deps.tags.prepareRecount(tx, link_id);
      await queueFileCleanup(this.deps.jobs, tx, userId, link_id);
      const highlights = await quotaUnitsOfItems(tx, link_id);
      const rows = await repo.deleteItems(tx, userId, link_id);
      await recount();
      await this.deps.accounts.adjustUsage(tx, userId, {
        pdf: -rows.filter((r) => r.type === 'pdf').length,
        image: -rows.filter((r) => r.type === 'image').length,
        annotation: -highlights,
      });
      return rows.map((r) => r.id);
    });
    for (const id of deleted) await this.publish(userId, { cmd: ITEM_CMD.remove, link_id: id });
    return { link_ids: deleted };
  }

  /** Revise Tags: mode 1 adds the tags to each item, mode 0 replaces each item's tags with them. */
  async reviseTags(
    userId: number,
    ids: number[],
    tagText: string,
    mode: 0 | 1,
  ): Promise<Map<number, string>> {
    const given = parseTagInput(tagText);
    const result = await this.deps.db.transaction(async (tx) => {
      await this.requireOwned(tx, userId, ids);
      const current = await repo.tagNamesFor(tx, ids);
      for (const id of ids) {
        const names = mode === 1 ? [...splitTName(current.get(id) ?? ''), ...given] : given;
        await this.deps.tags.setItemTags(tx, userId, id, dedupeTags(names));
      }
      await refreshSearchVectors(tx, ids);
      return repo.tagNamesFor(tx, ids);
    });
    await this.publishUpserts(userId, ids);
    return result;
  }

  /** The caller's own items for an export, in the order given. */
  async ownItemsForExport(userId: number, input: unknown): Promise<ItemReply[]> {
    const { link_id } = parse(linkIdsSchema, input);
    await this.requireOwned(this.deps.db, userId, link_id);
    const rows = await repo.findOwnItems(this.deps.db, userId, link_id);
    const presented = await this.present(this.deps.db, rows, userId);
    const byId = new Map(presented.map((i) => [i.link_id, i]));
    return link_id.map((id) => byId.get(id)!);
  }

  /** All ids must be the caller's: one stranger's id refuses the whole call, so nothing half-happens. */
  private async requireOwned(ex: Executor, userId: number, ids: number[]) {
    const owned = await repo.ownedItems(ex, userId, ids);
    if (owned.length !== ids.length) throw new NotFoundError();
    return owned;
  }

  private async loadOwn(ex: Executor, userId: number, id: number): Promise<repo.ItemRow> {
    const row = await repo.findItem(ex, id);
    if (!row || row.userId !== userId) throw new NotFoundError();
    return row;
  }

  private async present(
    ex: Executor,
    rows: repo.ListedItem[],
    viewerId: number | null,
    ownerName?: string,
  ): Promise<ItemReply[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const tNames = await repo.tagNamesFor(ex, ids);
    const annotations = await annotationsForItems(ex, ids);
    const names = new Map<number, string>();
    if (ownerName) names.set(rows[0]!.userId, ownerName);
    for (const r of rows) {
      if (!names.has(r.userId))
        names.set(r.userId, (await this.deps.accounts.findUser(r.userId))?.name ?? '');
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
        r.userId === viewerId,
        files.get(r.id),
        annotations.get(r.id) ?? [],
      ),
    );
  }

  /** Recounts the tags of these items (other modules call it when an item changes a tag tab's count). */
  async recountTagsOf(tx: Executor, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await (await this.deps.tags.prepareRecount(tx, ids))();
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

  private publish(userId: number, event: ItemEvent) {
    return this.deps.bus.publish(userTopic(userId), event);
  }
}
