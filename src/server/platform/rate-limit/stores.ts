import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';

type Incr = FastifyRateLimitStore['incr'];
export type Hits = { current: number; ttl: number };

/**
 * Stores for @fastify/rate-limit: a fixed window per key, the window's length given by each call.
 * Keys carry their limit's name (see rate-limit.ts), so one store serves every route and `child`
 * hands out the same one. Time comes from the app's clock, so tests can move it.
 */
abstract class WindowStore implements FastifyRateLimitStore {
  abstract hit(key: string, windowMs: number): Promise<Hits>;

  incr(key: string, callback: Parameters<Incr>[1], timeWindow: number): void {
    this.hit(key, timeWindow).then(
      (hits) => callback(null, hits),
      (err: Error) => callback(err),
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/** For PGlite: one process serves the app, so counting in its memory is complete. */
export class MemoryRateStore extends WindowStore {
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly maxKeys = 50_000,
  ) {
    super();
  }

  async hit(key: string, windowMs: number): Promise<Hits> {
    const now = this.clock.now().getTime();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (!w && this.windows.size >= this.maxKeys) this.prune(now);
      w = { hits: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.hits += 1;
    return { current: w.hits, ttl: w.resetAt - now };
  }

  /** Drops ended windows; if every window is live, the oldest go (a flood of new keys cannot grow memory). */
  private prune(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/** Ended windows are deleted every this many hits of an instance, so the table stays small. */
const PRUNE_EVERY = 1_000;

/** For PostgreSQL: every instance counts in one table, each hit one atomic upsert. */
export class DbRateStore extends WindowStore {
  private hitsSincePrune = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    super();
  }

  async hit(key: string, windowMs: number): Promise<Hits> {
    const now = this.clock.now();
    const resetAt = new Date(now.getTime() + windowMs);
    const ended = sql`${rateLimitHits.resetAt} <= ${now}`;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ key, hits: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimitHits.hits} + 1 END`,
          resetAt: sql`CASE WHEN ${ended} THEN ${resetAt}::timestamptz ELSE ${rateLimitHits.resetAt} END`,
        },
      })
      .returning({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt });
    this.hitsSincePrune += 1;
    if (this.hitsSincePrune >= PRUNE_EVERY) {
      this.hitsSincePrune = 0;
      await this.db.delete(rateLimitHits).where(lte(rateLimitHits.resetAt, now));
    }
    return { current: row!.hits, ttl: row!.resetAt.getTime() - now.getTime() };
  }
}
