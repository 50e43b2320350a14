/**
 * Calendar days in the user's own time zone: the review's "today", the digest's hour and period.
 * Days are 'YYYY-MM-DD' strings; instants are Dates.
 */

interface LocalTime {
  day: string;
  hour: number;
  /** 0 Sunday .. 6 Saturday */
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function parts(at: Date, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatFor(timeZone).formatToParts(at)) out[p.type] = p.value;
  return out;
}

export function localTime(at: Date, timeZone: string): LocalTime {
  const p = parts(at, timeZone);
  return {
    day: `${p.year}-${p.month}-${p.day}`,
    hour: Number(p.hour),
    weekday: WEEKDAYS.indexOf(p.weekday ?? ''),
  };
}

export function dayOf(at: Date, timeZone: string): string {
  return localTime(at, timeZone).day;
}

/** How far the zone's clock is ahead of UTC at that instant, in ms. */
function offsetAt(at: Date, timeZone: string): number {
  const p = parts(at, timeZone);
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the day starts in the zone (its local midnight; checked twice for a DST change). */
export function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  let guess = midnightUtc - offsetAt(new Date(midnightUtc), timeZone);
  guess = midnightUtc - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Consecutive days with an answer, ending today, or yesterday when today has none yet. */
export function streakOf(daysDescending: string[], today: string): number {
  const answered = new Set(daysDescending);
  let day = answered.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (answered.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}
