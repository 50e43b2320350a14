import { describe, expect, it } from 'vitest';
import { type AnnotationReply, SHAPE } from '../../../shared/schemas/annotations.ts';
import { inReadingOrder } from './notes-order.ts';

const ann = (id: number, shape: number) => ({ id, shape }) as AnnotationReply;

describe('notes panel order', () => {
  it('lists highlights and float notes by their place in the page, those not found last', () => {
    const places = new Map([
      [1, 300],
      [2, 100],
      [4, 200],
    ]);
    const list = inReadingOrder(
      [
        ann(1, SHAPE.text),
        ann(2, SHAPE.floatNote),
        ann(3, SHAPE.text),
        ann(4, SHAPE.extension),
        ann(5, SHAPE.pdfHighlight),
      ],
      (a) => places.get(a.id) ?? null,
    );
    expect(list.map((e) => [e.annotation.id, e.found])).toEqual([
      [2, true],
      [4, true],
      [1, true],
      [3, false],
    ]);
  });
});
