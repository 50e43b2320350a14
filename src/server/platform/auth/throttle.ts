import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authThrottle } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';

/**
 * Sign-in throttling after OWASP's authentication guidance, kept in the database so every instance
 * sees the same counts. Each counter lets `free` failures through, then every further failure
 * doubles the wait before the next attempt (from `baseMs` up to `capMs`), so a guesser gets a few
 * tries an hour while nothing is ever locked for good. A counter is forgotten `forgetMs` after its
 * last failure.
 */
export interface ThrottlePolicy {
  free: number;
  baseMs: number;
  capMs: number;
  forgetMs: number;
}

export const THROTTLE_POLICIES = {
  /** one account (its name and e-mail are one key), from browsers it has not seen sign in */
  account: { free: 5, baseMs: 1_000, capMs: 15 * 60_000, forgetMs: 24 * 3_600_000 },
  /** one browser holding a device cookie of the account: the account's attackers do not slow it */
  device: { free: 5, baseMs: 1_000, capMs: 15 * 60_000, forgetMs: 24 * 3_600_000 },
  /** one address, whichever accounts it tries: caps spraying, never blocks the account elsewhere */
  address: { free: 30, baseMs: 1_000, capMs: 15 * 60_000, forgetMs: 3_600_000 },
} as const satisfies Record<string, ThrottlePolicy>;
export type ThrottleKind = keyof typeof THROTTLE_POLICIES;

export interface ThrottleKey {
  kind: ThrottleKind;
  key: string;
}

/** An attempt that may go ahead; settle it once the password is checked. */
export interface Claim {
  keys: ThrottleKey[];
}

export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts the attempt as a failure before the password is checked, in one statement per key that
   * refuses while the key is blocked, so parallel attempts cannot all slip past one check. Returns
   * the claim, or the seconds to wait when any key is blocked (later keys are then not counted).
   */
  async claim(keys: ThrottleKey[]): Promise<Claim | { waitSeconds: number }> {
    const claimed: ThrottleKey[] = [];
    for (const k of keys) {
      if (!(await this.count(k))) return { waitSeconds: await this.waitFor(k.key) };
      claimed.push(k);
    }
    return { keys: claimed };
  }

  /**
   * A correct password: the account's or device's counter starts over; the address only gets
   * this attempt back, so an attacker's own account cannot wash its address clean.
   */
  async succeeded(claim: Claim): Promise<void> {
    for (const { kind, key } of claim.keys) {
      if (kind === 'address') {
        await this.db
          .update(authThrottle)
          .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
          .where(eq(authThrottle.key, key));
      } else {
        await this.db.delete(authThrottle).where(eq(authThrottle.key, key));
      }
    }
  }

  private async count({ kind, key }: ThrottleKey): Promise<boolean> {
    const policy = THROTTLE_POLICIES[kind];
    const now = this.clock.now();
    const forgotten = new Date(now.getTime() - policy.forgetMs);
    const failures = sql`CASE WHEN ${authThrottle.lastFailureAt} <= ${forgotten} THEN 1 ELSE ${authThrottle.failures} + 1 END`;
    const rows = await this.db
      .insert(authThrottle)
      .values({ key, failures: 1, lastFailureAt: now, blockedUntil: blockedAfter(sql`1`, policy, now) })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: { failures, lastFailureAt: now, blockedUntil: blockedAfter(failures, policy, now) },
        // the row lock taken by the upsert makes this check and the increment one step
        setWhere: sql`${authThrottle.blockedUntil} <= ${now}`,
      })
      .returning({ failures: authThrottle.failures });
    return rows.length > 0;
  }

  private async waitFor(key: string): Promise<number> {
    const [row] = await this.db
      .select({ blockedUntil: authThrottle.blockedUntil })
      .from(authThrottle)
      .where(eq(authThrottle.key, key));
    const ms = (row?.blockedUntil.getTime() ?? 0) - this.clock.now().getTime();
    return Math.max(1, Math.ceil(ms / 1000));
  }
}

/** When the next attempt may come after `failures` failures: now, or a doubling delay past `free`. */
function blockedAfter(failures: ReturnType<typeof sql>, p: ThrottlePolicy, now: Date) {
  // the exponent is capped so power() stays finite however long an attack runs
  const delayMs = sql`CASE WHEN ${failures} < ${p.free} THEN 0
    ELSE least(${p.capMs}, ${p.baseMs} * power(2, least(${failures} - ${p.free}, 40))) END`;
  return sql`${now}::timestamptz + (${delayMs}) * interval '1 millisecond'`;
}

/** The delay `blockedAfter` sets, for tests and the decisions doc. */
export function delayAfter(failures: number, p: ThrottlePolicy): number {
  return failures < p.free ? 0 : Math.min(p.capMs, p.baseMs * 2 ** Math.min(failures - p.free, 40));
}
