import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { ExportOutliner } from '../../../shared/outliners/export.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import type { EntryReply } from '../../../shared/schemas/outliners.ts';
import type { Executor } from '../../db/client.ts';
import { items as itemsTable } from '../../db/schema.ts';
import type { AccountsService } from '../accounts/service.ts';
import { EXPORT_BATCH, type ExportItem, toExportItem, yieldToOthers } from '../export/content.ts';
import { loadAll } from '../items/access.ts';
import type { ItemsService } from '../items/service.ts';
import type { OutlinersService } from '../outliners/service.ts';

/** What the open formats read the library through. */
export interface LibraryReaderDeps {
  db: Executor;
  items: ItemsService;
  accounts: AccountsService;
  outliners: OutlinersService;
  publicUrl: string;
}

/** One item as the formats write it: the call's reply (flags, outliners) and its plain text. */
export interface LibraryItem {
  reply: ItemReply;
  text: ExportItem;
}

export interface LibraryOutliner {
  id: number;
  outliner: ExportOutliner;
  entries: EntryReply[];
  createdAt: Date;
}

/**
 * The user's library a batch at a time, oldest first: ids are read by key (never all at once),
 * each batch loaded through the item policy and presented as the calls present it, with every
 * highlight and sticky note. An export of 100,000 items holds EXPORT_BATCH of them at a time.
 */
export class LibraryReader {
  constructor(private readonly deps: LibraryReaderDeps) {}

  async *items(userId: number): AsyncGenerator<LibraryItem> {
    let after = 0;
    for (;;) {
      const ids = await this.deps.db
        .select({ id: itemsTable.id })
        .from(itemsTable)
        .where(and(eq(itemsTable.userId, userId), gt(itemsTable.id, after)))
        .orderBy(asc(itemsTable.id))
        .limit(EXPORT_BATCH);
      if (ids.length === 0) return;
      after = ids[ids.length - 1]!.id;
      yield* this.batch(
        userId,
        ids.map((r) => r.id),
      );
    }
  }

  /** The given items of the user in the order given (an outliner's), each once. */
  async *itemsByIds(userId: number, ids: readonly number[]): AsyncGenerator<LibraryItem> {
    const unique = [...new Set(ids)];
    for (let at = 0; at < unique.length; at += EXPORT_BATCH) {
      yield* this.batch(userId, unique.slice(at, at + EXPORT_BATCH));
    }
  }

  private async *batch(userId: number, ids: number[]): AsyncGenerator<LibraryItem> {
    // an item deleted since its id was read is left out: the policy refuses the batch, so it is
    // loaded again without the missing ones
    const rows = await loadAll(this.deps.db, { id: userId }, ids, 'write').catch(async () => {
      const present = await this.deps.db
        .select({ id: itemsTable.id })
        .from(itemsTable)
        .where(and(eq(itemsTable.userId, userId), inArray(itemsTable.id, ids)));
      return loadAll(
        this.deps.db,
        { id: userId },
        present.map((r) => r.id),
        'write',
      );
    });
    // in the order given (loadAll keeps it)
    const replies = await this.deps.items.present(this.deps.db, rows, userId);
    for (const reply of replies) yield { reply, text: toExportItem(reply) };
    await yieldToOthers();
  }

  async ownerName(userId: number): Promise<string> {
    return (await this.deps.accounts.findUser(userId))?.name ?? '';
  }

  /** The user's outliners' ids and titles only. */
  async *outlinerTitles(userId: number): AsyncGenerator<{ id: number; title: string }> {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) return;
    const list = await this.deps.outliners.list(
      { user, origin: this.deps.publicUrl },
      {
        sort: 'title',
        order: 'asc',
      },
    );
    for (const o of list.data.outliners) yield { id: o.id, title: o.title };
  }

  /** Every outliner of the user with its entries (an outliner holds at most OUTLINER_ENTRIES_MAX). */
  async *outliners(userId: number): AsyncGenerator<LibraryOutliner> {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) return;
    const caller = { user, origin: this.deps.publicUrl };
    const list = await this.deps.outliners.list(caller, { sort: 'title', order: 'asc' });
    for (const o of list.data.outliners) {
      const tree = await this.deps.outliners.exportable(caller, o.id);
      yield {
        id: o.id,
        outliner: tree.outliner,
        entries: tree.entries,
        createdAt: new Date(o.created_at * 1000),
      };
      await yieldToOthers();
    }
  }
}
