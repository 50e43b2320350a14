import search from 'approx-string-match';
import type {
  AnnotationSelector,
  TextPositionSelector,
  TextQuoteSelector,
} from '../../../shared/schemas/annotations.ts';

/** How much text around a quote is kept to tell its occurrences apart and to find it again. */
export const CONTEXT_CHARS = 32;
/** The most errors a fuzzy match may have: a quarter of the quote, and never more than this. */
const MAX_FUZZY_ERRORS = 256;
/** Below this a quote is too short for fuzzy matching to mean anything: exact or orphaned. */
const MIN_FUZZY_LENGTH = 8;
/** A fuzzy match must score at least this (0..1) to count; anything less is orphaned. */
const MIN_FUZZY_SCORE = 0.5;

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

/**
 * Finds the stretch of `text` a highlight's selectors describe, or null when nothing matches well
 * enough (the highlight is then orphaned). In order: the stored position when the quote is still
 * there; the exact quote, its occurrences told apart by the text around them and their distance
 * from the old position; a fuzzy match of the quote, scored by the same.
 */
export function anchor(text: string, selectors: AnnotationSelector | null | undefined): TextRange | null {
  const quote = selectors?.find((s): s is TextQuoteSelector => s.type === 'TextQuoteSelector');
  const position = selectors?.find((s): s is TextPositionSelector => s.type === 'TextPositionSelector');
  if (!quote) {
    // a bare position cannot be checked against anything: trust it only while it still fits
    return position && position.start < position.end && position.end <= text.length
      ? { start: position.start, end: position.end }
      : null;
  }
  const { exact } = quote;
  if (position && text.slice(position.start, position.end) === exact) {
    return { start: position.start, end: position.end };
  }
  const hint = position?.start;
  const exactMatches: Candidate[] = [];
  for (let at = text.indexOf(exact); at !== -1; at = text.indexOf(exact, at + 1)) {
    exactMatches.push({ start: at, end: at + exact.length, errors: 0 });
  }
  if (exactMatches.length > 0) return best(text, quote, hint, exactMatches);
  if (exact.length < MIN_FUZZY_LENGTH) return null;
  const maxErrors = Math.min(MAX_FUZZY_ERRORS, Math.floor(exact.length / 4));
  const found = best(text, quote, hint, search(text, exact, maxErrors));
  return found && found.score >= MIN_FUZZY_SCORE ? { start: found.start, end: found.end } : null;
}

interface Candidate {
  start: number;
  end: number;
  errors: number;
}

/** Weights after Hypothesis's anchoring: the quote matters most, then its context, then position. */
const WEIGHTS = { quote: 50, prefix: 20, suffix: 20, position: 2 };
const WEIGHT_TOTAL = WEIGHTS.quote + WEIGHTS.prefix + WEIGHTS.suffix + WEIGHTS.position;

function best(
  text: string,
  quote: TextQuoteSelector,
  hint: number | undefined,
  candidates: Candidate[],
): (TextRange & { score: number }) | null {
  let top: (TextRange & { score: number }) | null = null;
  for (const c of candidates) {
    const quoteScore = 1 - c.errors / quote.exact.length;
    const prefixScore = quote.prefix
      ? similarity(text.slice(Math.max(0, c.start - quote.prefix.length), c.start), quote.prefix)
      : 1;
    const suffixScore = quote.suffix
      ? similarity(text.slice(c.end, c.end + quote.suffix.length), quote.suffix)
      : 1;
    const positionScore = hint === undefined ? 1 : 1 - Math.abs(c.start - hint) / Math.max(1, text.length);
    const score =
      (WEIGHTS.quote * quoteScore +
        WEIGHTS.prefix * prefixScore +
        WEIGHTS.suffix * suffixScore +
        WEIGHTS.position * positionScore) /
      WEIGHT_TOTAL;
    if (!top || score > top.score) top = { start: c.start, end: c.end, score };
  }
  return top;
}

/** 1 when `actual` holds `expected`, falling towards 0 with each edit needed. */
function similarity(actual: string, expected: string): number {
  if (!actual || !expected) return 0;
  const matches = search(actual, expected, expected.length);
  const errors = Math.min(...matches.map((m) => m.errors), expected.length);
  return 1 - errors / expected.length;
}
