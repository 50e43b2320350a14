import search from 'approx-string-match';
import type { AnnotationSelector, TextPositionSelector, TextQuoteSelector } from '../schemas/annotations.ts';
import { type NormalText, normalizeSteps, normalizeString, toNormal } from './normalize.ts';
import { distance, matchFrom, matchUntil, prefixFit, suffixFit } from './similarity.ts';
import { runNow } from './slices.ts';

/** How much text around a quote is kept to tell its occurrences apart and to find it again. */
export const CONTEXT_CHARS = 32;

export interface TextRange {
  start: number;
  end: number;
}

/** The selectors that let a stretch of `text` be found again after the text changes. */
export function describe(text: string, start: number, end: number): AnnotationSelector {
  if (start < 0 || end > text.length || start >= end) throw new RangeError('empty or out-of-range selection');
  const quote: TextQuoteSelector = { type: 'TextQuoteSelector', exact: text.slice(start, end) };
  const prefix = text.slice(Math.max(0, start - CONTEXT_CHARS), start);
  const suffix = text.slice(end, end + CONTEXT_CHARS);
  if (prefix) quote.prefix = prefix;
  if (suffix) quote.suffix = suffix;
  return [quote, { type: 'TextPositionSelector', start, end }];
}

/** A context side fits when at most this share of it was edited. */
const FITS = 0.7;
/** One side alone must fit (almost) exactly: a look-alike elsewhere often fits 85 %. */
const FITS_ALONE = 0.95;
/** An edited quote keeps at least this much of itself when both sides fit, or when one does. */
const KEEPS_WITH_BOTH = 0.5;
const KEEPS_WITH_ONE = 0.65;
const MAX_FUZZY = 20;
/** Occurrences of an exact quote scored in full (the rest are ranked by their edges only). */
const MAX_SCORED = 64;
/** The stored offset still holds within this many characters (see `held`). */
const HELD = 32;
const HELD_FITS = 0.55;
/**
 * What being held is worth, in context fit (averaged over both sides): a copy of the sentence far
 * away whose context fits 0.1 better (about 6 of 64 characters) still loses to it.
 */
const HELD_BONUS = 0.1;
/** How far an exact quote may have moved from its stored offset and still count as "near it". */
const DRIFT = 256;

/** How many characters of context agree right at the edges of [start, end). */
function edgeAgreement(text: string, start: number, end: number, w: Wanted): number {
  let n = 0;
  while (
    n < w.prefix.length &&
    text.charCodeAt(start - 1 - n) === w.prefix.charCodeAt(w.prefix.length - 1 - n)
  )
    n++;
  let m = 0;
  while (m < w.suffix.length && text.charCodeAt(end + m) === w.suffix.charCodeAt(m)) m++;
  return n + m;
}

interface Candidate extends TextRange {
  q: number;
  p: number | null;
  s: number | null;
}

let last: { raw: string; norm: NormalText } | null = null;

/**
 * Every highlight of a page is anchored against the same text: normalise it once (in steps, so a
 * long page drawn in slices is normalised a piece at a time ahead of its highlights).
 */
export function* prepareTextSteps(raw: string): Generator<void, NormalText> {
  if (last?.raw !== raw) {
    const norm = yield* normalizeSteps(raw);
    last = { raw, norm };
  }
  return last.norm;
}

/**
 * Finds the stretch of `text` a highlight's selectors describe, or null when nothing fits well
 * enough (the highlight is then orphaned: a highlight on the wrong text is worse). Only the
 * TextQuoteSelector and TextPositionSelector are read; anything else (a Hypothesis
 * RangeSelector) is ignored. In order: the stored position while the quote and both sides of its
 * context are still there; the exact quote where its context fits; an edited quote between (or
 * next to) its surviving context; a fuzzy match of the quote, still judged by its context.
 */
export function anchor(text: string, selectors: AnnotationSelector | null | undefined): TextRange | null {
  return runNow(anchorSteps(text, selectors));
}

/**
 * `anchor` as steps: it yields between pieces of work that stay short on a 1.3 M-character page
 * (a thousand occurrences of a common word, one scored candidate, one 64 K stretch searched).
 */
