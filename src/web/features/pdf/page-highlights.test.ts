// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { describeSelection, highlightsOnPage, paintHighlights } from './page-highlights.ts';

/** A text layer as pdf.js lays it out: one absolutely placed span per text run. */
function textLayer(runs: string[]): HTMLElement {
  const div = document.createElement('div');
  for (const run of runs) {
    const span = document.createElement('span');
    span.textContent = run;
    div.append(span);
  }
  document.body.append(div);
  return div;
}

function ann(id: number, page: number, exact: string, start?: number): AnnotationReply {
  return {
    id,
    link_id: 1,
    anchored: true,
    shape: 9,
    content: exact,
    ann_md5: '',
    extra: { color: 'yellow' },
    selector: [
      { type: 'PageSelector', page },
      { type: 'TextQuoteSelector', exact },
      ...(start === undefined
        ? []
        : [{ type: 'TextPositionSelector' as const, start, end: start + exact.length }]),
    ],
    stickyNotes: [],
    created_at: 0,
  };
}

describe('PDF page highlights', () => {
  it('describes a selection across text runs with its page, quote and offsets, trimmed', () => {
    const layer = textLayer(['The quick brown ', 'fox jumps over', ' the lazy dog']);
    const range = document.createRange();
    range.setStart(layer.childNodes[0]!.firstChild!, 9);
    range.setEnd(layer.childNodes[1]!.firstChild!, 9);
    const described = describeSelection(layer, 3, range)!;
    expect(described.content).toBe('brown fox jumps');
    expect(described.selector[0]).toEqual({ type: 'PageSelector', page: 3 });
    expect(described.selector).toContainEqual({ type: 'TextPositionSelector', start: 10, end: 25 });
  });

  it('keeps only shape 9 highlights of the page', () => {
    const list = [ann(1, 1, 'a'), ann(2, 2, 'b'), { ...ann(3, 1, 'c'), shape: 0 as const }];
    expect(highlightsOnPage(list, 1).map((a) => a.id)).toEqual([1]);
  });

  it('paints highlights as marks across runs, repaints without doubling, and reports orphans', () => {
    const layer = textLayer(['The quick brown ', 'fox jumps over', ' the lazy dog']);
    const list = [ann(1, 1, 'brown fox', 10), ann(2, 1, 'lazy'), ann(3, 1, 'not on this page')];
    expect(paintHighlights(layer, list, (c) => `hl-${c}`)).toEqual([3]);
    const marks = () => [...layer.querySelectorAll('mark')].map((m) => [m.dataset.annId, m.textContent]);
    expect(marks()).toEqual([
      ['1', 'brown '],
      ['1', 'fox'],
      ['2', 'lazy'],
    ]);
    paintHighlights(layer, list.slice(0, 1), (c) => `hl-${c}`);
    expect(marks()).toEqual([
      ['1', 'brown '],
      ['1', 'fox'],
    ]);
    expect(layer.textContent).toBe('The quick brown fox jumps over the lazy dog');
  });
});
