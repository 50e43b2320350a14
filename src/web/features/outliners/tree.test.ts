import { describe, expect, it } from 'vitest';
import type { OutlinerEntry } from '../../api/outliners.ts';
import {
  dropPlace,
  indentPlace,
  insertEntry,
  moveDownPlace,
  moveEntry,
  moveUpPlace,
  outdentPlace,
  placeOf,
  removeEntry,
  rowsAfterMove,
  rowsWithout,
  type Tree,
  treeFromEntries,
  updateEntry,
  visibleRows,
} from './tree.ts';
import { newTextEntry } from './useOutlinerEditor.ts';

function entry(id: number, parent: number | null, position: string, extra: Partial<OutlinerEntry> = {}) {
  return {
    id,
    parent_id: parent,
    position,
    kind: 'text',
    text: `e${id}`,
    note: '',
    collapsed: false,
    link_id: null,
    ann_id: null,
    title: null,
    url: null,
    item_type: null,
    quote: null,
    color: null,
    ann_md5: null,
    ...extra,
  } satisfies OutlinerEntry;
}

/**
 * 1
 * 2
 *   3
 *   4
 *     5
 * 6
 */
const ENTRIES = [
  entry(6, null, 'a2'),
  entry(1, null, 'a0'),
  entry(2, null, 'a1'),
  entry(4, 2, 'a1'),
  entry(3, 2, 'a0'),
  entry(5, 4, 'a0'),
];
const shape = (t: Tree) => visibleRows(t).map((r) => `${'-'.repeat(r.depth)}${r.id}`);