export function* anchorSteps(
  text: string,
  selectors: AnnotationSelector | null | undefined,
): Generator<void, TextRange | null> {
  const quote = selectors?.find((s): s is TextQuoteSelector => s.type === 'TextQuoteSelector');
  const position = selectors?.find((s): s is TextPositionSelector => s.type === 'TextPositionSelector');
  if (!quote) {
    // a bare position cannot be checked against anything: trust it only while it still fits
    return position && position.start < position.end && position.end <= text.length
      ? { start: position.start, end: position.end }
      : null;
  }
  const { exact, prefix = '', suffix = '' } = quote;
  if (
    position &&
    text.slice(position.start, position.end) === exact &&
    text.endsWith(prefix, position.start) &&
    text.startsWith(suffix, position.end)
  ) {
    return { start: position.start, end: position.end };
  }
  const norm = yield* prepareTextSteps(text);
  const found = yield* anchorNormal(norm, {
    exact: normalizeString(exact),
    prefix: normalizeString(prefix),
    suffix: normalizeString(suffix),
    hint: position ? toNormal(norm, position.start) : undefined,
  });
  if (!found) return null;
  return { start: norm.toRaw[found.start]!, end: norm.toRaw[found.end - 1]! + 1 };
}

interface Wanted {
  exact: string;
  prefix: string;
  suffix: string;
  hint: number | undefined;
}

function* anchorNormal(norm: NormalText, w: Wanted): Generator<void, TextRange | null> {
  const { text } = norm;
  if (!w.exact.trim()) return null;
  const score = (start: number, end: number, q?: number): Candidate => ({
    start,
    end,
    q: q ?? Math.max(0, 1 - distance(text.slice(start, end), w.exact) / w.exact.length),
    p: w.prefix ? prefixFit(text, start, w.prefix) : null,
    s: w.suffix ? suffixFit(text, end, w.suffix) : null,
  });
  const candidates: Candidate[] = [];
  let starts: number[] = [];
  for (let at = text.indexOf(w.exact); at !== -1; at = text.indexOf(w.exact, at + 1)) {
    if (starts.push(at) % 1024 === 0) yield;
  }
  if (starts.length > MAX_SCORED) {
    // a common word: score fully only the occurrences whose edges agree most with the context
    const agree = (at: number) => edgeAgreement(text, at, at + w.exact.length, w);
    const ranked: { at: number; a: number }[] = [];
    for (const at of starts) {
      if (ranked.push({ at, a: agree(at) }) % 1024 === 0) yield;
    }
    ranked.sort((x, y) => y.a - x.a);
    yield;
    const near = (at: number) => w.hint !== undefined && Math.abs(at - w.hint) <= DRIFT;
    // the occurrences near the stored offset are scored whatever their edges: an edited word on
    // each side leaves no character agreeing at the edges, and the offset is evidence of its own
    starts = [
      ...ranked.slice(0, MAX_SCORED).map((r) => r.at),
      ...ranked.slice(MAX_SCORED).flatMap((r) => (near(r.at) ? [r.at] : [])),
    ];
  }
  for (const at of starts) {
    if (candidates.push(score(at, at + w.exact.length, 1)) % 16 === 0) yield;
  }
  const settled = pick(candidates, w, text.length);
  // settled: the quote with its context intact, or the unedited quote still at its offset (the
  // later stages add edited look-alikes, which never outrank an acceptable exact quote, and only
  // take acceptance away from exact quotes that are not held there)
  if (settled && (sides(settled).every((x) => x >= FITS_ALONE) || held(settled, w))) return settled;

  // the quote was edited (or its context was): look where its context still is
  const slack = Math.ceil(w.exact.length / 2) + 16;
  const prefixEnds = w.prefix.length >= 8 ? (yield* occurrences(text, w.prefix)).map((m) => m.end) : [];
  const suffixStarts = w.suffix.length >= 8 ? (yield* occurrences(text, w.suffix)).map((m) => m.start) : [];
  const add = (start: number, end: number) => {
    let s = start;
    let e = end;
    if (w.exact[0] !== ' ') while (s < e && text[s] === ' ') s++;
    if (w.exact.at(-1) !== ' ') while (e > s && text[e - 1] === ' ') e--;
    if (!candidates.some((c) => c.start === s && c.end === e)) candidates.push(score(s, e));
  };
  // each of these loops scores at most a hundred candidates: a step each is short enough
  for (const pe of prefixEnds) {
    const between = suffixStarts.filter((ss) => ss >= pe && ss <= pe + w.exact.length * 2 + 32);
    for (const ss of between) add(pe, ss);
    if (between.length === 0) {
      const m = matchFrom(text, pe, w.exact, slack);
      add(m.start, m.end);
    }
  }
  for (const ss of suffixStarts) {
    if (prefixEnds.some((pe) => ss >= pe && ss <= pe + w.exact.length * 2 + 32)) continue;
    const m = matchUntil(text, ss, w.exact, slack);
    add(m.start, m.end);
  }
  if (w.exact.length >= 8) {
    const matches = (yield* searchSteps(text, w.exact, Math.floor(w.exact.length / 4)))
      .sort((a, b) => a.errors - b.errors)
      .slice(0, MAX_FUZZY);
    for (const m of matches) add(m.start, m.end);
  }
  return pick(candidates, w, text.length);
}

