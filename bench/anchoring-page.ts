/**
 * Runs in Chromium (bundled by bench/anchoring-draw.ts): builds a 1.3 M-character article, 200
 * highlights (one on a word that occurs about 8,800 times), and draws them the old way (one
 * synchronous task) or in slices, reporting every long task the drawing caused; copies as saved,
 * re-captured, and re-captured with the words beside every highlight edited.
 */

import { describe } from '../src/shared/anchoring/anchor.ts';
import { indexText } from '../src/shared/anchoring/text-position.ts';
import type { AnnotationReply } from '../src/shared/schemas/annotations.ts';
import {
  clearHighlights,
  drawHighlights,
  drawHighlightsInSlices,
} from '../src/web/features/annotations/draw.ts';

const WORDS =
  'the reader keeps notes on pages about gardens rivers trains letters music and slow winter evenings'.split(
    ' ',
  );
const WORD = 'harbour';

function build(): { article: HTMLElement; annotations: AnnotationReply[] } {
  let seed = 11;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const paragraphs: string[] = [];
  let size = 0;
  while (size < 1_300_000) {
    const sentences: string[] = [];
    for (let s = 0; s < 5; s++) {
      const words = Array.from({ length: 12 }, () =>
        rand() < 0.047 ? WORD : WORDS[Math.floor(rand() * WORDS.length)]!,
      );
      sentences.push(`${words.join(' ')}.`);
    }
    const p = sentences.join(' ');
    paragraphs.push(p);
    size += p.length + 1;
  }
  const article = document.createElement('article');
  article.innerHTML = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  document.body.append(article);
  const { text } = indexText(article);
  const annotations: AnnotationReply[] = [];
  const ann = (id: number, start: number, end: number): AnnotationReply => ({
    id,
    link_id: 1,
    anchored: true,
    shape: 0,
    content: text.slice(start, end),
    ann_md5: `md5-${id}`,
    extra: { color: 'yellow' },
    selector: describe(text, start, end),
    stickyNotes: [],
    created_at: 0,
  });
  const word = text.indexOf(` ${WORD} `, text.length / 2) + 1;
  annotations.push(ann(1, word, word + WORD.length));
  for (let i = 2; i <= 200; i++) {
    const start = text.indexOf('. ', Math.floor((text.length / 201) * i)) + 2;
    annotations.push(ann(i, start, text.indexOf('.', start) + 1));
  }
  return { article, annotations };
}

/** As saved; re-captured (a paragraph above moves every offset); and re-captured with the word
 * on each side of every highlight edited (no context agrees at the edges any more). */
export type Copy = 'saved' | 'recaptured' | 'edited';

/** The stored context as if the words right next to the quote had been edited since. */
function editContext(a: AnnotationReply): AnnotationReply {
  const selector = a.selector?.map((s) =>
    s.type === 'TextQuoteSelector'
      ? {
          ...s,
          prefix: s.prefix?.replace(/[a-z]+(?=[^a-z]*$)/, 'lantern'),
          suffix: s.suffix?.replace(/[a-z]+/, 'copper'),
        }
      : s,
  );
  return { ...a, selector: selector ?? null };
}

declare global {
  interface Window {
    runBench(mode: 'sync' | 'slices', copy: Copy): Promise<Record<string, number>>;
  }
}

window.runBench = async (mode, copy) => {
  const built = build();
  const { article } = built;
  const annotations = copy === 'edited' ? built.annotations.map(editContext) : built.annotations;
  const recaptured = copy !== 'saved';
  const occurrences = (article.textContent ?? '').split(` ${WORD} `).length - 1;
  // a re-captured copy: a paragraph above moves every stored offset
  if (recaptured)
    article.prepend(Object.assign(document.createElement('p'), { textContent: 'A new first paragraph.' }));
  const look = { className: () => 'mark', noteClassName: 'note' };
  await new Promise((r) => setTimeout(r, 100));
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e.duration);
  });
  observer.observe({ type: 'longtask' });
  const started = performance.now();
  let drawn = 0;
  if (mode === 'sync') drawn = drawHighlights(article, annotations, look).marks.size;
  else
    drawn = (await drawHighlightsInSlices(article, annotations, look, new AbortController().signal)).marks
      .size;
  const total = performance.now() - started;
  await new Promise((r) => setTimeout(r, 200));
  observer.disconnect();
  clearHighlights(article);
  article.remove();
  return {
    chars: (article.textContent ?? '').length,
    occurrences,
    drawn,
    totalMs: Math.round(total),
    longTasks: tasks.length,
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
  };
};
