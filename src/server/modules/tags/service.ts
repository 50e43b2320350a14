import { type SQL, sql } from 'drizzle-orm';
import {
  cutTitleForTags,
  type LoadTagsInput,
  type LoadTagsReply,
  type RecommendedTagsInput,
  type SuggestTagsInput,
  type TagTabType,
  type UpdateTagInput,
} from '../../../shared/schemas/tags.ts';
import { parseTagInput, splitTagNames, splitTName } from '../../../shared/tags.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import { ownsLibrary } from '../../policies/item.ts';
import type { AccountsService } from '../accounts/service.ts';
import { loadAll } from '../items/access.ts';
import * as repo from './repo.ts';

const RECOMMENDED_MAX = 10;

/** What each tag tab counts (spec part 1 §3 tag tab types), as items... */
function tabFilter(type: TagTabType): SQL {
  switch (type) {
    case 'all':
      return sql`true`;
    case 'unread':
      return sql`i.unread`;
    case 'ann':
      return sql`i.annotation_count > 0`;
    default:
      return sql`i.type = ${type}`;
  }
}

/** ...and as the counter kept on each tag row for its owner (by triggers, migration 0009). */
const TAB_COUNTER: Record<TagTabType, SQL> = {
  all: sql`t.item_count`,
  bookmark: sql`t.bookmark_count`,
  image: sql`t.image_count`,
  pdf: sql`t.pdf_count`,
  note: sql`t.note_count`,
  unread: sql`t.unread_count`,
  ann: sql`t.annotated_count`,
};

/** Tags: counts always follow a change; other modules call the item-level methods inside their transactions. */
export class TagsService {
  constructor(private readonly deps: { db: Db; clock: Clock; accounts: AccountsService }) {}

  /**
   * Gives an item exactly these tags (in this order); the tags' counters follow (migration 0009).
   * A name holding a comma is two tags: t_name joins names with commas (and the tags table refuses one).
   */
  async setItemTags(tx: Executor, userId: number, itemId: number, given: string[]): Promise<void> {
    const names = splitTagNames(given);
    const ids = await repo.ensureTags(tx, userId, itemId, names, this.deps.clock.now());
    const after = names.map((n) => ids.get(n.toLowerCase())).filter((id): id is number => id !== undefined);
    await repo.replaceItemTags(tx, userId, itemId, [...new Set(after)]);
  }

  /**
   * Tags for many items that have none yet (an import's new items): the batch's tags found or made
   * once, then every item's tags in one statement.
   */
  async tagNewItems(
    tx: Executor,
    userId: number,
    tagged: { itemId: number; names: string[] }[],
  ): Promise<void> {
    const named = tagged
      .map((t) => ({ itemId: t.itemId, names: splitTagNames(t.names) }))
      .filter((t) => t.names.length);
    if (!named.length) return;
    const ids = await repo.ensureTags(
      tx,
      userId,
      null,
      [...new Set(named.flatMap((t) => t.names))],
      this.deps.clock.now(),
    );
    await repo.insertItemTags(
      tx,
      userId,
      named.map((t) => ({
        itemId: t.itemId,
        tagIds: [
          ...new Set(
            t.names.map((n) => ids.get(n.toLowerCase())).filter((id): id is number => id !== undefined),
          ),
        ],
      })),
    );
  }

  /** t_name of each item: its tags in the order they were typed. */
  tagNamesFor(ex: Executor, itemIds: number[]): Promise<Map<number, string>> {
    return repo.tagNamesFor(ex, itemIds);
  }

  /**
   * Revise Tags: mode 1 adds the tags to each item, mode 0 replaces each item's tags with them; one
   * item the caller may not change refuses them all. Returns each item's t_name after.
   */
  async reviseTags(
    user: { id: number },
    ids: number[],
    tagText: string,
    mode: 0 | 1,
    /** runs in the revision's transaction once the tags are set (the items' item.updated webhook event) */
    within?: (tx: Executor, ids: number[]) => Promise<void>,
  ): Promise<Map<number, string>> {
    const given = parseTagInput(tagText);
    return this.deps.db.transaction(async (tx) => {
      const list = await loadAll(tx, user, ids, 'write');
      const current = await repo.tagNamesFor(tx, ids);
      for (const item of list) {
        const names = mode === 1 ? [...splitTName(current.get(item.id) ?? ''), ...given] : given;
        await this.setItemTags(tx, item.userId, item.id, names);
      }
      await within?.(
        tx,
        list.map((i) => i.id),
      );
      return repo.tagNamesFor(tx, ids);
    });
  }

