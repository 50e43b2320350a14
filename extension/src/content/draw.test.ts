// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { AnnotationReply } from '../../../src/shared/schemas/annotations.ts';
import { describeSelection, drawAnnotations } from './draw.ts';

function annotation(id: number, content: string, selector: unknown, color = 'yellow'): AnnotationReply {
  return {
    id,
    link_id: 1,
    shape: 5,
    content,
    ann_md5: '',
    extra: { color: color as AnnotationReply['extra']['color'] },
    selector: selector as AnnotationReply['selector'],
    stickyNotes: [],
    created_at: 0,
    anchored: true,
  };
}

describe('drawAnnotations', () => {
  it('draws what it finds, with the annotation id, and lists the rest as orphaned', () => {
    document.body.innerHTML =
      '<p>The quick brown fox jumps over the lazy dog.</p><p>Second <em>paragraph</em> here.</p>';
    const range = document.createRange();
    const first = document.querySelector('p')!.firstChild!;
    range.setStart(first, 4);
    range.setEnd(first, 15);
    const made = describeSelection(document.body, range)!;
    expect(made.content).toBe('quick brown');

    const drawn = drawAnnotations(document.body, {
      link_id: 1,
      annotations: [
        annotation(1, made.content, made.selector, 'pink'),
        annotation(2, 'Second paragraph', null),
        annotation(3, 'words that are not on the page at all', null),
      ],
      waiting: [],
    });
    expect(drawn).toEqual({ anchored: [1, 2], orphaned: [3] });
    const marks = [...document.querySelectorAll('[data-folio-annotation-id]')];
    expect(marks.map((m) => [m.getAttribute('data-folio-annotation-id'), m.textContent])).toEqual([
      ['1', 'quick brown'],
      ['2', 'Second '],
      ['2', 'paragraph'],
    ]);
    expect((marks[0] as HTMLElement).dataset.folioColor).toBe('pink');

    // drawn again (a change arrived): the old marks go, none doubled
    drawAnnotations(document.body, {
      link_id: 1,
      annotations: [annotation(2, 'Second paragraph', null)],
      waiting: [],
    });
    expect(document.querySelectorAll('[data-folio-annotation-id]')).toHaveLength(2);
    expect(document.body.textContent).toBe(
      'The quick brown fox jumps over the lazy dog.Second paragraph here.',
    );
  });

  it("never parses a highlight's text as markup", () => {
    document.body.innerHTML = '<p>plain &lt;img src=x onerror=alert(1)&gt; text</p>';
    drawAnnotations(document.body, {
      link_id: 1,
      annotations: [annotation(9, '<img src=x onerror=alert(1)>', null)],
      waiting: [],
    });
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(document.querySelector('[data-folio-annotation-id="9"]')?.textContent).toBe(
      '<img src=x onerror=alert(1)>',
    );
  });
});
