import type { EntryKind, OutlinerEntry } from '../../api/outliners.ts';

/*
 * The outline as the editor holds it: entries by id and each parent's children in order. Every
 * change returns a new tree that shares the untouched entries, so rows memoised on their entry
 * re-render only when it changed. Ids are the server's numbers, or a string for an entry whose
 * create is still on its way.
 */

export type EntryId = number | string;

export interface Entry {
  id: EntryId;
  parentId: EntryId | null;
  kind: EntryKind;
  text: string;
  note: string;
  collapsed: boolean;
  linkId: number | null;
  annId: number | null;
  title: string;
  url: string;
  quote: string;
  color: string;
  annMd5: string;
}

export interface Tree {
  byId: ReadonlyMap<EntryId, Entry>;
  /** children in order; the top level under `null` */
  children: ReadonlyMap<EntryId | null, readonly EntryId[]>;
}

export interface Row {
  id: EntryId;
  depth: number;
  hasChildren: boolean;
}

/** Where an entry goes: under `parentId`, right after `afterId` (null: first). */
export interface Place {
  parentId: EntryId | null;
  afterId: EntryId | null;
}

export const emptyTree = (): Tree => ({ byId: new Map(), children: new Map([[null, []]]) });

function same(a: Entry, b: Entry): boolean {
  return (Object.keys(a) as (keyof Entry)[]).every((k) => a[k] === b[k]);
}

/** Builds the tree from the server's entries; entries equal to the previous tree's keep their object. */
export function treeFromEntries(entries: readonly OutlinerEntry[], previous?: Tree): Tree {
  const byId = new Map<EntryId, Entry>();
  const children = new Map<EntryId | null, EntryId[]>([[null, []]]);
  // keys sort byte-wise, as the server's COLLATE "C" does
  const sorted = [...entries].sort((a, b) =>
    a.position < b.position ? -1 : a.position > b.position ? 1 : 0,
  );
  for (const e of sorted) {
    const entry: Entry = {
      id: e.id,
      parentId: e.parent_id,
      kind: e.kind,
      text: e.text ?? '',
      note: e.note ?? '',
      collapsed: Boolean(e.collapsed),
      linkId: e.link_id ?? null,
      annId: e.ann_id ?? null,
      title: e.title ?? '',
      url: e.url ?? '',
      quote: e.quote ?? '',
      color: e.color ?? '',
      annMd5: e.ann_md5 ?? '',
    };
    const old = previous?.byId.get(e.id);
    byId.set(e.id, old && same(old, entry) ? old : entry);
  }
  for (const e of sorted) {
    // an entry whose parent is unknown is shown at the top rather than lost
    const parent = e.parent_id !== null && byId.has(e.parent_id) ? e.parent_id : null;
    if (parent !== e.parent_id) byId.set(e.id, { ...byId.get(e.id)!, parentId: null });
    let list = children.get(parent);
    if (!list) {
      list = [];
      children.set(parent, list);
    }
    list.push(e.id);
  }
  return { byId, children };
}

export const childrenOf = (tree: Tree, id: EntryId | null): readonly EntryId[] => tree.children.get(id) ?? [];

