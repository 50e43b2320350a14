import { describe, expect, it } from 'vitest';
import { addDays, localTime, startOfDay, streakOf } from './days.ts';

describe('days in the user’s time zone', () => {
  it('finds the local day, hour and weekday', () => {
    const at = new Date('2026-11-28T23:30:00Z');
    expect(localTime(at, 'UTC')).toEqual({ day: '2026-11-28', hour: 23, weekday: 6 });
    expect(localTime(at, 'Asia/Tokyo')).toEqual({ day: '2026-11-29', hour: 8, weekday: 0 });
    expect(localTime(at, 'America/Los_Angeles')).toEqual({ day: '2026-11-28', hour: 15, weekday: 6 });
  });

  it('starts a day at local midnight, across a DST change too', () => {
    expect(startOfDay('2026-11-28', 'Asia/Tokyo').toISOString()).toBe('2026-11-27T15:00:00.000Z');
    // Europe/Berlin moves to summer time on 29 March 2026: that day starts at 23:00 UTC the day before,
    // the next at 22:00 UTC
    expect(startOfDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDay('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('counts a streak ending today, or yesterday before today’s first answer', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(streakOf(['2026-11-28', '2026-11-27', '2026-11-25'], '2026-11-28')).toBe(2);
    expect(streakOf(['2026-11-27', '2026-11-26'], '2026-11-28')).toBe(2);
    expect(streakOf(['2026-11-26'], '2026-11-28')).toBe(0);
  });
});
