import { describe, expect, it } from 'vitest';
import { SWIPE_MIN, swipeOf } from './swipe.ts';

describe('swipeOf', () => {
  it('reads a long sideways movement as a swipe left or right', () => {
    expect(swipeOf(-SWIPE_MIN, 10)).toBe('left');
    expect(swipeOf(120, -30)).toBe('right');
  });

  it('reads a scroll, a short or a slanted movement as no swipe', () => {
    expect(swipeOf(SWIPE_MIN - 1, 0)).toBeNull();
    expect(swipeOf(100, 60)).toBeNull();
    expect(swipeOf(0, -200)).toBeNull();
  });

  it('reads a long pull down as down (pull to refresh)', () => {
    expect(swipeOf(10, 120)).toBe('down');
    expect(swipeOf(90, 120)).toBeNull();
  });
});
