import { randomBytes } from 'node:crypto';
import { insertPosition, keysBetween } from '../../../shared/outliners/positions.ts';
import {
  type AddTextToOutlinerInput,
  type AddToOutlinerInput,
  type CreateEntryInput,
  type EditEntryInput,
  type EditOutlinerInput,
  type EntryChangeReply,
  type EntryReply,
  type ListOutlinersInput,
  type ListOutlinersReply,
  type NewOutlinerInput,
  OUTLINER_ENTRIES_MAX,
  OUTLINER_MSG,
  type OutlinerChangeReply,
  type OutlinerLiveMessage,
  type OutlinerReply,
  type OutlinerSettings,
  type OutlinerTreeReply,
  type SetOutlinerSettingsInput,
  type ShareLinkReply,
} from '../../../shared/schemas/outliners.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import { type EventBus, userTopic } from '../../platform/event-bus.ts';
import type { Actor, Authorized } from '../../policies/authorized.ts';
import { authorizeOutliner } from '../../policies/outliner.ts';
import type { AccountsService, PlanHolder } from '../accounts/service.ts';
import { loadAll, loadForWrite } from '../items/access.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import type { OpmlNode } from './opml.ts';
import { presentEntry, presentOutliner, presentTree } from './presenter.ts';
import * as repo from './repo.ts';
import { TreeCache } from './tree-cache.ts';

export interface OutlinersDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  accounts: AccountsService;
  items: ItemsService;
}

/** Where a change came from: the user, the origin links are made for, and the tab that sent it. */
export interface Caller {
  user: PlanHolder & { name: string };
  origin: string;
  tab?: string;
}

type Repositioned = { id: number; position: string }[];

/**
 * Outliners and their entries (spec part 1 §3, §7). Every call loads the outliner through
 * policies/outliner.ts (`authorizeOutliner`): the owner only, else 404; a share key reads. Writes
 * of the outliner row take what it returns. Entry writes
 * lock the outliner row, so two tabs placing entries at once get distinct keys. Each change is
 * sent to the owner's open tabs (topic user:{id}); changes to which items an outliner holds also
 * send those items, whose ouliner_id changed.
 */
export class OutlinersService {
  private readonly trees = new TreeCache();

  constructor(private readonly deps: OutlinersDeps) {}

  private async owned(ex: Executor, actor: Actor, outlinerId: number, lock = false) {
    return authorizeOutliner(actor, await repo.findOutliner(ex, outlinerId, { lock }), 'write');
  }

  /** Refuses (400 naming `field`) an outliner the user may not add to (a rule's action). */
  async checkOwned(userId: number, outlinerId: number, field: string): Promise<void> {
    await this.owned(this.deps.db, { id: userId }, outlinerId).catch((err: unknown) => {
      throw err instanceof NotFoundError ? new ValidationError('This outliner was not found.', field) : err;
    });
  }

  async list(caller: Caller, q: ListOutlinersInput): Promise<ListOutlinersReply> {
    const sort = q.sort ?? 'updated';
    const order = q.order ?? (sort === 'title' ? 'asc' : 'desc');
    const rows = await repo.listOutliners(this.deps.db, caller.user.id, { search: q.search, sort, order });
    return {
      code: 1,
      data: { outliners: rows.map((r) => presentOutliner(r, r.entryCount, caller.origin)) },
    };
  }

  /** A new outliner takes one unit of the plan's outliner quota (QuotaExceededError at the limit). */
  async create(caller: Caller, { title }: NewOutlinerInput): Promise<OutlinerChangeReply> {
    const row = await this.deps.db.transaction(async (tx) => {
      await this.deps.accounts.reserveUsage(tx, caller.user, 'outliner');
      return repo.insertOutliner(tx, { userId: caller.user.id, title, now: this.deps.clock.now() });
    });
    const outliner = presentOutliner(row, 0, caller.origin);
    await this.publish(caller, row.id, 'outliner', { outliner });
    return { code: 1, outliner };
  }

