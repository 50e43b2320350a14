import { describe, expect, it } from 'vitest';
import { itemDate, RELATIVE_WINDOW_MS, relativeTime } from './dates.ts';

describe('item dates', () => {
  it.each([
    [5_000, 'just now'],
    [45_000, '45 seconds ago'],
    [60_000, '1 minute ago'],
    [59 * 60_000, '59 minutes ago'],
    [3_600_000, '1 hour ago'],
    [23 * 3_600_000, '23 hours ago'],
    [86_400_000, '1 day ago'],
    [40 * 86_400_000, '1 month ago'],
    [400 * 86_400_000, '1 year ago'],
  ])('%d ms is %s', (age, text) => {
    expect(relativeTime(age)).toBe(text);
  });

  it('is relative only under 2 days', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    expect(itemDate((now - RELATIVE_WINDOW_MS + 1000) / 1000, now)).toBe('1 day ago');
    expect(itemDate((now - RELATIVE_WINDOW_MS) / 1000, now)).toBe('Nov 19, 2026');
  });
});
