import { statsCalls } from '../../shared/api/stats.ts';
import { STATS_FLAG_NAME_MAX, STATS_FLAGS_MAX, STATS_SEND_INTERVAL_MS } from '../../shared/limits.ts';
import { call } from './client.ts';

/*
 * Used-feature flags (POST /stats, spec part 1 §7): the tab notes which features it used and sends
 * them at most once a minute; the server keeps only daily counts per flag.
 */

type Flags = Record<string, 1>;

export interface FeatureSenderOptions {
  send: (flags: Flags, opts: { keepalive: boolean }) => Promise<unknown>;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  intervalMs?: number;
  /** how long the first flags wait for others used with them */
  batchMs?: number;
}

export interface FeatureSender {
  /** notes a used feature; sent with the next batch */
  use(flag: string): void;
  /** the tab is going away: sends what is pending if the minute allows it (keepalive) */
  leave(): void;
  /** flags waiting to be sent */
  pending(): string[];
}

/** Collects flags and sends them in batches, never two sends within `intervalMs`. */
export function createFeatureSender(options: FeatureSenderOptions): FeatureSender {
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const interval = options.intervalMs ?? STATS_SEND_INTERVAL_MS;
  const batch = options.batchMs ?? 2_000;
  let waiting = new Set<string>();
  let lastSent = Number.NEGATIVE_INFINITY;
  let timer: unknown;

  function flush(keepalive: boolean) {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
    if (waiting.size === 0) return;
    const flags: Flags = {};
    for (const flag of waiting) flags[flag] = 1;
    waiting = new Set();
    lastSent = now();
    // usage counts are best effort: a failed send is not retried
    options.send(flags, { keepalive }).catch(() => {});
  }

  return {
    use(flag) {
      if (!flag || flag.length > STATS_FLAG_NAME_MAX) return;
      if (waiting.size >= STATS_FLAGS_MAX && !waiting.has(flag)) return;
      waiting.add(flag);
      if (timer !== undefined) return;
      timer = setTimer(() => flush(false), Math.max(batch, lastSent + interval - now()));
    },
    leave() {
      if (now() - lastSent >= interval) flush(true);
    },
    pending: () => [...waiting],
  };
}

let tabSender: FeatureSender | undefined;

/** Notes that this tab used a feature (e.g. `action.delete`); sent at most once a minute. */
export function noteFeature(flag: string): void {
  if (!tabSender) {
    const sender = createFeatureSender({
      send: (flags, { keepalive }) => call(statsCalls.record, { body: { flags } }, { keepalive }),
    });
    if (typeof window !== 'undefined') window.addEventListener('pagehide', () => sender.leave());
    tabSender = sender;
  }
  tabSender.use(flag);
}