  async edit(caller: Caller, outlinerId: number, data: EditOutlinerInput): Promise<OutlinerChangeReply> {
    if (data.title === undefined && data.description === undefined)
      throw new ValidationError(OUTLINER_MSG.nothingToEdit, 'title');
    const outliner = await this.deps.db.transaction(async (tx) => {
      const owned = await this.owned(tx, caller.user, outlinerId, true);
      const row = await repo.updateOutliner(tx, owned, { ...data, updatedAt: this.deps.clock.now() });
      return presentOutliner(row, await repo.entryCount(tx, outlinerId), caller.origin);
    });
    await this.publish(caller, outlinerId, 'outliner', { outliner });
    return { code: 1, outliner };
  }

  /** Deletes it with its entries and gives its quota unit back. */
  async delete(caller: Caller, outlinerId: number): Promise<{ code: 1 }> {
    const held = await this.deps.db.transaction(async (tx) => {
      const owned = await this.owned(tx, caller.user, outlinerId, true);
      const items = await repo.itemsHeldBy(tx, outlinerId);
      await repo.deleteOutliner(tx, owned);
      await this.deps.accounts.releaseUsage(tx, caller.user.id, { outliner: 1 });
      return items;
    });
    await this.publish(caller, outlinerId, 'deleted', {});
    await this.deps.items.publishUpserts(caller.user.id, held);
    return { code: 1 };
  }

  /** Turns sharing on with a new key of 128 random bits; while on, the same key comes back. */
  async shareLink(caller: Caller, outlinerId: number): Promise<ShareLinkReply> {
    const outliner = await this.deps.db.transaction(async (tx) => {
      const row = await this.owned(tx, caller.user, outlinerId, true);
      const shared =
        row.privacy === 2 && row.shareKey
          ? row
          : await repo.updateOutliner(tx, row, {
              privacy: 2,
              shareKey: randomBytes(16).toString('base64url'),
            });
      return presentOutliner(shared, await repo.entryCount(tx, outlinerId), caller.origin);
    });
    await this.publish(caller, outlinerId, 'outliner', { outliner });
    return { code: 1, reason: '', share_link: outliner.share_link!, share_key: outliner.share_key! };
  }

  /** Turns sharing off: the key is forgotten, its link finds nothing. */
  async shareDisable(caller: Caller, outlinerId: number): Promise<{ code: 1 }> {
    const outliner = await this.deps.db.transaction(async (tx) => {
      const owned = await this.owned(tx, caller.user, outlinerId, true);
      const row = await repo.updateOutliner(tx, owned, { privacy: 0, shareKey: null });
      return presentOutliner(row, await repo.entryCount(tx, outlinerId), caller.origin);
    });
    await this.publish(caller, outlinerId, 'outliner', { outliner });
    return { code: 1 };
  }

  async tree(caller: Caller, outlinerId: number): Promise<OutlinerTreeReply> {
    const row = authorizeOutliner(caller.user, await repo.findOutliner(this.deps.db, outlinerId), 'read');
    return this.treeReply(row, caller.origin, caller.user.name);
  }

  private async treeReply(row: repo.OutlinerRow, origin: string, owner: string): Promise<OutlinerTreeReply> {
    const entries = presentTree(await repo.treeOf(this.deps.db, row.id));
    return { code: 1, outliner: presentOutliner(row, entries.length, origin), entries, owner };
  }

  /**
   * The tree call's reply as JSON text (the same reply as `tree`): the entries come from the copy
   * kept for the outliner's tree version when there is one, so a repeated read costs one row lookup.
   */
  async treeJson(caller: Caller, outlinerId: number): Promise<string> {
    const row = authorizeOutliner(caller.user, await repo.findOutliner(this.deps.db, outlinerId), 'read');
    return this.treeReplyJson(row, caller.origin, caller.user.name);
  }

  /** The read-only tree for anyone holding the key while sharing is on. */
  async sharedTreeJson(shareKey: string, origin: string): Promise<string> {
    const row = authorizeOutliner(null, await repo.findByShareKey(this.deps.db, shareKey), 'read', shareKey);
    const owner = await this.deps.accounts.findUser(row.userId);
    return this.treeReplyJson(row, origin, owner?.name ?? '');
  }

