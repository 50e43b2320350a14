import { anchor, describe } from '../../../src/shared/anchoring/anchor.ts';
import { indexText, rangeOffsets, unwrap, wrapOffsets } from '../../../src/shared/anchoring/text-position.ts';
import type { AnnotationSelector } from '../../../src/shared/schemas/annotations.ts';
import type { PageAnnotations } from '../messages.ts';

/**
 * Highlights on the live page, with the anchoring the reader uses (shared/anchoring): each one is
 * found again in the page's text (exact, then fuzzy) and wrapped in marks, text node by text node;
 * what cannot be found is orphaned: listed, never drawn on other text. Marks are made with
 * createElement and hold the page's own text nodes: nothing the server sent is ever parsed as markup.
 */

export const MARK_COLORS: Record<string, string> = {
  yellow: '#fde68a',
  blue: '#bfdbfe',
  green: '#bbf7d0',
  pink: '#fbcfe8',
};

export interface Drawn {
  anchored: number[];
  orphaned: number[];
}

/** The marks drawn by the extension, real highlights and those still waiting for Folio. */
export const MARK_SELECTOR = '[data-folio-annotation-id], [data-folio-pending]';

function markMaker(doc: Document, color: string, set: (m: HTMLElement) => void) {
  return () => {
    const mark = doc.createElement('mark');
    set(mark);
    mark.dataset.folioColor = color;
    mark.style.backgroundColor = MARK_COLORS[color] ?? MARK_COLORS.yellow!;
    mark.style.color = 'inherit';
    mark.style.padding = '0';
    return mark;
  };
}

/** The selectors of a stored annotation: its own, else its quote alone. */
function selectorsOf(a: { content: string; selector: unknown }): AnnotationSelector {
  if (Array.isArray(a.selector) && a.selector.length) return a.selector as AnnotationSelector;
  return [{ type: 'TextQuoteSelector', exact: a.content }];
}

/** Takes the old marks out and draws the page's annotations again. */
export function drawAnnotations(root: HTMLElement, data: PageAnnotations): Drawn {
  unwrap(Array.from(root.querySelectorAll(MARK_SELECTOR)));
  const index = indexText(root);
  const doc = root.ownerDocument;
  const drawn: Drawn = { anchored: [], orphaned: [] };
  for (const a of data.annotations) {
    if (a.shape !== 5 && a.shape !== 0) continue;
    const range = anchor(index.text, selectorsOf(a));
    if (!range) {
      drawn.orphaned.push(a.id);
      continue;
    }
    wrapOffsets(
      root,
      range.start,
      range.end,
      markMaker(doc, a.extra.color, (m) => {
        m.dataset.folioAnnotationId = String(a.id);
        const note = a.stickyNotes[0]?.content;
        if (note) m.title = note;
      }),
      index,
    );
    drawn.anchored.push(a.id);
  }
  for (const w of data.waiting) {
    const range = anchor(index.text, selectorsOf(w));
    if (!range) continue;
    wrapOffsets(
      root,
      range.start,
      range.end,
      markMaker(doc, w.color, (m) => {
        m.dataset.folioPending = w.id;
        m.style.outline = '1px dashed currentColor';
      }),
      index,
    );
  }
  return drawn;
}

/** The selection as a highlight to save: its quote and selectors in the page's text, or null. */
export function describeSelection(
  root: HTMLElement,
  range: Range,
): { content: string; selector: AnnotationSelector } | null {
  const index = indexText(root);
  const offsets = rangeOffsets(root, range, index);
  if (!offsets) return null;
  const content = index.text.slice(offsets.start, offsets.end);
  if (!content.trim()) return null;
  return { content, selector: describe(index.text, offsets.start, offsets.end) };
}
