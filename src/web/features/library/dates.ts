/** Relative dates only for items under 2 days old (spec part 1 §9); older ones show the date. */
export const RELATIVE_WINDOW_MS = 172_800_000;

const UNITS: [limitMs: number, unitMs: number, unit: string][] = [
  [60_000, 1000, 'second'],
  [3_600_000, 60_000, 'minute'],
  [86_400_000, 3_600_000, 'hour'],
  [30 * 86_400_000, 86_400_000, 'day'],
  [365 * 86_400_000, 30 * 86_400_000, 'month'],
];

/** Thresholds 60 s, 60 min, 24 h, 30 days, 12 months. */
export function relativeTime(ageMs: number): string {
  const age = Math.max(0, ageMs);
  for (const [limit, unitMs, unit] of UNITS) {
    if (age < limit) {
      const n = Math.floor(age / unitMs);
      if (unit === 'second' && n < 10) return 'just now';
      return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
    }
  }
  const years = Math.floor(age / (365 * 86_400_000));
  return `${years} year${years === 1 ? '' : 's'} ago`;
}

/** One formatter for every row: `toLocaleDateString` with options builds a new one on each call. */
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** `seconds` is the spec's timestamp in seconds. */
export function itemDate(seconds: number, now: number = Date.now()): string {
  const ms = seconds * 1000;
  if (now - ms < RELATIVE_WINDOW_MS) return relativeTime(now - ms);
  return DATE_FORMAT.format(ms);
}
