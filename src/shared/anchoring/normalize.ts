/**
 * The text anchoring compares: runs of white space (new lines of re-wrapped source, tabs, &nbsp;)
 * become one space, soft hyphens and zero-width characters go, curly quotes become straight
 * ones. `toRaw[i]` is where normalised character i came from, so a match maps back exactly.
 */
export interface NormalText {
  text: string;
  toRaw: Int32Array;
}

const isIgnored = (c: number) => c === 0xad || (c >= 0x200b && c <= 0x200d) || c === 0x2060 || c === 0xfeff;
const isSpace = (c: number) =>
  (c >= 9 && c <= 13) ||
  c === 32 ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000;
const FOLD: Record<number, string> = { 8216: "'", 8217: "'", 8220: '"', 8221: '"' };

export function normalize(raw: string): NormalText {
  const steps = normalizeSteps(raw);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Characters normalised between two yields of `normalizeSteps`. */
const CHARS_PER_STEP = 64 * 1024;

/** `normalize` as steps: it yields after every 64 K characters (a long page is drawn in slices). */
export function* normalizeSteps(raw: string): Generator<void, NormalText> {
  const toRaw = new Int32Array(raw.length + 1);
  // unchanged stretches are copied as slices; only a change (a collapsed run, a dropped or
  // folded character) starts a new one, so ordinary text costs one pass of char codes
  const parts: string[] = [];
  let n = 0;
  let runStart = 0;
  let inSpace = false;
  for (let i = 0; i < raw.length; i++) {
    if (i % CHARS_PER_STEP === CHARS_PER_STEP - 1) yield;
    const code = raw.charCodeAt(i);
    if (code === 32 && !inSpace) {
      toRaw[n++] = i;
      inSpace = true;
      continue;
    }
    if (code > 32 && code < 127) {
      toRaw[n++] = i;
      inSpace = false;
      continue;
    }
    if (isIgnored(code)) {
      parts.push(raw.slice(runStart, i));
      runStart = i + 1;
      continue;
    }
    if (isSpace(code)) {
      parts.push(raw.slice(runStart, i));
      runStart = i + 1;
      if (!inSpace) {
        parts.push(' ');
        toRaw[n++] = i;
        inSpace = true;
      }
      continue;
    }
    inSpace = false;
    const folded = FOLD[code];
    if (folded) {
      parts.push(raw.slice(runStart, i), folded);
      runStart = i + 1;
    }
    toRaw[n++] = i;
  }
  parts.push(raw.slice(runStart));
  toRaw[n] = raw.length;
  return { text: parts.join(''), toRaw: toRaw.subarray(0, n + 1) };
}

/** A stored quote or context, normalised the same way. */
export function normalizeString(s: string | undefined): string {
  return s ? normalize(s).text : '';
}

/** The normalised position of a raw offset (the first normalised character at or after it). */
export function toNormal(norm: NormalText, raw: number): number {
  let lo = 0;
  let hi = norm.toRaw.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (norm.toRaw[mid]! < raw) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
