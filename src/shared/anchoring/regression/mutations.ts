import { indexText } from '../text-position.ts';

/** Marks where the quote starts and ends inside the page's text nodes while a copy is mutated. */
export const START = '\uE000';
export const END = '\uE001';

const BLOCKS = 'p, li, td, th, h1, h2, h3, blockquote, figcaption, pre';
const WORDS = ['river', 'garden', 'lantern', 'quietly', 'copper', 'seven', 'harbour', 'window', 'fabric'];

/** Undo log of one case: text node contents and inserted nodes, put back in reverse order. */
export class Edits {
  private undo: (() => void)[] = [];
  setData(node: Text, data: string) {
    const old = node.data;
    node.data = data;
    this.undo.push(() => {
      node.data = old;
    });
  }
  insert(node: Node, where: 'before' | 'after', ref: Element) {
    ref[where](node);
    this.undo.push(() => (node as ChildNode).remove());
  }
  revert() {
    for (const step of this.undo.reverse()) step();
    this.undo = [];
  }
}

export interface Case {
  root: Element;
  /** the block holding the quote's start */
  block: Element;
  edits: Edits;
  rand: () => number;
}

function textNodes(el: Node): Text[] {
  return indexText(el).nodes.map((n) => n.node);
}

/** Applies `change` to the block's text as one string (markers kept), spread back over its nodes. */
function editBlockText(c: Case, change: (text: string) => string) {
  for (const node of textNodes(c.block)) {
    const next = change(node.data);
    if (next !== node.data) c.edits.setData(node, next);
  }
}

function newBlockLike(c: Case, target: Element, text: string): Element {
  const doc = c.root.ownerDocument;
  const el = doc.createElement(target.tagName.toLowerCase() === 'tr' ? 'tr' : target.tagName.toLowerCase());
  if (el.tagName === 'TR') {
    const td = doc.createElement('td');
    td.textContent = text;
    el.appendChild(td);
  } else el.textContent = text;
  return el;
}

/** The element a paragraph is inserted beside or copied: table cells move with their row. */
function unit(c: Case): Element {
  return c.block.closest('tr') ?? c.block;
}

const FILLER = 'A new paragraph appeared here when the page was saved again, with a sentence of its own.';

function replaceWordsInQuote(c: Case, count: number): boolean {
  const nodes = textNodes(c.root);
  let inside = false;
  const words: { node: Text; at: number; len: number }[] = [];
  for (const node of nodes) {
    const data = node.data;
    let i = 0;
    while (i < data.length) {
      const ch = data[i]!;
      if (ch === START) inside = true;
      else if (ch === END) inside = false;
      else if (inside && /[A-Za-z]/.test(ch)) {
        let j = i;
        while (j < data.length && /[A-Za-z'-]/.test(data[j]!)) j++;
        words.push({ node, at: i, len: j - i });
        i = j;
        continue;
      }
      i++;
    }
  }
  if (words.length < count) return false;
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(c.rand() * words.length));
  const byNode = [...chosen].map((k) => words[k]!).sort((a, b) => b.at - a.at);
  for (const w of byNode) {
    const old = w.node.data.slice(w.at, w.at + w.len);
    const pool = WORDS.filter((x) => x !== old.toLowerCase());
    const word = pool[Math.floor(c.rand() * pool.length)]!;
    c.edits.setData(w.node, w.node.data.slice(0, w.at) + word + w.node.data.slice(w.at + w.len));
  }
  return true;
}

/** Replaces the nearest word outside the quote on each side: only the context changes. */
function changeAround(c: Case): boolean {
  let changed = false;
  for (const node of textNodes(c.root)) {
    let data = node.data;
    const s = data.indexOf(START);
    if (s > 0) {
      data = data.slice(0, s).replace(/[A-Za-z]+(?=[^A-Za-z]*$)/, 'lantern') + data.slice(s);
      changed = true;
    }
    const e = data.indexOf(END);
    if (e >= 0 && e < data.length - 1) {
      data = data.slice(0, e + 1) + data.slice(e + 1).replace(/[A-Za-z]+/, 'harbour');
      changed = true;
    }
    if (data !== node.data) c.edits.setData(node, data);
  }
  return changed;
}

/** Deletes the block's first sentence (all of it when it has one), keeping any marker inside. */
function deleteFirstSentence(c: Case): boolean {
  const nodes = textNodes(c.block);
  const text = nodes.map((n) => n.data).join('');
  const plain = text.replace(/[\uE000\uE001]/g, '');
  if (!plain.trim()) return false;
  const m = /[.!?](?=[\s\uE000\uE001]|$)/.exec(text);
  let cut = m ? m.index + 1 : text.length;
  while (cut < text.length && /[\s\uE000\uE001]/.test(text[cut]!)) cut++;
  let pos = 0;
  for (const node of nodes) {
    const from = pos;
    pos += node.data.length;
    if (from >= cut) break;
    const upto = Math.min(cut - from, node.data.length);
    const kept = node.data.slice(0, upto).replace(/[^\uE000\uE001]/g, '');
    c.edits.setData(node, kept + node.data.slice(upto));
  }
  return true;
}

export type Mutation = (c: Case) => boolean;

/** The mutated copies of each page, by name; a mutation that does not apply returns false. */
export const MUTATIONS: Record<string, Mutation> = {
  unchanged: () => true,
  'paragraph inserted before': (c) => {
    const u = unit(c);
    c.edits.insert(newBlockLike(c, u, FILLER), 'before', u);
    return true;
  },
  'changed around the quote': changeAround,
  whitespace: (c) => {
    editBlockText(c, (t) => t.replace(/ /g, (s, i: number) => (i % 3 === 0 ? '  \t' : s)));
    return true;
  },
  '&nbsp;': (c) => {
    editBlockText(c, (t) => t.replace(/ /g, (s, i: number) => (i % 2 === 0 ? '\u00A0' : s)));
    return true;
  },
  'soft hyphens': (c) => {
    editBlockText(c, (t) => t.replace(/([A-Za-z]{3})([A-Za-z]{3,})/g, '$1\u00AD$2'));
    return true;
  },
  're-wrapped source': (c) => {
    editBlockText(c, (t) => t.replace(/(.{30,60}?) /g, '$1\n        '));
    return true;
  },
  '1 word changed': (c) => replaceWordsInQuote(c, 1),
  '2 words changed': (c) => replaceWordsInQuote(c, 2),
  '3 words changed': (c) => replaceWordsInQuote(c, 3),
  'first sentence deleted': deleteFirstSentence,
  'duplicated, copy after (offset holds)': (c) => {
    const u = unit(c);
    c.edits.insert(u.cloneNode(true), 'after', u);
    return true;
  },
  'duplicated, copy before (offset on the copy)': (c) => {
    const u = unit(c);
    c.edits.insert(u.cloneNode(true), 'before', u);
    return true;
  },
  'duplicated and moved (offset lost)': (c) => {
    const u = unit(c);
    c.edits.insert(u.cloneNode(true), 'after', u);
    const first = c.root.querySelector(BLOCKS);
    if (first)
      c.edits.insert(
        newBlockLike(c, first.closest('tr') ?? first, FILLER),
        'before',
        first.closest('tr') ?? first,
      );
    return true;
  },
};

export { BLOCKS };
