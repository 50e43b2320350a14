/**
 * Word differences between two texts (link health's "Changed since saved"): Myers' O((N+M)D)
 * algorithm over words, so two versions of a page that differ a little cost little. Past `maxEdits`
 * the texts are called wholly different instead of spending quadratic time on them.
 */

export interface DiffPart {
  text: string;
  /** a word the other text does not have (deleted from the old, inserted in the new) */
  mark: boolean;
}

export interface WordDiff {
  old: DiffPart[];
  new: DiffPart[];
  /** edited words over all words of both texts: 0 the same, 1 nothing in common */
  ratio: number;
}

export const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/**
 * The shortest edit script's length between a and b, or null when it is longer than maxEdits.
 * With `trace`, each step's furthest-reaching diagonals are kept to walk the script back.
 */
function search(a: string[], b: string[], maxEdits: number, trace?: Int32Array[]): number | null {
  const n = a.length;
  const m = b.length;
  const offset = maxEdits + 1;
  const v = new Int32Array(2 * offset + 1);
  for (let d = 0; d <= maxEdits; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace?.push(v.slice(offset - d, offset + d + 1));
        return d;
      }
    }
    trace?.push(v.slice(offset - d, offset + d + 1));
  }
  return null;
}

/**
 * The share of words that differ, stopping early once it is known to be above `atLeast` (then the
 * bound reached is answered: a little above `atLeast`).
 */
export function changedRatio(oldText: string, newText: string, atLeast = 1): number {
  const a = words(oldText);
  const b = words(newText);
  const total = a.length + b.length;
  if (total === 0) return 0;
  const limit = Math.min(total, Math.ceil(atLeast * total) + 1);
  const d = search(a, b, limit);
  return d === null ? Math.min(1, limit / total) : d / total;
}

/** Appends a word to the parts, joining it to the last part when that has the same mark. */
function push(parts: DiffPart[], word: string, mark: boolean) {
  const last = parts[parts.length - 1];
  if (last && last.mark === mark) last.text += ` ${word}`;
  else parts.push({ text: last ? ` ${word}` : word, mark });
}

/** Both texts as parts, each word marked when the other text lacks it. */
export function wordDiff(oldText: string, newText: string, maxEdits = 4000): WordDiff {
  const a = words(oldText);
  const b = words(newText);
  const total = a.length + b.length;
  const trace: Int32Array[] = [];
  const d = search(a, b, Math.min(maxEdits, total), trace);
  if (d === null) {
    return {
      old: a.length ? [{ text: a.join(' '), mark: true }] : [],
      new: b.length ? [{ text: b.join(' '), mark: true }] : [],
      ratio: 1,
    };
  }
  // walk the script back from the end: each step is a kept run, then one deletion or insertion
  const ops: { kind: 'same' | 'del' | 'ins'; word: string }[] = [];
  let x = a.length;
  let y = b.length;
  for (let step = d; step > 0; step--) {
    const prev = trace[step - 1]!;
    const at = (k: number) => prev[k + step - 1]!;
    const k = x - y;
    const down = k === -step || (k !== step && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > (down ? prevX : prevX + 1) && y > (down ? prevY + 1 : prevY)) {
      ops.push({ kind: 'same', word: a[--x]! });
      y--;
    }
    if (down) ops.push({ kind: 'ins', word: b[--y]! });
    else ops.push({ kind: 'del', word: a[--x]! });
  }
  while (x > 0 && y > 0) {
    ops.push({ kind: 'same', word: a[--x]! });
    y--;
  }
  const old: DiffPart[] = [];
  const next: DiffPart[] = [];
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i]!;
    if (op.kind !== 'ins') push(old, op.word, op.kind === 'del');
    if (op.kind !== 'del') push(next, op.word, op.kind === 'ins');
  }
  return { old, new: next, ratio: total ? d / total : 0 };
}
