/**
 * Fractional-index keys for the order of an outliner's entries: strings that sort in byte order
 * (PostgreSQL `COLLATE "C"`, JavaScript `<`), so an entry moves or arrives by writing its own key
 * only. The scheme is David Greenspan's, as in the `fractional-indexing` package: an integer part
 * whose first character gives its length ('a0' is the first key, 'a1' the next, 'Zz' before 'a0'),
 * then an optional fraction in base 62 with no trailing zero. Appending or prepending changes the
 * integer part, so those stay short; a key between two neighbours is their midpoint, which grows
 * about one character per six inserts in the same gap. `insertPosition` caps that: past
 * MAX_POSITION_LENGTH the siblings are spaced out again.
 */

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SMALLEST_INTEGER = `A${'0'.repeat(26)}`;

/** Longest key insertPosition hands out before it spaces the siblings out again. */
export const MAX_POSITION_LENGTH = 24;

function digit(c: string | undefined): number {
  const d = c === undefined ? -1 : DIGITS.indexOf(c);
  if (d < 0) throw new Error(`not a position digit: ${c}`);
  return d;
}

/** A fraction strictly between a and b (b null: 1); neither ends in '0'. */
function midpoint(a: string, b: string | null): string {
  if (b !== null && a >= b) throw new Error(`${a} >= ${b}`);
  if (b !== null) {
    // the common prefix stays; the rest is split
    let n = 0;
    while ((a[n] ?? '0') === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const da = a ? digit(a[0]) : 0;
  const db = b !== null ? digit(b[0]) : DIGITS.length;
  if (db - da > 1) return DIGITS[Math.round((da + db) / 2)]!;
  // consecutive digits: take a's digit and split what follows it
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[da]! + midpoint(a.slice(1), null);
}

function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 'a'.charCodeAt(0) + 2;
  if (head >= 'A' && head <= 'Z') return 'Z'.charCodeAt(0) - head.charCodeAt(0) + 2;
  throw new Error(`not a position: ${head}`);
}

function integerPart(key: string): string {
  const length = integerLength(key[0] ?? '');
  if (length > key.length) throw new Error(`not a position: ${key}`);
  return key.slice(0, length);
}

/** Whether a string is a key this scheme makes (what the server accepts from nobody, but checks). */
export function isPosition(key: string): boolean {
  try {
    if (key === SMALLEST_INTEGER) return false;
    const int = integerPart(key);
    for (const c of key.slice(1)) digit(c);
    return !key.slice(int.length).endsWith('0');
  } catch {
    return false;
  }
}

function check(key: string): void {
  if (!isPosition(key)) throw new Error(`not a position: ${key}`);
}

function incrementInteger(x: string): string | null {
  const [head, ...digits] = x.split('') as [string, ...string[]];
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = digit(digits[i]) + 1;
    if (d < DIGITS.length) {
      digits[i] = DIGITS[d]!;
      return head + digits.join('');
    }
    digits[i] = '0';
  }
  if (head === 'Z') return 'a0';
  if (head === 'z') return null;
  const next = String.fromCharCode(head.charCodeAt(0) + 1);
  if (next > 'a') digits.push('0');
  else digits.pop();
  return next + digits.join('');
}

function decrementInteger(x: string): string | null {
  const [head, ...digits] = x.split('') as [string, ...string[]];
  const top = DIGITS[DIGITS.length - 1]!;
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = digit(digits[i]) - 1;
    if (d >= 0) {
      digits[i] = DIGITS[d]!;
      return head + digits.join('');
    }
    digits[i] = top;
  }
  if (head === 'a') return `Z${top}`;
  if (head === 'A') return null;
  const next = String.fromCharCode(head.charCodeAt(0) - 1);
  if (next < 'Z') digits.push(top);
  else digits.pop();
  return next + digits.join('');
}

/** A key after a and before b; null stands for either end of the list. */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null) check(a);
  if (b !== null) check(b);
  if (a !== null && b !== null && a >= b) throw new Error(`${a} >= ${b}`);
  if (a === null) {
    if (b === null) return 'a0';
    const ib = integerPart(b);
    const fb = b.slice(ib.length);
    if (ib === SMALLEST_INTEGER) return ib + midpoint('', fb);
    if (ib < b) return ib;
    const lower = decrementInteger(ib);
    if (lower === null) throw new Error('no position before the first');
    return lower;
  }
  const ia = integerPart(a);
  const fa = a.slice(ia.length);
  if (b === null) {
    const higher = incrementInteger(ia);
    return higher === null ? ia + midpoint(fa, null) : higher;
  }
  const ib = integerPart(b);
  if (ia === ib) return ia + midpoint(fa, b.slice(ib.length));
  const higher = incrementInteger(ia);
  if (higher === null) throw new Error('no position after the last');
  return higher < b ? higher : ia + midpoint(fa, null);
}

/** n keys in order between a and b, as short as the gap allows. */
export function keysBetween(a: string | null, b: string | null, n: number): string[] {
  if (n <= 0) return [];
  if (n === 1) return [keyBetween(a, b)];
  if (b === null) {
    const keys = [keyBetween(a, null)];
    while (keys.length < n) keys.push(keyBetween(keys[keys.length - 1]!, null));
    return keys;
  }
  if (a === null) {
    const keys = [keyBetween(null, b)];
    while (keys.length < n) keys.unshift(keyBetween(null, keys[0]!));
    return keys;
  }
  const half = Math.floor(n / 2);
  const middle = keyBetween(a, b);
  return [...keysBetween(a, middle, half), middle, ...keysBetween(middle, b, n - half - 1)];
}

export interface Placement {
  /** the new entry's key */
  position: string;
  /**
   * When the gap had grown too fine: new keys for all the siblings with the new entry at `index`
   * (the siblings keep their order; the new entry's key is `respaced[index]`).
   */
  respaced?: string[];
}

/**
 * A key for a new (or moved) entry at `index` among siblings whose keys are `siblings`, in order.
 * Keys stay at most MAX_POSITION_LENGTH long: when the midpoint would be longer, every sibling
 * gets a fresh, evenly spread key.
 */
export function insertPosition(siblings: readonly string[], index: number): Placement {
  const before = index > 0 ? siblings[index - 1]! : null;
  const after = index < siblings.length ? siblings[index]! : null;
  const position = keyBetween(before, after);
  if (position.length <= MAX_POSITION_LENGTH) return { position };
  const respaced = keysBetween(null, null, siblings.length + 1);
  return { position: respaced[index]!, respaced };
}
