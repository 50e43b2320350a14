import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Executor } from '../db/client.ts';
import * as groups from '../modules/groups/repo.ts';
import * as items from '../modules/items/repo.ts';
import type { ItemRow } from '../modules/items/row.ts';
import type { ItemsService } from '../modules/items/service.ts';
import * as outliners from '../modules/outliners/repo.ts';
import type { Authorized } from './authorized.ts';
import type { Membership } from './group.ts';

// Checked by tsc (npm run typecheck): each @ts-expect-error fails the typecheck if its line compiles.
declare const outliner: Authorized<'outliner', outliners.OutlinerRow>;
declare const sharedOutliner: Authorized<'outliner', outliners.OutlinerRow, 'read'>;
declare const plainOutliner: outliners.OutlinerRow;
declare const itemShapedOutliner: Authorized<'outliner', ItemRow>;
declare const item: Authorized<'item', ItemRow>;
declare const readableItem: Authorized<'item', ItemRow, 'read'>;
declare const plainItem: ItemRow;
declare const group: Authorized<'group', Membership & { id: number }>;
declare const memberOf: Authorized<'group', Membership & { id: number }, 'read'>;

/** Never called: it exists for the compiler to check the calls in it. */
function eachWriterTakesItsOwnKind(tx: Executor, service: ItemsService) {
  // @ts-expect-error an outliner the outliner policy let the owner change is no item
  void items.deleteItems(tx, [outliner]);
  // @ts-expect-error nor for any writer of items, whatever columns the row has
  void service.update(tx, itemShapedOutliner, { title: 'x' });
  void service.update(tx, item, { title: 'x' });
  // @ts-expect-error a plain row passed no policy
  void items.deleteItems(tx, [plainItem]);
  // @ts-expect-error a read grant (a public item, a share link, a group) is not a write grant
  void items.deleteItems(tx, [readableItem]);
  void items.deleteItems(tx, [item]);

  // @ts-expect-error an item is no outliner
  void outliners.updateOutliner(tx, item, { title: 'x' });
  // @ts-expect-error a plain outliner row passed no policy
  void outliners.touchOutliner(tx, plainOutliner, new Date());
  // @ts-expect-error reading by the share key is not changing
  void outliners.deleteOutliner(tx, sharedOutliner);
  void outliners.updateOutliner(tx, outliner, { title: 'x' });

  // @ts-expect-error a member is not the owner
  void groups.deleteGroup(tx, memberOf);
  // @ts-expect-error an outliner is no group
  void groups.renameGroup(tx, outliner, 'x', '');
  void groups.deleteGroup(tx, group);
  void groups.removeMember(tx, memberOf, 2);
}

describe('Authorized', () => {
  it('carries its resource kind: one kind never stands for another', () => {
    expectTypeOf<Authorized<'outliner', { id: number }>>().not.toExtend<Authorized<'item', { id: number }>>();
    expectTypeOf<Authorized<'item', { id: number }>>().not.toExtend<Authorized<'outliner', { id: number }>>();
    expectTypeOf<Authorized<'group', { id: number }>>().not.toExtend<Authorized<'item', { id: number }>>();
    expectTypeOf<Authorized<'item', { id: number }, 'read'>>().not.toExtend<
      Authorized<'item', { id: number }>
    >();
    expectTypeOf<Authorized<'item', { id: number }>>().toExtend<Authorized<'item', { id: number }, 'read'>>();
    expectTypeOf(eachWriterTakesItsOwnKind).toBeFunction();
  });

  it('is minted only in src/server/policies/: every other file imports authorized.ts for its types', () => {
    const server = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.startsWith(import.meta.dirname)) {
          const text = readFileSync(path, 'utf8');
          for (const m of text.matchAll(
            /import\s+(type\s+)?\{[^}]*\}\s+from\s+'[^']*policies\/authorized\.ts'/g,
          ))
            if (!m[1]) offenders.push(relative(server, path));
        }
      }
    };
    walk(server);
    expect(offenders).toEqual([]);
  });
});
