import { STATS_RETENTION_DAYS } from '../../../shared/limits.ts';
import { counted, type StatsInput } from '../../../shared/schemas/stats.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import * as repo from './repo.ts';

const DAY_MS = 24 * 60 * 60_000;

/** The UTC day of a moment, YYYY-MM-DD. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export interface DailyCount {
  day: string;
  flag: string;
  count: number;
}

/**
 * Usage flags (POST /stats): only a count per day and flag is kept, never who sent it, from where or
 * about what; days older than STATS_RETENTION_DAYS are pruned (at most once a day per instance, and
 * by the operator's `stats` command).
 */
export class StatsService {
  private prunedOn: string | undefined;

  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async record(input: StatsInput): Promise<void> {
    const now = this.deps.clock.now();
    const flags = Object.entries(input.flags)
      .filter(([, value]) => counted(value))
      .map(([flag]) => flag)
      .sort();
    await repo.addCounts(this.deps.db, dayOf(now), flags);
    if (this.prunedOn !== dayOf(now)) await this.prune();
  }

  /** Drops the counts of days more than a year before today; answers how many rows went. */
  async prune(): Promise<number> {
    const now = this.deps.clock.now();
    this.prunedOn = dayOf(now);
    return repo.deleteBefore(this.deps.db, dayOf(new Date(now.getTime() - STATS_RETENTION_DAYS * DAY_MS)));
  }

  /** The counts of the last `days` days (today included), oldest first. */
  async counts(days: number): Promise<DailyCount[]> {
    const now = this.deps.clock.now();
    return repo.countsSince(this.deps.db, dayOf(new Date(now.getTime() - (days - 1) * DAY_MS)));
  }
}

/** The operator's table: one line per day and flag, then each flag's total. */
export function formatCounts(rows: DailyCount[], days: number): string {
  if (rows.length === 0) return `No feature counts in the last ${days} day(s).`;
  const width = Math.max(4, ...rows.map((r) => r.flag.length));
  const lines = [`${'day'.padEnd(10)}  ${'flag'.padEnd(width)}  count`];
  for (const r of rows) lines.push(`${r.day}  ${r.flag.padEnd(width)}  ${r.count}`);
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.flag, (totals.get(r.flag) ?? 0) + r.count);
  lines.push('', `Totals over ${days} day(s):`);
  for (const [flag, total] of [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    lines.push(`  ${flag.padEnd(width)}  ${total}`);
  }
  return lines.join('\n');
}
