import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { urlKey } from '../../../shared/url-key.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { items } from '../../db/schema.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Authorized } from '../../policies/authorized.ts';
import { authorizeItem } from '../../policies/item.ts';
import { CAPTURE_JOB, CAPTURE_PENDING } from './capture-hook.ts';
import { hostOf } from './presenter.ts';
import * as repo from './repo.ts';
import { ITEM_COLUMNS, type ItemRow } from './row.ts';
import { queueRules } from './rules-hook.ts';

/** A bookmark or note an import makes, dated as its source dated it. */
export interface ImportedItem {
  type: 'bookmark' | 'note';
  /** notes: their HTML, and the key that finds them again when the same file is imported twice */
  noteContent?: string;
  localId?: string;
  url: string | null;
  title: string;
  description: string;
  unread: boolean;
  private: boolean;
  starred: boolean;
  createdAt: Date;
}

/**
 * An import's captures are spaced this far apart (one page a second per importing user): a host
 * is never asked more often than that, and other users' captures, queued for now, go first.
 */
export const IMPORT_CAPTURE_SPACING_MS = 1_000;

/**
 * The items side of an import (modules/import): finding what the library already holds of a page,
 * and writing many new items in one statement. Only the items module writes `items`.
 */
export class ImportedItems {
  constructor(private readonly deps: { jobs: JobQueue }) {}

  /**
   * The owner's bookmarks that are the same pages as these addresses (urlKey: scheme, `www.`, a
   * trailing slash and tracking parameters ignored), by key. Read per host, through the host index.
   */
  async sameBookmarks(
    tx: Executor,
    owner: { id: number },
    urls: string[],
  ): Promise<Map<string, Authorized<'item', ItemRow>>> {
    const hosts = new Set<string>();
    for (const url of urls) {
      const host = hostOf(url);
      if (!host) continue;
      const bare = host.replace(/^www\./, '');
      hosts.add(bare);
      hosts.add(`www.${bare}`);
    }
    const found = new Map<string, Authorized<'item', ItemRow>>();
    if (!hosts.size) return found;
    const rows = await tx
      .select(ITEM_COLUMNS)
      .from(items)
      .where(
        and(
          eq(items.userId, owner.id),
          eq(items.type, 'bookmark'),
          inArray(items.host, [...hosts]),
          isNull(items.trashedAt),
        ),
      );
    const wanted = new Set(urls.map(urlKey));
    for (const row of rows) {
      const key = urlKey(row.url ?? '');
      if (wanted.has(key) && !found.has(key)) found.set(key, authorizeItem(owner, row, 'write'));
    }
    return found;
  }

  /** The owner's notes made by an import, by their local id (an import of the same file finds them). */
  async notesByLocalId(tx: Executor, owner: { id: number }, localIds: string[]): Promise<Set<string>> {
    if (!localIds.length) return new Set();
    const rows = await tx
      .select({ localId: items.localId })
      .from(items)
      .where(
        and(
          eq(items.userId, owner.id),
          eq(items.type, 'note'),
          inArray(items.localId, localIds),
          isNull(items.trashedAt),
        ),
      );
    return new Set(rows.map((r) => r.localId!));
  }

  /** New items in one INSERT; bookmarks without a copy are captured later, spaced per host. */
  async create(
    tx: Executor,
    owner: { id: number },
    values: ImportedItem[],
    now: Date,
  ): Promise<Authorized<'item', ItemRow>[]> {
    const rows = await repo.insertItems(
      tx,
      values.map((v) => ({
        userId: owner.id,
        type: v.type,
        url: v.url,
        host: hostOf(v.url),
        title: v.title,
        description: v.description,
        unread: v.type === 'note' ? false : v.unread,
        private: v.type === 'note' ? true : v.private,
        starred: v.starred,
        createdAt: v.createdAt,
        updatedAt: now,
        ...(v.type === 'note'
          ? { noteContent: v.noteContent ?? '', noteType: 'rich', localId: v.localId }
          : {}),
        ...(v.type === 'bookmark' ? CAPTURE_PENDING : {}),
      })),
    );
    return rows.map((row) => authorizeItem(owner, row, 'write'));
  }

  /** Stars items an import found already in the library (a favourite in the source). */
  async star(tx: Executor, found: Authorized<'item', ItemRow>[]): Promise<void> {
    await repo.setStarred(
      tx,
      found.filter((item) => !item.starred),
      true,
    );
  }

  /** Queues the capture of an imported bookmark from the copy of the page that came with it (blob `copyKey`). */
  async queueCopyCapture(tx: Executor, item: ItemRow, copyKey: string): Promise<void> {
    await this.deps.jobs.enqueue(
      tx,
      CAPTURE_JOB,
      { itemId: item.id, copyKey },
      { userId: item.userId, dedupeKey: `item:${item.id}` },
    );
  }

  /** Queues the capture of imported bookmarks, each a spacing after the user's last queued one. */
  async queueCaptures(tx: Executor, owner: { id: number }, bookmarks: ItemRow[], now: Date): Promise<void> {
    const [last] = await queryRows<{ at: string | null }>(
      tx,
      sql`SELECT max(run_at)::text AS at FROM jobs
          WHERE kind = ${CAPTURE_JOB.kind} AND status = 'queued' AND user_id = ${owner.id}`,
    );
    const start = Math.max(
      now.getTime(),
      last?.at ? new Date(last.at).getTime() + IMPORT_CAPTURE_SPACING_MS : 0,
    );
    await this.deps.jobs.enqueueMany(
      tx,
      CAPTURE_JOB,
      bookmarks.map((item, k) => ({
        payload: { itemId: item.id },
        options: {
          userId: owner.id,
          dedupeKey: `item:${item.id}`,
          runAt: new Date(start + k * IMPORT_CAPTURE_SPACING_MS),
        },
      })),
    );
  }

  /** Queues the owner's rules over the items an import made (items/rules-hook.ts). */
  queueRules(tx: Executor, owner: { id: number }, itemIds: number[]): Promise<void> {
    return queueRules(this.deps.jobs, tx, owner.id, itemIds);
  }
}
