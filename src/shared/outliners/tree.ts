/** The shape of an outliner's tree, as both sides walk it. */

export interface TreeEntry {
  id: number;
  parent_id: number | null;
  position: string;
}

export interface TreeNode<T extends TreeEntry> {
  entry: T;
  children: TreeNode<T>[];
}

/** Keys compare byte by byte (as PostgreSQL's COLLATE "C"), never by locale. */
export function comparePositions(a: TreeEntry, b: TreeEntry): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id - b.id;
}

/**
 * The entries as a forest: siblings in key order. An entry whose parent is missing (never the
 * case in a stored tree) is shown at the top level rather than lost.
 */
export function buildTree<T extends TreeEntry>(entries: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>();
  for (const entry of entries) nodes.set(entry.id, { entry, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.entry.parent_id === null ? undefined : nodes.get(node.entry.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: TreeNode<T>[]) => {
    list.sort((a, b) => comparePositions(a.entry, b.entry));
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** The entries in reading order (depth first, parents before children), with each one's depth. */
export function flattenTree<T extends TreeEntry>(
  roots: readonly TreeNode<T>[],
): { entry: T; depth: number }[] {
  const out: { entry: T; depth: number }[] = [];
  const stack: { node: TreeNode<T>; depth: number }[] = roots.map((node) => ({ node, depth: 0 })).reverse();
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    out.push({ entry: node.entry, depth });
    for (let i = node.children.length - 1; i >= 0; i--)
      stack.push({ node: node.children[i]!, depth: depth + 1 });
  }
  return out;
}

/** The entries in reading order. */
export function inReadingOrder<T extends TreeEntry>(entries: readonly T[]): T[] {
  return flattenTree(buildTree(entries)).map((x) => x.entry);
}
