/**
 * Right-to-left text for PDF, which draws glyphs left to right in the order given: a line whose
 * text is mostly Hebrew or Arabic is put in visual order (runs reversed, letters of right-to-left
 * runs reversed, left-to-right runs such as numbers and Latin words kept). A simplified form of
 * the Unicode bidi algorithm that covers a right-to-left paragraph with embedded Latin or digits.
 */
const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const LTR_CHAR = /[A-Za-z0-9\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]/;

export function isRtlText(text: string): boolean {
  let rtl = 0;
  let ltr = 0;
  for (const ch of text) {
    if (RTL_CHAR.test(ch)) rtl++;
    else if (LTR_CHAR.test(ch)) ltr++;
  }
  return rtl > ltr;
}

/** One line of a right-to-left paragraph in the order its characters are drawn from the left. */
export function visualOrder(line: string): string {
  const runs: { rtl: boolean; text: string }[] = [];
  for (const ch of line) {
    const strongLtr = LTR_CHAR.test(ch);
    const last = runs[runs.length - 1];
    // neutrals (spaces, punctuation) join the right-to-left run unless inside a Latin run
    const rtl = !strongLtr && !(last && !last.rtl && /[.,:\-/]/.test(ch));
    if (last && last.rtl === rtl) last.text += ch;
    else runs.push({ rtl, text: ch });
  }
  return runs
    .reverse()
    .map((r) => (r.rtl ? [...r.text].reverse().join('') : r.text))
    .join('');
}