  private async treeReplyJson(row: repo.OutlinerRow, origin: string, owner: string): Promise<string> {
    let kept = this.trees.get(row.id, row.treeVersion);
    if (!kept) {
      const entries = presentTree(await repo.treeOf(this.deps.db, row.id));
      kept = { version: row.treeVersion, count: entries.length, entriesJson: JSON.stringify(entries) };
      this.trees.set(row.id, kept);
    }
    const outliner = JSON.stringify(presentOutliner(row, kept.count, origin));
    return `{"code":1,"outliner":${outliner},"entries":${kept.entriesJson},"owner":${JSON.stringify(owner)}}`;
  }

  /** The tree for an export (owner only). */
  async exportable(caller: Caller, outlinerId: number) {
    return this.tree(caller, outlinerId);
  }

  /** add_to_outliner: each item becomes an item entry at the end; items it already holds are skipped. */
  async addItems(caller: Caller, data: AddToOutlinerInput): Promise<{ code: 1; entries: EntryReply[] }> {
    const added = await this.deps.db.transaction((tx) =>
      this.addItemsWithin(tx, caller, data.list_id, data.infos),
    );
    await this.announceAdded(caller, added);
    return { code: 1, entries: added.created };
  }

  /**
   * add_to_outliner's writes inside the caller's transaction (a bookmark saved with `lists` runs
   * them in the save's); `announceAdded` after it commits. `field` names the input an outliner
   * that is not the caller's is refused in (a 400), else it is not found.
   */
  async addItemsWithin(tx: Executor, caller: Caller, listId: number, linkIds: number[], field?: string) {
    const owned = await this.owned(tx, caller.user, listId, true).catch((err: unknown) => {
      throw err instanceof NotFoundError && field
        ? new ValidationError(`An outliner in ${field} was not found.`, field)
        : err;
    });
    const items = await loadAll(tx, caller.user, linkIds, 'write').catch((err: unknown) => {
      throw err instanceof NotFoundError
        ? new ValidationError('An item in infos was not found.', 'infos')
        : err;
    });
    const held = await repo.heldItems(tx, listId, linkIds);
    const adding = items.filter((i) => !held.has(i.id));
    await this.checkRoom(tx, listId, adding.length);
    const keys = keysBetween(await repo.lastTopPosition(tx, listId), null, adding.length);
    const now = this.deps.clock.now();
    const rows = await repo.insertEntries(
      tx,
      adding.map((item, i) => ({
        outlinerId: listId,
        position: keys[i]!,
        kind: 'item',
        text: item.title || item.url || '',
        linkId: item.id,
        createdAt: now,
        updatedAt: now,
      })),
    );
    if (rows.length) await repo.touchOutliner(tx, owned, now);
    const tree = await repo.treeOf(
      tx,
      listId,
      rows.map((r) => r.id),
    );
    const byId = new Map(tree.map((r) => [r.id, presentEntry(r)]));
    return { listId, created: rows.map((r) => byId.get(r.id)!), linkIds: adding.map((i) => i.id) };
  }

  /** Sends entries addItemsWithin made, and their items, to the owner's tabs. */
  async announceAdded(
    caller: Caller,
    added: { listId: number; created: EntryReply[]; linkIds: number[] },
  ): Promise<void> {
    if (added.created.length === 0) return;
    await this.publish(caller, added.listId, 'entries', { entries: added.created });
    await this.deps.items.publishUpserts(caller.user.id, added.linkIds);
  }

