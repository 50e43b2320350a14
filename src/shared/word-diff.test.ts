import { describe, expect, it } from 'vitest';
import { changedRatio, wordDiff } from './word-diff.ts';

describe('word diff', () => {
  it('marks the words each text lacks and keeps the rest in order', () => {
    const diff = wordDiff('the quick brown fox jumps', 'the slow brown fox leaps high');
    expect(diff.old).toEqual([
      { text: 'the', mark: false },
      { text: ' quick', mark: true },
      { text: ' brown fox', mark: false },
      { text: ' jumps', mark: true },
    ]);
    expect(diff.new).toEqual([
      { text: 'the', mark: false },
      { text: ' slow', mark: true },
      { text: ' brown fox', mark: false },
      { text: ' leaps high', mark: true },
    ]);
    expect(diff.ratio).toBeCloseTo(5 / 11);
  });

  it('answers 0 for the same words and 1 for nothing in common', () => {
    expect(changedRatio('a  b\nc', 'a b c')).toBe(0);
    expect(changedRatio('a b', 'c d')).toBe(1);
    expect(changedRatio('', '')).toBe(0);
    expect(wordDiff('', 'new words').new).toEqual([{ text: 'new words', mark: true }]);
  });

  it('stops early past the bound it was asked about, answering a ratio above it', () => {
    const a = Array.from({ length: 5000 }, (_, i) => `w${i}`).join(' ');
    const b = Array.from({ length: 5000 }, (_, i) => `v${i}`).join(' ');
    const ratio = changedRatio(a, b, 0.2);
    expect(ratio).toBeGreaterThan(0.2);
    expect(ratio).toBeLessThan(0.21);
  });

  it('past maxEdits calls the texts wholly different', () => {
    const diff = wordDiff('a b c d', 'e f g h', 2);
    expect(diff).toEqual({
      old: [{ text: 'a b c d', mark: true }],
      new: [{ text: 'e f g h', mark: true }],
      ratio: 1,
    });
  });
});
