import type { TextRange } from './anchor.ts';

/**
 * An element's text as one string (the same string as its textContent) with where each text
 * node sits in it, so character offsets (what anchors store) and DOM positions map both ways.
 */
export interface TextIndex {
  text: string;
  nodes: { node: Text; start: number; end: number }[];
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const PRECEDING = 2;
const FOLLOWING = 4;
const CONTAINED_BY = 16;

export function indexText(root: Node): TextIndex {
  const steps = indexTextSteps(root);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Text nodes indexed between two yields of `indexTextSteps`. */
const NODES_PER_STEP = 512;

/**
 * `indexText` as steps, for a long page drawn in slices: it yields after every few hundred text
 * nodes. The text is joined once at the end (one flat string: repeated `+=` builds a rope that
 * every later search has to flatten first).
 */
export function* indexTextSteps(root: Node): Generator<void, TextIndex> {
  const nodes: TextIndex['nodes'] = [];
  const parts: string[] = [];
  let length = 0;
  // an explicit stack of the next sibling to visit at each depth, so the walk can pause anywhere
  const stack: (ChildNode | null)[] = [root.firstChild];
  while (stack.length > 0) {
    const child = stack[stack.length - 1]!;
    if (!child) {
      stack.pop();
      continue;
    }
    stack[stack.length - 1] = child.nextSibling;
    if (child.nodeType === TEXT_NODE) {
      const data = (child as Text).data;
      nodes.push({ node: child as Text, start: length, end: length + data.length });
      parts.push(data);
      length += data.length;
      if (nodes.length % NODES_PER_STEP === 0) yield;
    } else if (child.nodeType === ELEMENT_NODE) stack.push(child.firstChild);
  }
  return { text: parts.join(''), nodes };
}

/** The text offset of a DOM boundary point (a Range's start or end), clamped to the root's text. */
export function boundaryOffset(root: Node, index: TextIndex, container: Node, offset: number): number {
  if (container !== root && !root.contains(container)) {
    if (!container.contains(root)) {
      return root.compareDocumentPosition(container) & FOLLOWING ? index.text.length : 0;
    }
    // a point in an ancestor: before or after the child holding the root
    const child = container.childNodes[offset];
    if (!child) return index.text.length;
    return child !== root && !child.contains(root) && root.compareDocumentPosition(child) & FOLLOWING
      ? index.text.length
      : 0;
  }
  if (container.nodeType === TEXT_NODE) {
    const entry = index.nodes.find((e) => e.node === container);
    return entry ? entry.start + Math.min(offset, entry.end - entry.start) : 0;
  }
  const before = container.childNodes[offset];
  let total = 0;
  for (const e of index.nodes) {
    const precedes = before
      ? (before.compareDocumentPosition(e.node) & PRECEDING) !== 0
      : (container.compareDocumentPosition(e.node) & (PRECEDING | CONTAINED_BY)) !== 0;
    if (!precedes) break;
    total = e.end;
  }
  return total;
}

interface BoundaryRange {
  startContainer: Node;
  startOffset: number;
  endContainer: Node;
  endOffset: number;
}

/** A selection's range as text offsets within the root, or null when it selects none of its text. */
export function rangeOffsets(root: Node, range: BoundaryRange, index = indexText(root)): TextRange | null {
  const start = boundaryOffset(root, index, range.startContainer, range.startOffset);
  const end = boundaryOffset(root, index, range.endContainer, range.endOffset);
  return end > start ? { start, end } : null;
}

/** Containers where a stray inline element would break the structure (a mark inside a <tr>). */
const STRUCTURAL = new Set([
  'TABLE',
  'THEAD',
  'TBODY',
  'TFOOT',
  'TR',
  'UL',
  'OL',
  'DL',
  'SELECT',
  'COLGROUP',
]);

/**
 * Wraps the text between two offsets in elements made by `make`, one per text node it crosses,
 * so a highlight can span paragraphs, links and emphasis without moving any element. Whitespace
 * between structural elements is left alone. Returns the wrappers in document order. The index
 * is kept up to date (split text nodes get their own entries), so many highlights can be wrapped
 * with one index, in any order.
 */
export function wrapOffsets(
  root: Node,
  start: number,
  end: number,
  make: () => HTMLElement,
  index = indexText(root),
): HTMLElement[] {
  const doc = root.ownerDocument;
  if (!doc || end <= start) return [];
  const wrappers: HTMLElement[] = [];
  const nodes = index.nodes;
  // the first entry ending after start (entries are in text order)
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (nodes[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < nodes.length && nodes[i]!.start < end; i++) {
    const entry = nodes[i]!;
    const node = entry.node;
    const data = node.data;
    const from = Math.max(start, entry.start) - entry.start;
    const to = Math.min(end, entry.end) - entry.start;
    const piece = data.slice(from, to);
    if (!piece.trim() && STRUCTURAL.has(node.parentElement?.tagName ?? '')) continue;
    // split by hand: a whole text node for the highlighted piece, its neighbours keep the rest
    const parts: TextIndex['nodes'] = [];
    let target = node;
    let after: Text | null = null;
    if (to < data.length) {
      after = doc.createTextNode(data.slice(to));
      node.after(after);
    }
    if (from > 0) {
      target = doc.createTextNode(piece);
      node.data = data.slice(0, from);
      node.after(target);
      parts.push({ node, start: entry.start, end: entry.start + from });
    } else if (to < data.length) {
      node.data = piece;
    }
    parts.push({ node: target, start: entry.start + from, end: entry.start + to });
    if (after) parts.push({ node: after, start: entry.start + to, end: entry.end });
    nodes.splice(i, 1, ...parts);
    i += parts.length - 1;
    const wrapper = make();
    target.replaceWith(wrapper);
    wrapper.appendChild(target);
    wrappers.push(wrapper);
  }
  return wrappers;
}

/** Takes wrappers out again, leaving their text where it was and merging split text nodes. */
export function unwrap(wrappers: Iterable<Element>): void {
  const parents = new Set<Node>();
  for (const wrapper of wrappers) {
    const parent = wrapper.parentNode;
    if (!parent) continue;
    wrapper.replaceWith(...Array.from(wrapper.childNodes));
    parents.add(parent);
  }
  for (const parent of parents) parent.normalize();
}
