import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authThrottle } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';

/**
 * Sign-in throttling, kept in the database so every instance sees the same counts.
 * The tight limit is per account *and* IP: a stranger guessing from one address stops there long
 * before the looser per-account limit, so they cannot lock the owner out. The per-IP limit caps
 * one address spraying many accounts; the per-account limit caps a distributed attack.
 */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const THROTTLE_LIMITS = { accountIp: 5, ip: 30, account: 100 } as const;

export interface ThrottleKeys {
  accountIp: string;
  ip: string;
  account: string;
}

export function throttleKeys(account: string, ip: string): ThrottleKeys {
  const a = account.trim().toLowerCase();
  return { accountIp: `acct-ip:${a}|${ip}`, ip: `ip:${ip}`, account: `acct:${a}` };
}

export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Seconds to wait when any limit is reached, else 0. */
  async blockedFor(keys: ThrottleKeys): Promise<number> {
    const rows = await this.db
      .select()
      .from(authThrottle)
      .where(inArray(authThrottle.key, Object.values(keys)));
    const now = this.clock.now().getTime();
    let wait = 0;
    for (const [kind, key] of Object.entries(keys) as [keyof ThrottleKeys, string][]) {
      const row = rows.find((r) => r.key === key);
      if (!row) continue;
      const windowEnds = row.windowStart.getTime() + THROTTLE_WINDOW_MS;
      if (windowEnds > now && row.failures >= THROTTLE_LIMITS[kind]) {
        wait = Math.max(wait, Math.ceil((windowEnds - now) / 1000));
      }
    }
    return wait;
  }

  async recordFailure(keys: ThrottleKeys): Promise<void> {
    const now = this.clock.now();
    const windowFloor = new Date(now.getTime() - THROTTLE_WINDOW_MS);
    for (const key of Object.values(keys)) {
      await this.db
        .insert(authThrottle)
        .values({ key, windowStart: now, failures: 1 })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: sql`CASE WHEN ${authThrottle.windowStart} <= ${windowFloor} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
            windowStart: sql`CASE WHEN ${authThrottle.windowStart} <= ${windowFloor} THEN ${now} ELSE ${authThrottle.windowStart} END`,
          },
        });
    }
  }

  /** A correct password from this address clears its own counter (not the account's or the IP's). */
  async recordSuccess(keys: ThrottleKeys): Promise<void> {
    await this.db.delete(authThrottle).where(inArray(authThrottle.key, [keys.accountIp]));
  }
}