  /**
   * add_text_to_outliner: a text entry at the end. With ann_id (text dragged from a highlight) and
   * the source_link setting on, it is a highlight entry linking back to the highlight.
   */
  async addText(caller: Caller, data: AddTextToOutlinerInput): Promise<EntryChangeReply> {
    const entry = await this.deps.db.transaction(async (tx) => {
      const owned = await this.owned(tx, caller.user, data.outliner_id, true);
      let source: { linkId: number; annId: number } | undefined;
      if (data.ann_id !== undefined) {
        const ann = await this.ownAnnotation(tx, caller.user, data.ann_id, 'ann_id');
        const { sourceLink } = await repo.findSettings(tx, caller.user.id);
        if (sourceLink) source = { linkId: ann.item_id, annId: ann.id };
      }
      await this.checkRoom(tx, data.outliner_id, 1);
      const now = this.deps.clock.now();
      const [row] = await repo.insertEntries(tx, [
        {
          outlinerId: data.outliner_id,
          position: keysBetween(await repo.lastTopPosition(tx, data.outliner_id), null, 1)[0]!,
          kind: source ? 'highlight' : 'text',
          text: data.text,
          linkId: source?.linkId ?? null,
          annId: source?.annId ?? null,
          createdAt: now,
          updatedAt: now,
        },
      ]);
      await repo.touchOutliner(tx, owned, now);
      return this.entryReply(tx, data.outliner_id, row!.id);
    });
    await this.publish(caller, data.outliner_id, 'entries', { entries: [entry] });
    return { code: 1, entry, repositioned: [] };
  }

  /** A new entry under parent_id after after_id (text, or an item or highlight of one's own). */
  async createEntry(caller: Caller, outlinerId: number, data: CreateEntryInput): Promise<EntryChangeReply> {
    const result = await this.deps.db.transaction(async (tx) => {
      const owned = await this.owned(tx, caller.user, outlinerId, true);
      let linkId: number | null = null;
      let annId: number | null = null;
      let text = data.text;
      if (data.ann_id !== undefined) {
        const ann = await this.ownAnnotation(tx, caller.user, data.ann_id, 'ann_id');
        linkId = ann.item_id;
        annId = ann.id;
        text ||= ann.content;
      } else if (data.link_id !== undefined) {
        const item = await loadForWrite(tx, caller.user, data.link_id).catch((err: unknown) => {
          throw err instanceof NotFoundError
            ? new ValidationError('This item was not found.', 'link_id')
            : err;
        });
        linkId = item.id;
        text ||= item.title || item.url || '';
      }
      await this.checkRoom(tx, outlinerId, 1);
      const parentId = data.parent_id ?? null;
      if (parentId !== null) await this.entryOf(tx, outlinerId, parentId, 'parent_id');
      const place = await this.place(tx, outlinerId, parentId, data.after_id ?? null, undefined);
      const now = this.deps.clock.now();
      const [row] = await repo.insertEntries(tx, [
        {
          outlinerId,
          parentId,
          position: place.position,
          kind: annId !== null ? 'highlight' : linkId !== null ? 'item' : 'text',
          text,
          note: data.note,
          collapsed: data.collapsed ?? false,
          linkId,
          annId,
          createdAt: now,
          updatedAt: now,
        },
      ]);
      await repo.touchOutliner(tx, owned, now);
      return { entry: await this.entryReply(tx, outlinerId, row!.id), repositioned: place.repositioned };
    });
    await this.publish(caller, outlinerId, 'entries', {
      entries: [result.entry],
      repositioned: result.repositioned,
    });
    if (result.entry.kind === 'item')
      await this.deps.items.publishUpserts(caller.user.id, [result.entry.link_id!]);
    return { code: 1, ...result };
  }

