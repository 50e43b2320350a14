import { describe, expect, it } from 'vitest';
import {
  POSITIONS_KEPT,
  type Positions,
  placeOf,
  progressOf,
  remember,
  scrollFor,
} from './reading-position.ts';

const box = { top: 200, height: 2000 };

describe('reading position', () => {
  it('measures progress from the article top entering the screen to its end', () => {
    expect(progressOf(box, 0, 200)).toBe(0);
    expect(progressOf(box, 1000, 200)).toBe(0.5);
    expect(progressOf(box, 5000, 800)).toBe(1);
    expect(progressOf({ top: 0, height: 0 }, 0, 800)).toBe(0);
  });

  it('turns a scroll offset into a place and back', () => {
    const place = placeOf(box, 1100, 100);
    expect(place).toBe(0.5);
    expect(scrollFor(box, place, 100)).toBe(1100);
    expect(scrollFor(box, 0, 500)).toBe(0);
  });

  it('keeps the newest places, forgets the oldest, and forgets a place at the top', () => {
    let positions: Positions = [];
    for (let id = 1; id <= POSITIONS_KEPT + 5; id++) positions = remember(positions, id, 0.5);
    expect(positions).toHaveLength(POSITIONS_KEPT);
    expect(positions.find(([id]) => id === 1)).toBeUndefined();
    expect(positions.at(-1)).toEqual([POSITIONS_KEPT + 5, 0.5]);
    positions = remember(positions, 6, 0.25);
    expect(positions.at(-1)).toEqual([6, 0.25]);
    expect(remember(positions, 6, 0).find(([id]) => id === 6)).toBeUndefined();
  });
});
