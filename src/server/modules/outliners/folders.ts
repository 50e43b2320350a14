import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { keysBetween } from '../../../shared/outliners/positions.ts';
import { OUTLINER_ENTRIES_MAX, OUTLINER_MSG } from '../../../shared/schemas/outliners.ts';
import type { Executor } from '../../db/client.ts';
import { outlinerEntries, outliners } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { AccountsService, PlanHolder } from '../accounts/service.ts';
import type { ItemRow } from '../items/row.ts';
import * as repo from './repo.ts';

/** An item and the folder path it sits in, from the top (['Reading', 'Rust', 'Async']). */
export interface Placement {
  item: Authorized<'item', ItemRow>;
  path: string[];
}

/**
 * Folders of an imported library as outliners (docs/import.md): the top folder is an outliner of that
 * title (the user's newest of that title, or a new one taking an outliner unit of quota), each
 * deeper folder a text entry under its parent, and each item an item entry under its deepest folder.
 * What is already there is found, not made again, so importing a file twice changes nothing. One
 * instance per import: it remembers the folders it found or made.
 */
export class ImportFolders {
  private readonly outliners = new Map<string, number>();
  private readonly entries = new Map<string, number>();

  constructor(
    private readonly deps: { accounts: AccountsService },
    private readonly user: PlanHolder,
    private readonly now: () => Date,
  ) {}

  /** Places the items; returns the outliners changed. A full quota or outliner is the caller's to tell. */
  async place(tx: Executor, placements: Placement[]): Promise<Set<number>> {
    const changed = new Set<number>();
    const byFolder = new Map<string, { path: string[]; items: Authorized<'item', ItemRow>[] }>();
    for (const p of placements) {
      if (!p.path.length) continue;
      const key = p.path.join('\u0000');
      const group = byFolder.get(key) ?? { path: p.path, items: [] };
      group.items.push(p.item);
      byFolder.set(key, group);
    }
    for (const { path, items } of byFolder.values()) {
      const outlinerId = await this.outliner(tx, path[0]!);
      let parentId: number | null = null;
      for (let depth = 1; depth < path.length; depth += 1) {
        parentId = await this.folderEntry(tx, outlinerId, parentId, path.slice(0, depth + 1));
      }
      const held = await heldUnder(
        tx,
        outlinerId,
        parentId,
        items.map((i) => i.id),
      );
      const adding = [...new Map(items.filter((i) => !held.has(i.id)).map((i) => [i.id, i])).values()];
      if (!adding.length) continue;
      await checkRoom(tx, outlinerId, adding.length);
      const keys = keysBetween(await lastPosition(tx, outlinerId, parentId), null, adding.length);
      const now = this.now();
      await repo.insertEntries(
        tx,
        adding.map((item, i) => ({
          outlinerId,
          parentId,
          position: keys[i]!,
          kind: 'item',
          text: item.title || item.url || '',
          linkId: item.id,
          createdAt: now,
          updatedAt: now,
        })),
      );
      changed.add(outlinerId);
    }
    return changed;
  }

  private async outliner(tx: Executor, title: string): Promise<number> {
    const known = this.outliners.get(title);
    if (known) return known;
    const [found] = await tx
      .select({ id: outliners.id })
      .from(outliners)
      .where(and(eq(outliners.userId, this.user.id), eq(outliners.title, title)))
      .orderBy(desc(outliners.updatedAt))
      .limit(1);
    let id = found?.id;
    if (!id) {
      await this.deps.accounts.reserveUsage(tx, this.user, 'outliner');
      id = (await repo.insertOutliner(tx, { userId: this.user.id, title, now: this.now() })).id;
    }
    this.outliners.set(title, id);
    return id;
  }

  private async folderEntry(tx: Executor, outlinerId: number, parentId: number | null, path: string[]) {
    const key = `${outlinerId}\u0000${path.join('\u0000')}`;
    const known = this.entries.get(key);
    if (known) return known;
    const name = path[path.length - 1]!;
    const [found] = await tx
      .select({ id: outlinerEntries.id })
      .from(outlinerEntries)
      .where(
        and(
          eq(outlinerEntries.outlinerId, outlinerId),
          parentId === null ? isNull(outlinerEntries.parentId) : eq(outlinerEntries.parentId, parentId),
          eq(outlinerEntries.kind, 'text'),
          eq(outlinerEntries.text, name),
        ),
      )
      .limit(1);
    let id = found?.id;
    if (!id) {
      await checkRoom(tx, outlinerId, 1);
      const [position] = keysBetween(await lastPosition(tx, outlinerId, parentId), null, 1);
      const now = this.now();
      const [row] = await repo.insertEntries(tx, [
        {
          outlinerId,
          parentId,
          position: position!,
          kind: 'text',
          text: name,
          createdAt: now,
          updatedAt: now,
        },
      ]);
      id = row!.id;
    }
    this.entries.set(key, id);
    return id;
  }
}

/** An import's folder would take an outliner past its entries: the items stay, unfiled. */
export class OutlinerFullError extends Error {}

async function checkRoom(tx: Executor, outlinerId: number, adding: number) {
  if ((await repo.entryCount(tx, outlinerId)) + adding > OUTLINER_ENTRIES_MAX) {
    throw new OutlinerFullError(OUTLINER_MSG.tooManyEntries);
  }
}

async function heldUnder(tx: Executor, outlinerId: number, parentId: number | null, linkIds: number[]) {
  const rows = await tx
    .select({ linkId: outlinerEntries.linkId })
    .from(outlinerEntries)
    .where(
      and(
        eq(outlinerEntries.outlinerId, outlinerId),
        parentId === null ? isNull(outlinerEntries.parentId) : eq(outlinerEntries.parentId, parentId),
        eq(outlinerEntries.kind, 'item'),
        inArray(outlinerEntries.linkId, linkIds),
      ),
    );
  return new Set(rows.map((r) => r.linkId!));
}

async function lastPosition(
  tx: Executor,
  outlinerId: number,
  parentId: number | null,
): Promise<string | null> {
  const [row] = await tx
    .select({ position: sql<string>`max(${outlinerEntries.position})` })
    .from(outlinerEntries)
    .where(
      and(
        eq(outlinerEntries.outlinerId, outlinerId),
        parentId === null ? isNull(outlinerEntries.parentId) : eq(outlinerEntries.parentId, parentId),
      ),
    );
  return row?.position ?? null;
}