  /** Changes text, note or collapsed, and moves it when parent_id or after_id is sent. */
  async editEntry(
    caller: Caller,
    outlinerId: number,
    entryId: number,
    data: EditEntryInput,
  ): Promise<EntryChangeReply> {
    const result = await this.deps.db.transaction(async (tx) => {
      const owned = await this.owned(tx, caller.user, outlinerId, true);
      const entry = await repo.findEntry(tx, outlinerId, entryId);
      if (!entry) throw new NotFoundError();
      const now = this.deps.clock.now();
      const set: Parameters<typeof repo.updateEntry>[2] = { updatedAt: now };
      if (data.text !== undefined) set.text = data.text;
      if (data.note !== undefined) set.note = data.note;
      if (data.collapsed !== undefined) set.collapsed = data.collapsed;
      let repositioned: Repositioned = [];
      if (data.parent_id !== undefined || data.after_id !== undefined) {
        const afterId = data.after_id ?? null;
        let parentId: number | null;
        if (data.parent_id !== undefined) parentId = data.parent_id;
        else if (afterId !== null)
          parentId = (await this.entryOf(tx, outlinerId, afterId, 'after_id')).parentId;
        else parentId = entry.parentId;
        if (parentId !== null) {
          await this.entryOf(tx, outlinerId, parentId, 'parent_id');
          if ((await repo.ancestorsOf(tx, parentId)).includes(entryId))
            throw new ValidationError(OUTLINER_MSG.cycle, 'parent_id');
        }
        if (afterId === entryId) throw new ValidationError(OUTLINER_MSG.afterNotSibling, 'after_id');
        const place = await this.place(tx, outlinerId, parentId, afterId, entryId);
        set.parentId = parentId;
        set.position = place.position;
        repositioned = place.repositioned;
      }
      await repo.updateEntry(tx, entryId, set);
      await repo.touchOutliner(tx, owned, now);
      return { entry: await this.entryReply(tx, outlinerId, entryId), repositioned };
    });
    await this.publish(caller, outlinerId, 'entries', {
      entries: [result.entry],
      repositioned: result.repositioned,
    });
    return { code: 1, ...result };
  }

  /** Removes the entry with everything under it. */
  async deleteEntry(
    caller: Caller,
    outlinerId: number,
    entryId: number,
  ): Promise<{ code: 1; removed: number[] }> {
    const { removed, items } = await this.deps.db.transaction(async (tx) => {
      const owned = await this.owned(tx, caller.user, outlinerId, true);
      if (!(await repo.findEntry(tx, outlinerId, entryId))) throw new NotFoundError();
      const ids = await repo.subtreeOf(tx, entryId);
      const held = await repo.itemsOfEntries(tx, ids);
      await repo.deleteEntry(tx, entryId);
      await repo.touchOutliner(tx, owned, this.deps.clock.now());
      return { removed: ids, items: held };
    });
    await this.publish(caller, outlinerId, 'entries', { removed });
    await this.deps.items.publishUpserts(caller.user.id, items);
    return { code: 1, removed };
  }

  /** An OPML outline as a new outliner (one quota unit), its entries in the file's order. */
  async importOutline(
    caller: Caller,
    outline: { title: string; nodes: OpmlNode[]; count: number },
    fallbackTitle: string,
  ): Promise<{ code: 1; outliner: OutlinerReply; imported: number }> {
    if (outline.count > OUTLINER_ENTRIES_MAX) throw new ValidationError(OUTLINER_MSG.tooManyEntries, 'file');
    const title = outline.title || fallbackTitle;
    const row = await this.deps.db.transaction(async (tx) => {
      await this.deps.accounts.reserveUsage(tx, caller.user, 'outliner');
      const now = this.deps.clock.now();
      const outliner = await repo.insertOutliner(tx, { userId: caller.user.id, title, now });
      const ids = await repo.reserveEntryIds(tx, outline.count);
      const rows: repo.NewEntry[] = [];
      // depth first, so each batch holds parents before (or with) their children
      const walk = (nodes: OpmlNode[], parentId: number | null) => {
        const keys = keysBetween(null, null, nodes.length);
        nodes.forEach((node, i) => {
          const id = ids[rows.length]!;
          rows.push({
            id,
            outlinerId: outliner.id,
            parentId,
            position: keys[i]!,
            kind: 'text',
            text: node.text,
            note: node.note,
            createdAt: now,
            updatedAt: now,
          });
          walk(node.children, id);
        });
      };
      walk(outline.nodes, null);
      for (let i = 0; i < rows.length; i += 1000) await repo.insertEntries(tx, rows.slice(i, i + 1000));
      return outliner;
    });
    const outliner = presentOutliner(row, outline.count, caller.origin);
    await this.publish(caller, row.id, 'outliner', { outliner });
    return { code: 1, outliner, imported: outline.count };
  }

