import { anchor, describe } from '../../../shared/anchoring/anchor.ts';
import { indexText, rangeOffsets, unwrap, wrapOffsets } from '../../../shared/anchoring/text-position.ts';
import type {
  AnnotationReply,
  AnnotationSelector,
  HighlightColor,
} from '../../../shared/schemas/annotations.ts';
import { SHAPE } from '../../../shared/schemas/values.ts';

/**
 * PDF highlights (shape 9) live in one page's text layer: a PageSelector names the page, the quote
 * and position selectors are within that page's text (the text layer's text, as pdf.js lays it out).
 */
export const MARK_ATTR = 'data-ann-id';

export function pageOf(selector: AnnotationSelector | null | undefined): number | null {
  const part = selector?.find((s) => s.type === 'PageSelector');
  return part && part.type === 'PageSelector' ? part.page : null;
}

export function highlightsOnPage(annotations: readonly AnnotationReply[], page: number): AnnotationReply[] {
  return annotations.filter((a) => a.shape === SHAPE.pdfHighlight && pageOf(a.selector) === page);
}

/** What a new highlight of the selected text sends: its page, quote, context and offsets. */
export function describeSelection(
  textLayer: HTMLElement,
  page: number,
  range: Range,
): { content: string; selector: AnnotationSelector } | null {
  const index = indexText(textLayer);
  const offsets = rangeOffsets(textLayer, range, index);
  if (!offsets) return null;
  // trim the white space a drag picks up at either end
  let { start, end } = offsets;
  while (start < end && /\s/.test(index.text[start]!)) start++;
  while (end > start && /\s/.test(index.text[end - 1]!)) end--;
  if (end <= start) return null;
  return {
    content: index.text.slice(start, end),
    selector: [{ type: 'PageSelector', page }, ...describe(index.text, start, end)],
  };
}

/**
 * Draws a page's highlights into its text layer (taking old marks out first) and returns the ids
 * that could not be found in the page's text (orphans).
 */
export function paintHighlights(
  textLayer: HTMLElement,
  annotations: readonly AnnotationReply[],
  markClass: (color: HighlightColor) => string,
): number[] {
  unwrap(textLayer.querySelectorAll(`mark[${MARK_ATTR}]`));
  const orphans: number[] = [];
  const placed: { ann: AnnotationReply; start: number; end: number }[] = [];
  const { text } = indexText(textLayer);
  for (const ann of annotations) {
    const found = anchor(text, ann.selector);
    if (found) placed.push({ ann, ...found });
    else orphans.push(ann.id);
  }
  // wrap from the end so earlier offsets stay valid while text nodes split
  placed.sort((a, b) => b.start - a.start);
  for (const { ann, start, end } of placed) {
    wrapOffsets(textLayer, start, end, () => {
      const mark = textLayer.ownerDocument.createElement('mark');
      mark.className = markClass(ann.extra.color);
      mark.setAttribute(MARK_ATTR, String(ann.id));
      mark.dataset.color = ann.extra.color;
      return mark;
    });
  }
  return orphans;
}
