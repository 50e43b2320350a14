import { describe, expect, it } from 'vitest';
import { isRtlText, visualOrder } from './bidi.ts';

describe('right-to-left lines', () => {
  it('tells right-to-left text by its letters', () => {
    expect(isRtlText('שלום עולם')).toBe(true);
    expect(isRtlText('Hello שלום world')).toBe(false);
  });
  it('reverses right-to-left runs and keeps numbers and Latin words', () => {
    expect(visualOrder('שלום 2026')).toBe('2026 םולש');
    expect(visualOrder('אבג abc דהו')).toBe('והד abc גבא');
  });
});
