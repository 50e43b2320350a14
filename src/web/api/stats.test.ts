import { describe, expect, it } from 'vitest';
import { STATS_FLAG_NAME_MAX, STATS_FLAGS_MAX, STATS_SEND_INTERVAL_MS } from '../../shared/limits.ts';
import { createFeatureSender } from './stats.ts';

/** A sender on a hand-moved clock: timers run when the test moves time past them. */
function harness() {
  let time = 1_000_000;
  let timers: { at: number; run: () => void }[] = [];
  const sent: { flags: Record<string, 1>; keepalive: boolean; at: number }[] = [];
  const sender = createFeatureSender({
    send: async (flags, { keepalive }) => {
      sent.push({ flags, keepalive, at: time });
    },
    now: () => time,
    setTimer: (run, ms) => {
      const timer = { at: time + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      timers = timers.filter((t) => t !== timer);
    },
  });
  return {
    sender,
    sent,
    timersWaiting: () => timers.length,
    advance(ms: number) {
      time += ms;
      for (const timer of timers.filter((t) => t.at <= time)) {
        timers = timers.filter((t) => t !== timer);
        timer.run();
      }
    },
  };
}

describe('the used-feature sender', () => {
  it('sends the first flags in one batch, then at most once a minute', () => {
    const h = harness();
    h.sender.use('search');
    h.sender.use('reader');
    h.sender.use('search');
    expect(h.sent).toEqual([]);
    h.advance(2_000);
    expect(h.sent.map((s) => s.flags)).toEqual([{ search: 1, reader: 1 }]);

    h.advance(5_000);
    h.sender.use('export');
    h.advance(30_000);
    h.sender.use('palette');
    expect(h.sent).toHaveLength(1);
    h.advance(STATS_SEND_INTERVAL_MS - 35_001);
    expect(h.sent).toHaveLength(1);
    h.advance(1);
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]!.flags).toEqual({ export: 1, palette: 1 });
    expect(h.sent[1]!.at - h.sent[0]!.at).toBe(STATS_SEND_INTERVAL_MS);
    expect(h.timersWaiting()).toBe(0);
  });

  it('sends nothing while nothing is used', () => {
    const h = harness();
    h.advance(10 * STATS_SEND_INTERVAL_MS);
    h.sender.leave();
    expect(h.sent).toEqual([]);
  });

  it('on leaving, sends what is pending only if the minute has passed (keepalive)', () => {
    const h = harness();
    h.sender.use('search');
    h.advance(2_000);
    h.sender.use('reader');
    h.sender.leave();
    expect(h.sent).toHaveLength(1);
    h.advance(STATS_SEND_INTERVAL_MS - 10_000);
    h.sender.leave();
    expect(h.sent).toHaveLength(1);
    // the minute's timer sends reader; a flag used long after waits for its batch, unless the tab goes
    h.advance(10_000);
    expect(h.sent.map((s) => [s.flags, s.keepalive])).toEqual([
      [{ search: 1 }, false],
      [{ reader: 1 }, false],
    ]);
    h.advance(5 * STATS_SEND_INTERVAL_MS);
    h.sender.use('tags');
    h.sender.leave();
    expect(h.sent[2]).toMatchObject({ flags: { tags: 1 }, keepalive: true });
    expect(h.timersWaiting()).toBe(0);
  });

  it('keeps to the server limits: 50 flags, names of 64 characters', () => {
    const h = harness();
    h.sender.use('x'.repeat(STATS_FLAG_NAME_MAX + 1));
    h.sender.use('');
    for (let i = 0; i < STATS_FLAGS_MAX + 10; i += 1) h.sender.use(`f${i}`);
    h.advance(2_000);
    expect(Object.keys(h.sent[0]!.flags)).toHaveLength(STATS_FLAGS_MAX);
  });
});