/** Where a context string is, exactly or with up to a quarter of it edited (best first). */
function* occurrences(text: string, pattern: string) {
  const matches = (yield* searchSteps(text, pattern, Math.floor(pattern.length / 4))).sort(
    (a, b) => a.errors - b.errors,
  );
  const kept: typeof matches = [];
  for (const m of matches) {
    if (kept.length >= 50) break;
    if (!kept.some((k) => Math.abs(k.start - m.start) < pattern.length)) kept.push(m);
  }
  return kept;
}

/**
 * The quote itself, unedited, still (nearly) at its stored offset: only a few characters were
 * added or removed before it. Another occurrence lands that close by chance almost never, so this
 * is evidence the context cannot give when the words right next to the quote were edited (each
 * side then agrees for no character at the edge, and a copy of the sentence elsewhere on the page
 * can fit the stored context better). Such a candidate needs each side only above the floor of
 * similarity (a side with no likeness left is not a fit at all), and is preferred unless another
 * fits its context clearly better.
 */
const held = (c: Candidate, w: Wanted) =>
  c.q === 1 && w.hint !== undefined && Math.abs(c.start - w.hint) <= HELD;
type Match = ReturnType<typeof search>[number];
/** Characters searched between two yields of `searchSteps`. */
const SEARCH_CHUNK = 64 * 1024;

/**
 * Approximate search over the text a 64 K stretch at a time (yielding between stretches). Each
 * stretch runs on by the longest a match can be, and keeps only the matches starting inside it, so
 * every match is found once.
 */
function* searchSteps(text: string, pattern: string, maxErrors: number): Generator<void, Match[]> {
  const found: Match[] = [];
  const overlap = pattern.length + maxErrors;
  for (let from = 0; from < text.length; from += SEARCH_CHUNK) {
    const stretch = text.slice(from, from + SEARCH_CHUNK + overlap);
    for (const m of search(stretch, pattern, maxErrors)) {
      if (m.start < SEARCH_CHUNK) found.push({ start: m.start + from, end: m.end + from, errors: m.errors });
    }
    yield;
  }
  return found;
}

const sides = (c: Candidate) => [c.p, c.s].filter((x): x is number => x !== null);
const overlaps = (a: TextRange, b: TextRange) => a.start < b.end && b.start < a.end;

/** The candidate the evidence supports, or null: a quote needs its context, an edited one more so. */
function pick(candidates: Candidate[], w: Wanted, length: number): Candidate | null {
  // both sides of the context found around an edited quote, or around the gap where it was
  const sure = candidates.filter((c) => {
    const fit = sides(c);
    const editedOrGone = c.q >= KEEPS_WITH_BOTH || c.end - c.start <= w.exact.length / 4;
    return fit.length === 2 && fit.every((x) => x >= 0.85) && editedOrGone;
  });
  const acceptable = candidates.filter((c) => {
    const fit = sides(c);
    // strong context on both sides elsewhere says the quote was edited or removed there
    const contradicted = sure.some((o) => o !== c && !overlaps(o, c)) && !sure.includes(c);
    if (fit.length === 0) return c.q === 1 || c.q >= 0.8;
    if (held(c, w) && fit.every((x) => x >= HELD_FITS)) return true;
    const both = fit.every((x) => x >= FITS);
    const one = fit.some((x) => x >= FITS_ALONE);
    if (c.q === 1) {
      if (both && !contradicted) return true;
      if (contradicted) return both && fit.every((x) => x >= 0.85);
      return one;
    }
    if (contradicted) return false;
    return (both && c.q >= KEEPS_WITH_BOTH) || (one && c.q >= KEEPS_WITH_ONE);
  });
  // the quote as it was beats an edited look-alike whenever its own context supports it
  const exact = acceptable.filter((c) => c.q === 1);
  let best: Candidate | null = null;
  let bestRank = -1;
  for (const c of exact.length > 0 ? exact : acceptable) {
    const fit = sides(c);
    const context = fit.length ? fit.reduce((a, b) => a + b, 0) / fit.length : 0;
    const near = w.hint === undefined ? 0 : 1 - Math.abs(c.start - w.hint) / Math.max(1, length);
    const rank = 2 * c.q + context + (held(c, w) ? HELD_BONUS : 0) + 0.01 * near;
    if (rank > bestRank) {
      best = c;
      bestRank = rank;
    }
  }
  return best;
}
