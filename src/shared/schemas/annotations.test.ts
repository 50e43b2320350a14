import { describe, expect, it } from 'vitest';
import { addAnnotationSchema } from './annotations.ts';

describe('add_annotation selector', () => {
  it('takes Hypothesis selectors as stored, keeping the quote and position and dropping the RangeSelector', () => {
    const hypothesis = [
      {
        type: 'RangeSelector',
        startContainer: '/main[1]/p[3]',
        startOffset: 4,
        endContainer: '/main[1]/p[3]',
        endOffset: 40,
      },
      { type: 'TextPositionSelector', start: 1204, end: 1240 },
      {
        type: 'TextQuoteSelector',
        exact: 'the roots drink before the sun',
        prefix: 'in the evening so ',
        suffix: ' returns.',
      },
    ];
    const parsed = addAnnotationSchema.parse({
      link_id: 7,
      shape: 0,
      content: 'the roots drink before the sun',
      selector: JSON.stringify(hypothesis),
    });
    expect(parsed.selector).toEqual([hypothesis[1], hypothesis[2]]);
  });

  it('still refuses a selector it cannot read', () => {
    const bad = addAnnotationSchema.safeParse({
      link_id: 7,
      shape: 0,
      content: 'x',
      selector: [{ type: 'RangeSelector', startOffset: -1 }],
    });
    expect(bad.success).toBe(false);
  });
});
