/**
 * Event-loop stalls, told apart from a busy machine. monitorEventLoopDelay sees any gap between two
 * turns of the loop, also one where the OS simply did not run the process (a 2-core machine shared
 * with other work); this watcher also reads the main thread's own CPU time (Linux /proc) across
 * each gap, so a stall the process caused itself (CPU ≈ gap) is told from one it only suffered.
 */
import { readFileSync } from 'node:fs';
import { type IntervalHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const TICK_MS = 5;
const CLOCK_TICKS_PER_MS = 0.1; // USER_HZ 100

/** The main thread's user+system CPU in ms (10 ms resolution). */
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_MS;
}

export interface Stall {
  /** ms since the watch started */
  at: number;
  gapMs: number;
  mainCpuMs: number;
}

export interface LoopReport {
  p50: number;
  p99: number;
  max: number;
  /** gaps over the threshold, with the main thread's CPU across each */
  stalls: Stall[];
  /** garbage collections over 20 ms: [kind, ms] */
  gcs: [string, number][];
}

export function watchLoop(thresholdMs = 50) {
  const delay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const start = performance.now();
  const stalls: Stall[] = [];
  let lastWall = start;
  let lastCpu = mainThreadCpuMs();
  const timer = setInterval(() => {
    const wall = performance.now();
    const cpu = mainThreadCpuMs();
    if (wall - lastWall > thresholdMs + TICK_MS)
      stalls.push({
        at: Math.round(lastWall - start),
        gapMs: Math.round(wall - lastWall),
        mainCpuMs: cpu - lastCpu,
      });
    lastWall = wall;
    lastCpu = cpu;
  }, TICK_MS);
  const gcs: [string, number][] = [];
  const kinds: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
      if (e.duration > 20) gcs.push([kinds[kind] ?? String(kind), Math.round(e.duration)]);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop(): LoopReport {
      clearInterval(timer);
      delay.disable();
      observer.disconnect();
      const ms = (ns: number) => Math.round(ns / 1e6);
      return {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        stalls,
        gcs,
      };
    },
  };
}

export function describeLoop(r: LoopReport): string {
  // on a shared machine a hold of the loop shows as a longer gap than the CPU it used
  const ownCpu = r.stalls.reduce((m, s) => Math.max(m, s.mainCpuMs), 0);
  const worst = r.stalls.reduce((m, s) => Math.max(m, s.gapMs), 0);
  return (
    `loop delay p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; ${r.stalls.length} gaps over 50 ms ` +
    `(worst ${worst} ms); most main-thread CPU inside one gap ${ownCpu} ms; ` +
    `GC over 20 ms: ${r.gcs.length} (worst ${r.gcs.reduce((m, g) => Math.max(m, g[1]), 0)} ms)`
  );
}