/** The rows shown: depth first, children of collapsed entries hidden. */
export function visibleRows(tree: Tree): Row[] {
  const rows: Row[] = [];
  const walk = (parent: EntryId | null, depth: number) => {
    for (const id of childrenOf(tree, parent)) {
      const kids = childrenOf(tree, id);
      rows.push({ id, depth, hasChildren: kids.length > 0 });
      if (kids.length > 0 && !tree.byId.get(id)!.collapsed) walk(id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

function withChildren(tree: Tree, changes: [EntryId | null, readonly EntryId[]][]): Tree {
  const children = new Map(tree.children);
  for (const [parent, list] of changes) {
    if (list.length === 0 && parent !== null) children.delete(parent);
    else children.set(parent, list);
  }
  return { byId: tree.byId, children };
}

function insertInto(list: readonly EntryId[], id: EntryId, afterId: EntryId | null): EntryId[] {
  const next = [...list];
  const at = afterId === null ? 0 : next.indexOf(afterId) + 1;
  next.splice(at < 0 ? next.length : at, 0, id);
  return next;
}

/** Adds a new entry at a place. */
export function insertEntry(tree: Tree, entry: Entry, place: Place): Tree {
  const byId = new Map(tree.byId);
  byId.set(entry.id, { ...entry, parentId: place.parentId });
  const list = insertInto(childrenOf(tree, place.parentId), entry.id, place.afterId);
  return withChildren({ ...tree, byId }, [[place.parentId, list]]);
}

export function updateEntry(tree: Tree, id: EntryId, patch: Partial<Omit<Entry, 'id' | 'parentId'>>): Tree {
  const old = tree.byId.get(id);
  if (!old) return tree;
  const byId = new Map(tree.byId);
  byId.set(id, { ...old, ...patch });
  return { ...tree, byId };
}

/** True when `id` is `ancestor` or lies under it. */
export function isWithin(tree: Tree, id: EntryId | null, ancestor: EntryId): boolean {
  for (let at = id; at !== null; at = tree.byId.get(at)?.parentId ?? null) {
    if (at === ancestor) return true;
  }
  return false;
}

/** Moves an entry (with its children); a place under itself is refused (returns the same tree). */
export function moveEntry(tree: Tree, id: EntryId, place: Place): Tree {
  const entry = tree.byId.get(id);
  if (!entry || isWithin(tree, place.parentId, id) || place.afterId === id) return tree;
  const from = childrenOf(tree, entry.parentId).filter((x) => x !== id);
  const base = place.parentId === entry.parentId ? from : childrenOf(tree, place.parentId);
  const to = insertInto(base, id, place.afterId);
  const byId = new Map(tree.byId);
  byId.set(id, { ...entry, parentId: place.parentId });
  const changes: [EntryId | null, readonly EntryId[]][] =
    place.parentId === entry.parentId
      ? [[place.parentId, to]]
      : [
          [entry.parentId, from],
          [place.parentId, to],
        ];
  return withChildren({ ...tree, byId }, changes);
}

/** Removes an entry and everything under it. */
export function removeEntry(tree: Tree, id: EntryId): Tree {
  const entry = tree.byId.get(id);
  if (!entry) return tree;
  const byId = new Map(tree.byId);
  const children = new Map(tree.children);
  const drop = (at: EntryId) => {
    for (const kid of childrenOf(tree, at)) drop(kid);
    byId.delete(at);
    children.delete(at);
  };
  drop(id);
  children.set(
    entry.parentId,
    childrenOf(tree, entry.parentId).filter((x) => x !== id),
  );
  return { byId, children };
}

/** Where an entry sits now. */
export function placeOf(tree: Tree, id: EntryId): Place {
  const parentId = tree.byId.get(id)?.parentId ?? null;
  const siblings = childrenOf(tree, parentId);
  const at = siblings.indexOf(id);
  return { parentId, afterId: at > 0 ? siblings[at - 1]! : null };
}

/** Tab: under the previous sibling, at the end of its children; null when there is none. */
export function indentPlace(tree: Tree, id: EntryId): Place | null {
  const { afterId } = placeOf(tree, id);
  if (afterId === null) return null;
  const kids = childrenOf(tree, afterId);
  return { parentId: afterId, afterId: kids.length ? kids[kids.length - 1]! : null };
}

/** Shift+Tab: right after its parent, one level up; null at the top level. */
export function outdentPlace(tree: Tree, id: EntryId): Place | null {
  const parentId = tree.byId.get(id)?.parentId ?? null;
  if (parentId === null) return null;
  return { parentId: tree.byId.get(parentId)?.parentId ?? null, afterId: parentId };
}

/** Alt+Up: before the previous sibling; null when first. */
export function moveUpPlace(tree: Tree, id: EntryId): Place | null {
  const { parentId } = placeOf(tree, id);
  const siblings = childrenOf(tree, parentId);
  const at = siblings.indexOf(id);
  if (at <= 0) return null;
  return { parentId, afterId: at >= 2 ? siblings[at - 2]! : null };
}

/** Alt+Down: after the next sibling; null when last. */
export function moveDownPlace(tree: Tree, id: EntryId): Place | null {
  const { parentId } = placeOf(tree, id);
  const siblings = childrenOf(tree, parentId);
  const at = siblings.indexOf(id);
  if (at < 0 || at >= siblings.length - 1) return null;
  return { parentId, afterId: siblings[at + 1]! };
}

/** The rows without the descendants of one (they travel with it while it is dragged). */
export function rowsWithout(rows: readonly Row[], id: EntryId): Row[] {
  const at = rows.findIndex((r) => r.id === id);
  if (at < 0) return [...rows];
  let end = at + 1;
  while (end < rows.length && rows[end]!.depth > rows[at]!.depth) end++;
  return [...rows.slice(0, at + 1), ...rows.slice(end)];
}

/**
 * Where a row dragged over another lands (dnd-kit's sortable tree pattern): `rows` are the shown
 * rows without the dragged one's descendants; the dragged row takes the place of the one it is over,
 * at the depth the pointer's horizontal offset asks for, kept between what the row above allows (one
 * deeper than it) and what the row below needs (its own depth).
 */
export function dropPlace(
  tree: Tree,
  rows: readonly Row[],
  activeId: EntryId,
  overId: EntryId,
  wantedDepth: number,
): Place | null {
  const from = rows.findIndex((r) => r.id === activeId);
  const to = rows.findIndex((r) => r.id === overId);
  if (from < 0 || to < 0) return null;
  const moved = [...rows];
  moved.splice(to, 0, ...moved.splice(from, 1));
  const above = to > 0 ? moved[to - 1] : undefined;
  const below = moved[to + 1];
  const opensBelow = above && !(above.hasChildren && tree.byId.get(above.id)?.collapsed);
  const maxDepth = above ? above.depth + (opensBelow ? 1 : 0) : 0;
  const minDepth = below ? below.depth : 0;
  const depth = Math.max(minDepth, Math.min(wantedDepth, maxDepth));
  if (!above) return { parentId: null, afterId: null };
  if (depth === above.depth + 1) return { parentId: above.id, afterId: null };
  // climb from the row above to its ancestor at that depth: the entry goes right after it
  let sibling: EntryId = above.id;
  for (let d = above.depth; d > depth; d--) sibling = tree.byId.get(sibling)!.parentId!;
  return { parentId: tree.byId.get(sibling)!.parentId, afterId: sibling };
}

/** The visible row before or after one (arrow keys, and where focus goes after a delete). */
export function neighbourRow(rows: readonly Row[], id: EntryId, step: -1 | 1): Row | undefined {
  const at = rows.findIndex((r) => r.id === id);
  return at < 0 ? undefined : rows[at + step];
}

const indexOfRow = (rows: readonly Row[], id: EntryId) => rows.findIndex((r) => r.id === id);

/** Where the block of the row at `at` (it and its shown descendants) ends. */
function blockEnd(rows: readonly Row[], at: number): number {
  let end = at + 1;
  while (end < rows.length && rows[end]!.depth > rows[at]!.depth) end++;
  return end;
}

/**
 * The rows shown after `moveEntry` moved `id` (giving `after`), patched from the rows shown before
 * instead of walking the whole tree again: the moved entry's block is cut out and put in at its new
 * place with its depth shifted, and the old and new parents' hasChildren are set. Rows that did not
 * move keep their objects. Null when only a full walk answers (an entry involved is not shown, or
 * the new parent is collapsed).
 */
export function rowsAfterMove(
  rows: readonly Row[],
  after: Tree,
  id: EntryId,
  oldParentId: EntryId | null,
): Row[] | null {
  const at = indexOfRow(rows, id);
  const entry = after.byId.get(id);
  if (at < 0 || !entry) return null;
  const end = blockEnd(rows, at);
  const block = rows.slice(at, end);
  const rest = rows.slice(0, at).concat(rows.slice(end));
  const parentId = entry.parentId;
  const siblings = childrenOf(after, parentId);
  const position = siblings.indexOf(id);
  const previous = position > 0 ? siblings[position - 1]! : null;
  let depth = 0;
  let index = 0;
  if (parentId !== null) {
    const p = indexOfRow(rest, parentId);
    if (p < 0 || after.byId.get(parentId)?.collapsed) return null;
    depth = rest[p]!.depth + 1;
    index = p + 1;
  }
  if (previous !== null) {
    const q = indexOfRow(rest, previous);
    if (q < 0) return null;
    index = blockEnd(rest, q);
  }
  const shift = depth - block[0]!.depth;
  rest.splice(index, 0, ...(shift === 0 ? block : block.map((r) => ({ ...r, depth: r.depth + shift }))));
  for (const parent of new Set([oldParentId, parentId])) {
    if (parent === null) continue;
    const p = indexOfRow(rest, parent);
    const hasChildren = childrenOf(after, parent).length > 0;
    if (p >= 0 && rest[p]!.hasChildren !== hasChildren) rest[p] = { ...rest[p]!, hasChildren };
  }
  return rest;
}