  /**
   * Duplicates' merge: outliner entries of the merged items point at the kept one (migration 0012's
   * triggers keep items.outliner_ids; 0023's raise the trees' versions).
   */
  async moveItemEntries(
    tx: Executor,
    from: Authorized<'item', ItemRow>[],
    to: Authorized<'item', ItemRow>,
  ): Promise<void> {
    await repo.moveItemEntries(
      tx,
      from.map((i) => i.id),
      to.id,
    );
  }

  async settings(userId: number): Promise<OutlinerSettings> {
    const s = await repo.findSettings(this.deps.db, userId);
    return { quota: s.showQuota, sourceLink: s.sourceLink };
  }

  async setSettings(
    userId: number,
    { data }: SetOutlinerSettingsInput,
  ): Promise<{ code: 1; settings: OutlinerSettings }> {
    const set: { showQuota?: boolean; sourceLink?: boolean } = {};
    if (data.quota !== undefined) set.showQuota = data.quota;
    if (data.source_link !== undefined) set.sourceLink = data.source_link;
    const s = await repo.saveSettings(this.deps.db, userId, set);
    return { code: 1, settings: { quota: s.showQuota, sourceLink: s.sourceLink } };
  }

  /** A highlight on an item the user may change; otherwise a 400 naming the field. */
  private async ownAnnotation(tx: Executor, user: Actor, annId: number, field: string) {
    const ann = await repo.findAnnotation(tx, annId);
    const notFound = new ValidationError('This highlight was not found.', field);
    if (!ann) throw notFound;
    await loadForWrite(tx, user, ann.item_id).catch((err: unknown) => {
      throw err instanceof NotFoundError ? notFound : err;
    });
    return ann;
  }

  /** An entry of this outliner named in the body; another outliner's or none: 400. */
  private async entryOf(tx: Executor, outlinerId: number, entryId: number, field: string) {
    const entry = await repo.findEntry(tx, outlinerId, entryId);
    if (!entry) throw new ValidationError(`${field}: no such entry in this outliner.`, field);
    return entry;
  }

  private async checkRoom(tx: Executor, outlinerId: number, adding: number) {
    if (adding > 0 && (await repo.entryCount(tx, outlinerId)) + adding > OUTLINER_ENTRIES_MAX)
      throw new ValidationError(OUTLINER_MSG.tooManyEntries);
  }

  /**
   * The key for an entry placed under parentId right after afterId (null: first), among the
   * siblings other than `moving`; when the gap is too fine, the siblings are spaced out again.
   */
  private async place(
    tx: Executor,
    outlinerId: number,
    parentId: number | null,
    afterId: number | null,
    moving: number | undefined,
  ): Promise<{ position: string; repositioned: Repositioned }> {
    const siblings = (await repo.siblingsOf(tx, outlinerId, parentId)).filter((s) => s.id !== moving);
    let index = 0;
    if (afterId !== null) {
      index = siblings.findIndex((s) => s.id === afterId) + 1;
      if (index === 0) throw new ValidationError(OUTLINER_MSG.afterNotSibling, 'after_id');
    }
    const placement = insertPosition(
      siblings.map((s) => s.position),
      index,
    );
    if (!placement.respaced) return { position: placement.position, repositioned: [] };
    const others = siblings.map((s, i) => ({
      id: s.id,
      position: placement.respaced![i < index ? i : i + 1]!,
    }));
    await repo.setPositions(tx, others);
    return { position: placement.position, repositioned: others };
  }

  private async entryReply(tx: Executor, outlinerId: number, entryId: number): Promise<EntryReply> {
    const [row] = await repo.treeOf(tx, outlinerId, [entryId]);
    return presentEntry(row!);
  }

  /** Sends the change to the owner's open tabs, on every instance. */
  private publish(
    caller: Caller,
    outlinerId: number,
    change: OutlinerLiveMessage['change'],
    item: NonNullable<OutlinerLiveMessage['item']>,
  ) {
    const message: OutlinerLiveMessage = {
      cmd: 'outliner',
      outliner_id: outlinerId,
      change,
      tab: caller.tab ?? null,
      item,
    };
    return this.deps.bus.publish(userTopic(caller.user.id), message);
  }
}
