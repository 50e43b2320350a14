import { describe, expect, it } from 'vitest';
import { cloudTags, TAG_LEVELS, tagLevel } from './tag-levels.ts';

describe('tagLevel', () => {
  it('puts the smallest count at the bottom and the largest at the top', () => {
    expect(tagLevel(1, 1, 100)).toBe('notPopular');
    expect(tagLevel(100, 1, 100)).toBe('ultraPopular');
  });

  it('spreads counts on a log scale, not a linear one', () => {
    // linearly 50 would sit in the middle (level 2.5); on the log scale it is level 4.25
    expect(tagLevel(50, 1, 100)).toBe('veryPopular');
    // and 10, a tenth of the way linearly, is half way on the log scale
    expect(tagLevel(12, 1, 100)).toBe('popular');
    expect(tagLevel(2, 1, 100)).toBe('notVeryPopular');
    expect(tagLevel(5, 1, 100)).toBe('someWhatPopular');
    expect(tagLevel(80, 1, 100)).toBe('ultraPopular');
  });

  it('reaches every one of the six levels', () => {
    const seen = new Set([1, 2, 5, 12, 50, 100].map((c) => tagLevel(c, 1, 100)));
    expect([...seen]).toEqual([...TAG_LEVELS]);
  });

  it('gives every tag the bottom level when all counts are equal', () => {
    expect(tagLevel(7, 7, 7)).toBe('notPopular');
  });

  it('clamps counts outside the range and treats counts under 1 as 1', () => {
    expect(tagLevel(500, 1, 100)).toBe('ultraPopular');
    expect(tagLevel(0, 1, 100)).toBe('notPopular');
    expect(tagLevel(0, 0, 0)).toBe('notPopular');
  });
});

describe('cloudTags', () => {
  it('sorts by name without case and attaches levels from the shown range', () => {
    const cloud = cloudTags([
      { name: 'zebra', count: 100 },
      { name: 'Apple', count: 1 },
      { name: 'mango', count: 12 },
    ]);
    expect(cloud.map((t) => t.name)).toEqual(['Apple', 'mango', 'zebra']);
    expect(cloud.map((t) => t.level)).toEqual(['notPopular', 'popular', 'ultraPopular']);
  });

  it('is empty for no tags', () => {
    expect(cloudTags([])).toEqual([]);
  });
});
