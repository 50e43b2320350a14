/**
 * The longest single step of anchoring on the drawing bench's 1.3 M-character text, in CPU time
 * (process.cpuUsage), so the figure holds on a machine busy with other work where wall-clock long
 * tasks mostly measure the scheduler. A step is what `drawHighlightsInSlices` runs between two
 * checks of its 8 ms budget: a main-thread task is at most the budget plus one step.
 *
 *   npx tsx bench/anchoring-steps.ts
 */

import { anchorSteps, describe, prepareTextSteps } from '../src/shared/anchoring/anchor.ts';
import type { AnnotationSelector } from '../src/shared/schemas/annotations.ts';

const WORDS =
  'the reader keeps notes on pages about gardens rivers trains letters music and slow winter evenings'.split(
    ' ',
  );
let seed = 11;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const paragraphs: string[] = [];
for (let size = 0; size < 1_300_000; ) {
  const sentences = Array.from(
    { length: 5 },
    () =>
      `${Array.from({ length: 12 }, () => (rand() < 0.047 ? 'harbour' : WORDS[Math.floor(rand() * WORDS.length)])).join(' ')}.`,
  );
  paragraphs.push(sentences.join(' '));
  size += paragraphs.at(-1)!.length + 1;
}
const text = paragraphs.join('\n');
const edit = (selectors: AnnotationSelector): AnnotationSelector =>
  selectors.map((s) =>
    s.type === 'TextQuoteSelector'
      ? {
          ...s,
          prefix: s.prefix?.replace(/[a-z]+(?=[^a-z]*$)/, 'lantern'),
          suffix: s.suffix?.replace(/[a-z]+/, 'copper'),
        }
      : s,
  );
const word = text.indexOf(' harbour ', text.length / 2) + 1;
const saved: AnnotationSelector[] = [describe(text, word, word + 'harbour'.length)];
for (let i = 2; i <= 200; i++) {
  const start = text.indexOf('. ', Math.floor((text.length / 201) * i)) + 2;
  saved.push(describe(text, start, text.indexOf('.', start) + 1));
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function longestStep(steps: Generator<void, unknown>): { longest: number; steps: number } {
  let longest = 0;
  for (let n = 1; ; n++) {
    const before = cpuMs();
    const step = steps.next();
    longest = Math.max(longest, cpuMs() - before);
    if (step.done) return { longest, steps: n };
  }
}

console.log('| copy | run | normalising: longest step | anchoring 200: longest step | word: steps |');
console.log('|---|---|---:|---:|---:|');
for (const [name, moved, selectors] of [
  ['re-captured (offsets moved)', `A new first paragraph.${text}`, saved],
  ['re-captured, a word edited on each side', `A new first paragraph!${text}`, saved.map(edit)],
] as const) {
  for (const run of ['first (cold)', 'second']) {
    const copy = run === 'second' ? `${moved} ` : moved; // a new string: normalised again
    const prep = longestStep(prepareTextSteps(copy));
    const each = selectors.map((s) => longestStep(anchorSteps(copy, s)));
    const longest = Math.max(...each.map((e) => e.longest));
    console.log(
      `| ${name} | ${run} | ${prep.longest.toFixed(1)} ms | ${longest.toFixed(1)} ms | ${each[0]!.steps} |`,
    );
  }
}
