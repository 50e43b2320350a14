/**
 * Edit distances for scoring candidates. Context is compared anchored at the candidate's edge
 * (a prefix must end where the quote starts), not found anywhere nearby, so a context that only
 * appears a few words away does not count as fitting.
 */

/** Levenshtein distance between a and b. */
export function distance(a: string, b: string): number {
  if (a === b) return 0;
  let row = new Int32Array(b.length + 1);
  let next = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    next[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const sub = row[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      next[j] = Math.min(sub, row[j]! + 1, next[j - 1]! + 1);
    }
    [row, next] = [next, row];
  }
  return row[b.length]!;
}

/**
 * Aligns all of `pattern` with the text going away from `at` (forwards, or backwards when
 * `backwards`: the pattern is then read from its end), the text cut anywhere within
 * `pattern.length + slack` characters: the best cost and how many characters it takes (ties take
 * the fewest). Gives up (cost Infinity) once every alignment costs more than `maxCost`.
 */
export function alignEdge(
  pattern: string,
  text: string,
  at: number,
  backwards: boolean,
  slack: number,
  substitution = 1,
  maxCost = Number.POSITIVE_INFINITY,
): { cost: number; length: number } {
  const m = pattern.length;
  const width = Math.max(0, Math.min(m + slack, backwards ? at : text.length - at));
  let row = new Int32Array(width + 1);
  let next = new Int32Array(width + 1);
  for (let j = 0; j <= width; j++) row[j] = j;
  for (let i = 1; i <= m; i++) {
    next[0] = i;
    let low = i;
    const cp = pattern.charCodeAt(backwards ? m - i : i - 1);
    for (let j = 1; j <= width; j++) {
      const ct = text.charCodeAt(backwards ? at - j : at + j - 1);
      const v = Math.min(row[j - 1]! + (cp === ct ? 0 : substitution), row[j]! + 1, next[j - 1]! + 1);
      next[j] = v;
      if (v < low) low = v;
    }
    if (low > maxCost) return { cost: Number.POSITIVE_INFINITY, length: 0 };
    [row, next] = [next, row];
  }
  let best = 0;
  for (let j = 1; j <= width; j++) if (row[j]! < row[best]!) best = j;
  return { cost: row[best]!, length: best };
}

/** Below this share of a context side fitting, the exact figure no longer matters. */
const FLOOR = 0.5;

/** How well `suffix` fits the text right after `at`: 1 exact, towards 0 with each edit. */
export function suffixFit(text: string, at: number, suffix: string): number {
  if (text.startsWith(suffix, at)) return 1;
  const { cost } = alignEdge(suffix, text, at, false, 8, 1, suffix.length * (1 - FLOOR));
  return Math.max(0, 1 - cost / suffix.length);
}

/** How well `prefix` fits the text right before `at`. */
export function prefixFit(text: string, at: number, prefix: string): number {
  if (text.endsWith(prefix, at)) return 1;
  const { cost } = alignEdge(prefix, text, at, true, 8, 1, prefix.length * (1 - FLOOR));
  return Math.max(0, 1 - cost / prefix.length);
}

/**
 * The best end for `pattern` starting at `from`. A substitution costs as much as a deletion and an
 * insertion here, so a quote that lost its end is not stretched over unrelated text that happens
 * to cost the same as the deletion.
 */
export function matchFrom(text: string, from: number, pattern: string, slack: number) {
  const { cost, length } = alignEdge(pattern, text, from, false, slack, 2);
  return { start: from, end: from + length, cost };
}

/** The best start for `pattern` ending at `to` (see matchFrom). */
export function matchUntil(text: string, to: number, pattern: string, slack: number) {
  const { cost, length } = alignEdge(pattern, text, to, true, slack, 2);
  return { start: to - length, end: to, cost };
}
