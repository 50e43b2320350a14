import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { describe as describeText } from '../../../shared/anchoring/anchor.ts';
import { indexText } from '../../../shared/anchoring/text-position.ts';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { clearHighlights, drawHighlights, highlightIdAt } from './draw.ts';

const HTML = '<p>Alpha beta <b>gamma</b> delta.</p><p>Epsilon zeta eta theta.</p>';
const look = { className: (a: AnnotationReply) => `hl ${a.extra.color}`, noteClassName: 'with-note' };

function setup() {
  const { document } = parseHTML(`<html><body><article>${HTML}</article></body></html>`);
  const article = document.querySelector('article') as unknown as HTMLElement;
  return { article, text: indexText(article).text };
}

const highlight = (id: number, text: string, quote: string, extra: Partial<AnnotationReply> = {}) => {
  const start = text.indexOf(quote);
  return {
    id,
    link_id: 1,
    shape: 0,
    content: quote,
    ann_md5: `md5-${id}`,
    extra: { color: 'yellow' },
    selector: describeText(text, start, start + quote.length),
    stickyNotes: [],
    created_at: 0,
    ...extra,
  } as AnnotationReply;
};

describe('drawHighlights', () => {
  it('draws each highlight, lists the ones it cannot find, and clears back to the original', () => {
    const { article, text } = setup();
    const lost = highlight(3, 'The rewritten paragraph that is gone.', 'rewritten paragraph that is');
    const noted = highlight(2, text, 'zeta eta', {
      extra: { color: 'pink' },
      stickyNotes: [{ id: 9, content: 'remember', link_id: 1, ann_id: 2, sMode: 2 }],
    });
    const float = { ...highlight(4, text, 'Alpha'), shape: 2, selector: null } as AnnotationReply;
    const result = drawHighlights(article, [highlight(1, text, 'beta gamma'), noted, lost, float], look);

    expect(result.orphans.map((a) => a.id)).toEqual([3]);
    expect(
      result.marks
        .get(1)!
        .map((m) => m.textContent)
        .join(''),
    ).toBe('beta gamma');
    expect(result.marks.get(1)![0]!.className).toBe('hl yellow');
    expect(result.marks.get(1)![0]!.getAttribute('role')).toBe('button');
    const pink = result.marks.get(2)!;
    expect(pink[0]!.className).toBe('hl pink with-note');
    expect(pink[0]!.getAttribute('aria-label')).toBe('Highlight: zeta eta (sticky note: remember)');
    expect(result.marks.has(4)).toBe(false);
    expect(article.textContent).toBe(text);
    expect(highlightIdAt(result.marks.get(1)![1]!.firstChild)).toBe(null);
    expect(highlightIdAt(result.marks.get(1)![1]!)).toBe(1);

    clearHighlights(article);
    expect(article.innerHTML).toBe(HTML);
  });

  it("names each highlight's author on its own marks where two people's highlights overlap", () => {
    const { article, text } = setup();
    const authors: Record<number, string> = { 1: 'ann', 2: 'bo' };
    const byAuthor = { ...look, author: (a: AnnotationReply) => authors[a.id] };
    const result = drawHighlights(
      article,
      [highlight(1, text, 'beta gamma delta'), highlight(2, text, 'gamma delta.Epsilon')],
      byAuthor,
    );
    const ann = result.marks.get(1)!;
    const bo = result.marks.get(2)!;
    // a mark per author: none shared, each named on hover, the first in its accessible name
    expect(ann.some((m) => bo.includes(m))).toBe(false);
    expect(ann.map((m) => m.title)).toEqual(ann.map(() => 'Highlight by ann'));
    expect(bo.map((m) => m.title)).toEqual(bo.map(() => 'Highlight by bo'));
    expect(ann[0]!.getAttribute('aria-label')).toBe('Highlight by ann: beta gamma delta');
    expect(bo[0]!.getAttribute('aria-label')).toBe('Highlight by bo: gamma delta.Epsilon');
    expect(bo.map((m) => m.textContent).join('')).toBe('gamma delta.Epsilon');
    // the shared words sit in a mark of each
    const gamma = bo.find((m) => m.textContent === 'gamma')!;
    expect(gamma.parentElement!.closest('mark')?.getAttribute('data-ann-id')).toBe('1');
  });

  it('redraws the same highlights the same way', () => {
    const { article, text } = setup();
    const list = [highlight(1, text, 'gamma delta'), highlight(2, text, 'delta.Epsilon')];
    drawHighlights(article, list, look);
    const first = article.innerHTML;
    drawHighlights(article, list, look);
    expect(article.innerHTML).toBe(first);
    expect(article.querySelectorAll('mark').length).toBeGreaterThan(2);
  });
});