describe('outliner tree', () => {
  it('orders siblings by their keys byte-wise, depth first', () => {
    const tree = treeFromEntries(ENTRIES);
    expect(shape(tree)).toEqual(['1', '2', '-3', '-4', '--5', '6']);
    // 'Z' sorts before 'a' in byte order (COLLATE "C"), unlike a locale compare
    expect(shape(treeFromEntries([entry(1, null, 'a0'), entry(2, null, 'Zz')]))).toEqual(['2', '1']);
  });

  it('hides the children of a collapsed entry', () => {
    const tree = treeFromEntries(ENTRIES.map((e) => (e.id === 2 ? { ...e, collapsed: true } : e)));
    expect(shape(tree)).toEqual(['1', '2', '6']);
    expect(visibleRows(tree).find((r) => r.id === 2)?.hasChildren).toBe(true);
  });

  it('keeps the objects of unchanged entries when rebuilt', () => {
    const before = treeFromEntries(ENTRIES);
    const after = treeFromEntries(
      ENTRIES.map((e) => (e.id === 3 ? { ...e, text: 'changed' } : e)),
      before,
    );
    expect(after.byId.get(1)).toBe(before.byId.get(1));
    expect(after.byId.get(3)).not.toBe(before.byId.get(3));
  });

  it('indents under the previous sibling and outdents after the parent', () => {
    const tree = treeFromEntries(ENTRIES);
    expect(indentPlace(tree, 1)).toBeNull();
    expect(indentPlace(tree, 6)).toEqual({ parentId: 2, afterId: 4 });
    expect(shape(moveEntry(tree, 6, indentPlace(tree, 6)!))).toEqual(['1', '2', '-3', '-4', '--5', '-6']);
    expect(outdentPlace(tree, 1)).toBeNull();
    expect(outdentPlace(tree, 5)).toEqual({ parentId: 2, afterId: 4 });
    expect(shape(moveEntry(tree, 3, outdentPlace(tree, 3)!))).toEqual(['1', '2', '-4', '--5', '3', '6']);
  });

  it('moves up and down among siblings, and not past the ends', () => {
    const tree = treeFromEntries(ENTRIES);
    expect(moveUpPlace(tree, 1)).toBeNull();
    expect(moveDownPlace(tree, 6)).toBeNull();
    expect(shape(moveEntry(tree, 2, moveUpPlace(tree, 2)!))).toEqual(['2', '-3', '-4', '--5', '1', '6']);
    expect(shape(moveEntry(tree, 1, moveDownPlace(tree, 1)!))).toEqual(['2', '-3', '-4', '--5', '1', '6']);
    expect(shape(moveEntry(tree, 4, moveUpPlace(tree, 4)!))).toEqual(['1', '2', '-4', '--5', '-3', '6']);
  });

  it('refuses to move an entry under itself or its descendant', () => {
    const tree = treeFromEntries(ENTRIES);
    expect(moveEntry(tree, 2, { parentId: 5, afterId: null })).toBe(tree);
    expect(moveEntry(tree, 2, { parentId: 2, afterId: null })).toBe(tree);
  });

  it('inserts, updates and removes with the children', () => {
    let tree = treeFromEntries(ENTRIES);
    tree = insertEntry(tree, newTextEntry('new-1', 'fresh'), { parentId: 2, afterId: 3 });
    expect(shape(tree)).toEqual(['1', '2', '-3', '-new-1', '-4', '--5', '6']);
    expect(placeOf(tree, 'new-1')).toEqual({ parentId: 2, afterId: 3 });
    tree = updateEntry(tree, 'new-1', { text: 'fresher' });
    expect(tree.byId.get('new-1')?.text).toBe('fresher');
    tree = removeEntry(tree, 2);
    expect(shape(tree)).toEqual(['1', '6']);
    expect(tree.byId.has(5)).toBe(false);
  });

  it('places a dragged row by the row it is over and the depth asked', () => {
    const tree = treeFromEntries(ENTRIES);
    // dragging 6 over 3 (6 takes 3's place): between 2 and 3 it can be 2's first child, or a sibling of 2
    const rows = rowsWithout(visibleRows(tree), 6);
    expect(dropPlace(tree, rows, 6, 3, 1)).toEqual({ parentId: 2, afterId: null });
    expect(dropPlace(tree, rows, 6, 3, 5)).toEqual({ parentId: 2, afterId: null });
    // depth 0 would leave 3 under nothing: the row below needs depth 1
    expect(dropPlace(tree, rows, 6, 3, 0)).toEqual({ parentId: 2, afterId: null });
    // dragging 1 down over 6 (it lands after 6, the last row): any depth up to one below 6
    const rows1 = rowsWithout(visibleRows(tree), 1);
    expect(dropPlace(tree, rows1, 1, 6, 0)).toEqual({ parentId: null, afterId: 6 });
    expect(dropPlace(tree, rows1, 1, 6, 1)).toEqual({ parentId: 6, afterId: null });
    // dragging 2 (with its children) over 1: it goes first
    const rows2 = rowsWithout(visibleRows(tree), 2);
    expect(rows2.map((r) => r.id)).toEqual([1, 2, 6]);
    expect(dropPlace(tree, rows2, 2, 1, 0)).toEqual({ parentId: null, afterId: null });
    // dragging 6 over 5 (6 lands between 4 and 5... 5 is below it): levels 2 to 3
    expect(dropPlace(tree, rows, 6, 5, 0)).toEqual({ parentId: 4, afterId: null });
  });
});

describe('rows patched after a move', () => {
  it('match a full walk after every keyboard move, collapsed entries included', () => {
    // 40 entries, three levels, one collapsed: each step moves one entry by Tab, Shift+Tab, Alt+Up or
    // Alt+Down and compares the patched rows with visibleRows of the new tree
    const entries = Array.from({ length: 40 }, (_, i) =>
      entry(i + 1, i % 5 === 0 ? null : i - (i % 5) + 1, `a${String(i).padStart(2, '0')}`, {
        collapsed: i === 10,
      }),
    );
    let tree = treeFromEntries(entries);
    let rows = visibleRows(tree);
    const moves = [indentPlace, outdentPlace, moveUpPlace, moveDownPlace];
    let seed = 7;
    let patched = 0;
    for (let step = 0; step < 400; step++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const id = (seed % 40) + 1;
      const place = moves[step % 4]!(tree, id);
      if (!place) continue;
      const oldParent = tree.byId.get(id)!.parentId;
      const next = moveEntry(tree, id, place);
      const fast = rowsAfterMove(rows, next, id, oldParent);
      const full = visibleRows(next);
      if (fast) {
        patched++;
        expect(fast).toEqual(full);
      }
      tree = next;
      rows = fast ?? full;
    }
    expect(patched).toBeGreaterThan(200);
  });
});
