import { parseHTML } from 'linkedom';
import type { AnnotationSelector } from '../../schemas/annotations.ts';
import { describe, type TextRange } from '../anchor.ts';
import { indexText } from '../text-position.ts';
import { BLOCKS, type Case, Edits, END, MUTATIONS, START } from './mutations.ts';
import type { SuitePage } from './pages.ts';

export type Anchor = (text: string, selectors: AnnotationSelector) => TextRange | null;
export type Outcome = 'exact' | 'near' | 'orphaned' | 'wrong';
/** "Within a few characters": each end of the highlight at most this far from where it belongs. */
export const NEAR_CHARS = 5;

export interface Tally {
  cases: number;
  exact: number;
  near: number;
  orphaned: number;
  wrong: number;
}
const empty = (): Tally => ({ cases: 0, exact: 0, near: 0, orphaned: 0, wrong: 0 });

function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** Highlights as readers make them: sentences, phrases, single words, whole blocks, across blocks. */
function chooseRanges(root: Element, text: string, page: SuitePage): TextRange[] {
  const ranges: TextRange[] = [];
  for (const pick of page.picks) {
    let at = -1;
    for (let k = 0; k <= (pick.nth ?? 0); k++) at = text.indexOf(pick.quote, at + 1);
    if (at < 0) throw new Error(`${page.name}: no "${pick.quote}"`);
    ranges.push({ start: at, end: at + pick.quote.length });
  }
  const index = indexText(root);
  const blocks = Array.from(root.querySelectorAll(BLOCKS)).filter(
    (b) => (b.textContent ?? '').trim().length > 2,
  );
  const rand = seeded(page.name.length * 977 + 13);
  const blockRange = (b: Element) => {
    const own = indexText(b).nodes;
    const first = index.nodes.find((n) => n.node === own[0]?.node);
    const last = index.nodes.find((n) => n.node === own.at(-1)?.node);
    return first && last ? { start: first.start, end: last.end } : null;
  };
  let guard = 0;
  while (ranges.length < page.picks.length + page.random && guard++ < 1000) {
    const b = blocks[Math.floor(rand() * blocks.length)]!;
    const r = blockRange(b);
    if (!r) continue;
    const body = text.slice(r.start, r.end);
    const kind = Math.floor(rand() * 5);
    const trim = (s: number, e: number) => {
      while (s < e && /\s/.test(text[s]!)) s++;
      while (e > s && /\s/.test(text[e - 1]!)) e--;
      return e - s >= 2 ? { start: s, end: e } : null;
    };
    let chosen: TextRange | null = null;
    const sentences = [...body.matchAll(/[^.!?]+[.!?]*/g)];
    const words = [...body.matchAll(/[A-Za-z][A-Za-z'-]+/g)];
    if (kind === 0 && sentences.length > 0) {
      const m = sentences[Math.floor(rand() * sentences.length)]!;
      chosen = trim(r.start + m.index, r.start + m.index + m[0].length);
    } else if (kind === 1 && words.length > 3) {
      const from = Math.floor(rand() * (words.length - 3));
      const to = Math.min(words.length - 1, from + 2 + Math.floor(rand() * 6));
      chosen = trim(r.start + words[from]!.index, r.start + words[to]!.index + words[to]![0].length);
    } else if (kind === 2 && words.length > 0) {
      const w = words[Math.floor(rand() * words.length)]!;
      if (w[0].length >= 4) chosen = { start: r.start + w.index, end: r.start + w.index + w[0].length };
    } else if (kind === 3) {
      chosen = trim(r.start, r.end);
    } else if (kind === 4) {
      const mid = r.start + Math.floor(body.length / 2);
      const nextEnd = text.indexOf('.', r.end + 20);
      if (nextEnd > 0 && nextEnd - mid < 400) chosen = trim(mid, nextEnd + 1);
    }
    if (chosen) ranges.push(chosen);
  }
  return ranges;
}

/** Puts the markers into the text nodes at the quote's two ends. */
function placeMarkers(root: Element, range: TextRange, edits: Edits): Text {
  const index = indexText(root);
  const startNode = index.nodes.find((n) => n.start <= range.start && range.start < n.end)!;
  const endNode = index.nodes.find((n) => n.start < range.end && range.end <= n.end)!;
  const at = (n: typeof startNode, offset: number, mark: string) => {
    const d = n.node.data;
    edits.setData(n.node, d.slice(0, offset - n.start) + mark + d.slice(offset - n.start));
  };
  at(endNode, range.end, END);
  // the end marker may share the node: its offsets are unchanged before it
  at(startNode, range.start, START);
  return startNode.node;
}

/** Where the quote is in the mutated text (markers taken out): one range per copy, or none. */
function expectedRanges(marked: string): { text: string; ranges: TextRange[] } {
  let text = '';
  const ranges: TextRange[] = [];
  let open = -1;
  let last = 0;
  for (let i = 0; i < marked.length; i++) {
    const ch = marked[i];
    if (ch !== START && ch !== END) continue;
    text += marked.slice(last, i);
    last = i + 1;
    if (ch === START) open = text.length;
    else if (open >= 0) {
      if (text.slice(open, text.length).trim()) ranges.push({ start: open, end: text.length });
      open = -1;
    }
  }
  text += marked.slice(last);
  return { text, ranges };
}

/** Of several copies, those whose surroundings fit the stored context best. */
function bestCopies(text: string, ranges: TextRange[], selectors: AnnotationSelector): TextRange[] {
  if (ranges.length < 2) return ranges;
  const quote = selectors.find((s) => s.type === 'TextQuoteSelector');
  const prefix = quote?.type === 'TextQuoteSelector' ? (quote.prefix ?? '') : '';
  const suffix = quote?.type === 'TextQuoteSelector' ? (quote.suffix ?? '') : '';
  const agreement = (r: TextRange) => {
    let p = 0;
    while (p < prefix.length && text[r.start - 1 - p] === prefix[prefix.length - 1 - p]) p++;
    let s = 0;
    while (s < suffix.length && text[r.end + s] === suffix[s]) s++;
    return p + s;
  };
  const top = Math.max(...ranges.map(agreement));
  return ranges.filter((r) => agreement(r) === top);
}

function judge(found: TextRange | null, expected: TextRange[]): Outcome {
  if (expected.length === 0) return found ? 'wrong' : 'exact';
  if (!found) return 'orphaned';
  if (expected.some((r) => r.start === found.start && r.end === found.end)) return 'exact';
  const near = expected.some(
    (r) => Math.abs(r.start - found.start) <= NEAR_CHARS && Math.abs(r.end - found.end) <= NEAR_CHARS,
  );
  return near ? 'near' : 'wrong';
}

export interface SuiteResult {
  byMutation: Map<string, Tally>;
  byPage: Map<string, Tally>;
  total: Tally;
  /** a few wrong placements, to read when tuning */
  wrongSamples: string[];
}

/** Runs every highlight of every page against every mutated copy of its page. */
export function runSuite(
  pages: SuitePage[],
  anchor: Anchor,
  onCase?: (c: {
    page: string;
    mutation: string;
    text: string;
    selectors: AnnotationSelector;
    found: TextRange | null;
    expected: TextRange[];
    outcome: Outcome;
  }) => void,
): SuiteResult {
  const byMutation = new Map<string, Tally>();
  const byPage = new Map<string, Tally>();
  const total = empty();
  const wrongSamples: string[] = [];
  for (const page of pages) {
    const { document } = parseHTML(page.html);
    const root = document.body as unknown as Element;
    const original = indexText(root).text;
    const ranges = chooseRanges(root, original, page);
    ranges.forEach((range, h) => {
      const selectors = describe(original, range.start, range.end);
      for (const [name, mutate] of Object.entries(MUTATIONS)) {
        const edits = new Edits();
        const node = placeMarkers(root, range, edits);
        const block = (node.parentElement?.closest(BLOCKS) ?? node.parentElement) as Element;
        const c: Case = { root, block, edits, rand: seeded(h * 31 + name.length) };
        if (!mutate(c)) {
          edits.revert();
          continue;
        }
        const { text, ranges: copies } = expectedRanges(indexText(root).text);
        edits.revert();
        const expected = bestCopies(text, copies, selectors);
        const found = anchor(text, selectors);
        const outcome = judge(found, expected);
        onCase?.({ page: page.name, mutation: name, text, selectors, found, expected, outcome });
        for (const t of [
          total,
          byMutation.get(name) ?? byMutation.set(name, empty()).get(name)!,
          byPage.get(page.name) ?? byPage.set(page.name, empty()).get(page.name)!,
        ]) {
          t.cases++;
          t[outcome]++;
        }
        if (outcome === 'wrong' && wrongSamples.length < 40) {
          const q = original.slice(range.start, range.end);
          const got = found ? text.slice(found.start, found.end) : 'null';
          const want = expected[0] ? text.slice(expected[0].start, expected[0].end) : '(gone)';
          wrongSamples.push(
            `${page.name} / ${name}: "${q.slice(0, 60)}" -> "${got.slice(0, 60)}" want "${want.slice(0, 60)}"`,
          );
        }
      }
    });
  }
  return { byMutation, byPage, total, wrongSamples };
}

const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;

/** The figures as a markdown table (one row per mutation, then per page, then all). */
export function formatSuite(result: SuiteResult): string {
  const row = (name: string, t: Tally) =>
    `| ${name} | ${t.cases} | ${pct(t.exact, t.cases)} | ${pct(t.near, t.cases)} | ${pct(t.orphaned, t.cases)} | ${pct(t.wrong, t.cases)} |`;
  return [
    '| copy | cases | exact | within 5 chars | orphaned | wrong text |',
    '|---|---:|---:|---:|---:|---:|',
    ...[...result.byMutation].map(([n, t]) => row(n, t)),
    ...[...result.byPage].map(([n, t]) => row(`page: ${n}`, t)),
    row('**all**', result.total),
  ].join('\n');
}