  topTags(ex: Executor, userId: number, publicOnly: boolean, limit: number) {
    return repo.topTags(ex, userId, publicOnly, limit);
  }

  tagCountsForItems(ex: Executor, itemIdsQuery: Parameters<typeof repo.tagCountsForItems>[1], limit: number) {
    return repo.tagCountsForItems(ex, itemIdsQuery, limit);
  }

  /** GET /interact_api/load_user_tags: visitors and other users see public counts only. */
  async list(viewer: { id: number; name: string } | null, q: LoadTagsInput): Promise<LoadTagsReply> {
    const ownerName = q.username || viewer?.name;
    if (!ownerName) throw new ValidationError('username is required.', 'username');
    const owner = await this.deps.accounts.findUserByName(ownerName);
    if (!owner) throw new NotFoundError('No such user.');
    const isOwner = ownsLibrary(viewer, owner.id);
    // unread is the owner's own state: nobody else sees it
    if (!isOwner && q.type === 'unread') return { tags: [], total: 0 };
    return repo.listTags(this.deps.db, {
      userId: owner.id,
      publicOnly: !isOwner,
      counter: isOwner ? TAB_COUNTER[q.type] : q.type === 'all' ? sql`t.public_count` : null,
      itemFilter: tabFilter(q.type),
      nav: q.nav,
      search: q.search?.trim() || undefined,
      sort: q.sort,
      limit: q.count,
      offset: q.page_num * q.count,
    });
  }

  /** Suggestions for the search box and tag inputs; a leading # is matched without it. */
  async suggest(userId: number, { q, limit }: SuggestTagsInput): Promise<string[]> {
    const text = q.trim().replace(/^#/, '').replace(/^"/, '').trim();
    if (!text) return [];
    return repo.suggestTags(this.deps.db, userId, text, limit);
  }

  /**
   * Renames a tag everywhere; onto an existing tag it merges; to empty it leaves every item untagged of
   * it. Names separated by commas split it: its items get each of them (the first takes its place).
   */
  async rename(userId: number, { old_tag, new: names }: UpdateTagInput): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const tag = await repo.findTagByName(tx, userId, old_tag);
      if (!tag) throw new NotFoundError('No such tag.');
      if (names.length === 0) return repo.deleteTag(tx, tag.id);
      // the tag keeps its place under its own name when that is among the new ones, else the first
      const kept = names.find((n) => n.toLowerCase() === tag.name.toLowerCase()) ?? names[0]!;
      for (const name of names.filter((n) => n !== kept)) {
        const ids = await repo.ensureTags(tx, userId, null, [name], this.deps.clock.now());
        await repo.copyTagOnto(tx, tag.id, ids.get(name.toLowerCase())!);
      }
      const target = await repo.findTagByName(tx, userId, kept);
      if (target && target.id !== tag.id) {
        await repo.mergeTag(tx, tag.id, target.id);
      } else {
        await repo.renameTag(tx, tag.id, kept);
      }
    });
  }

  /** The user's own tags found in the page title (cut to 200 bytes, non-ASCII counting 2) or its host. */
  async recommended(userId: number, { title, url }: RecommendedTagsInput): Promise<string[]> {
    let host = '';
    try {
      host = url ? new URL(url).hostname : '';
    } catch {
      host = '';
    }
    const words = `${cutTitleForTags(title)} ${host.replace(/\./g, ' ')}`
      .toLowerCase()
      .split(/[^\p{L}\p{N}_+#-]+/u)
      .filter((w) => w.length > 1);
    return repo.tagsMentionedIn(this.deps.db, userId, [...new Set(words)].slice(0, 200), RECOMMENDED_MAX);
  }
}
