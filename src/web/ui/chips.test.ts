import { describe, expect, it } from 'vitest';
import { addChip, chipInputWidth, removeLastChip } from './chips.ts';

describe('addChip', () => {
  it('adds trimmed text as a new chip', () => {
    expect(addChip(['a@b.co'], '  c@d.co ')).toEqual(['a@b.co', 'c@d.co']);
  });

  it('ignores empty and blank text', () => {
    expect(addChip(['x'], '')).toEqual(['x']);
    expect(addChip(['x'], '   ')).toEqual(['x']);
  });

  it('ignores duplicates, whatever their case', () => {
    expect(addChip(['reading'], 'reading')).toEqual(['reading']);
    expect(addChip(['reading'], ' Reading ')).toEqual(['reading']);
  });

  it('does not change the list it was given', () => {
    const chips = ['a'];
    addChip(chips, 'b');
    expect(chips).toEqual(['a']);
  });
});

describe('removeLastChip', () => {
  it('removes the last chip, and nothing from an empty list', () => {
    expect(removeLastChip(['a', 'b'])).toEqual(['a']);
    expect(removeLastChip([])).toEqual([]);
  });
});

describe('chipInputWidth', () => {
  it('starts at 30 px and grows 11 px per character', () => {
    expect(chipInputWidth('')).toBe(30);
    expect(chipInputWidth('abc')).toBe(63);
  });
});
