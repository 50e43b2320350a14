import { describe, expect, it } from 'vitest';
import { type PageEntry, pageCountFor, pageEntries } from './pagination.ts';

/** Compact form for readable expectations: numbers for pages, '…' for gaps. */
function shown(entries: PageEntry[]): (number | '…')[] {
  return entries.map((e) => (e.kind === 'page' ? e.page : '…'));
}

describe('pageEntries', () => {
  it('lists every page when there are five or fewer', () => {
    expect(shown(pageEntries(1, 1))).toEqual([1]);
    expect(shown(pageEntries(3, 5))).toEqual([1, 2, 3, 4, 5]);
  });

  it('has nothing for no pages', () => {
    expect(pageEntries(1, 0)).toEqual([]);
  });

  it('adds the last page and a gap near the start', () => {
    expect(shown(pageEntries(1, 20))).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(shown(pageEntries(3, 20))).toEqual([1, 2, 3, 4, 5, '…', 20]);
  });

  it('centres five numbers with first, last and both gaps in the middle', () => {
    expect(shown(pageEntries(10, 20))).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
  });

  it('adds the first page and a gap near the end', () => {
    expect(shown(pageEntries(20, 20))).toEqual([1, '…', 16, 17, 18, 19, 20]);
    expect(shown(pageEntries(18, 20))).toEqual([1, '…', 16, 17, 18, 19, 20]);
  });

  it('leaves out a gap when the window touches the first or last page', () => {
    expect(shown(pageEntries(4, 7))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(shown(pageEntries(4, 8))).toEqual([1, 2, 3, 4, 5, 6, '…', 8]);
  });

  it('clamps a current page outside the range', () => {
    expect(shown(pageEntries(0, 8))).toEqual([1, 2, 3, 4, 5, '…', 8]);
    expect(shown(pageEntries(99, 8))).toEqual([1, '…', 4, 5, 6, 7, 8]);
  });

  it('never shows more than five numbers besides the first and last', () => {
    for (let pages = 1; pages <= 30; pages++) {
      for (let current = 1; current <= pages; current++) {
        const numbers = pageEntries(current, pages).filter((e) => e.kind === 'page');
        const middle = numbers.filter((e) => e.kind === 'page' && e.page !== 1 && e.page !== pages);
        expect(middle.length).toBeLessThanOrEqual(5);
        expect(numbers.some((e) => e.kind === 'page' && e.page === current)).toBe(true);
      }
    }
  });
});

describe('pageCountFor', () => {
  it('rounds up and keeps at least one page', () => {
    expect(pageCountFor(0, 24)).toBe(1);
    expect(pageCountFor(24, 24)).toBe(1);
    expect(pageCountFor(25, 24)).toBe(2);
  });
});
