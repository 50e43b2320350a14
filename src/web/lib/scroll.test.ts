import { describe, expect, it } from 'vitest';
import { easeInOut, scrollAt } from './scroll.ts';

describe('back-to-top animation', () => {
  it('eases from 0 to 1, symmetric around the middle', () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(0.5)).toBe(0.5);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(0.25) + easeInOut(0.75)).toBeCloseTo(1);
    expect(easeInOut(-1)).toBe(0);
    expect(easeInOut(2)).toBe(1);
  });

  it('reaches the target exactly when the time is up', () => {
    expect(scrollAt(1200, 0, 0, 500)).toBe(1200);
    expect(scrollAt(1200, 0, 250, 500)).toBe(600);
    expect(scrollAt(1200, 0, 500, 500)).toBe(0);
    expect(scrollAt(1200, 0, 900, 500)).toBe(0);
    expect(scrollAt(1200, 0, 10, 0)).toBe(0);
  });
});
