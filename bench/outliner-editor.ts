/**
 * The outliner editor with 5,000 entries, in Chromium against the real app (PGlite, the built web app):
 * the time from the tree call's answer to the first rows on screen, and the script time of a move
 * (Alt+ArrowDown on an entry) as Chrome counts it (CDP Performance.getMetrics ScriptDuration), and
 * the renderer main thread's CPU time for it (ThreadTime), which a busy machine does not stretch.
 *
 *   npm run build:web && npx tsx bench/outliner-editor.ts [port]
 *   (or FOLIO_WEB_OUT=/tmp/web-x npx vite build, then WEB_DIR=/tmp/web-x npx tsx bench/outliner-editor.ts [port])
 *
 * PROFILE=/tmp/move.cpuprofile also records a CPU profile of the moves (CDP Profiler; build with
 * `--minify false` to read it), for Chrome DevTools' Performance panel or `bench/profile-top.ts`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite } from '../src/server/db/client.ts';
import { systemClock } from '../src/server/platform/clock.ts';
import { JobQueue } from '../src/server/platform/jobs.ts';
import { createMailer } from '../src/server/platform/mailer.ts';

const PORT = Number(process.argv[2] ?? 3308);
// TOP=10 gives a 50-entry outline: the floor a move costs when the outline's size plays no part
const TOP = Number(process.env.TOP ?? 1000);
const CHILDREN = 4; // 1,000 top-level entries with 4 children each: 5,000
// Entry 3 moves down past its next siblings, so a short outline allows fewer moves
const MOVES = Math.min(25, TOP - 4);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = mkdtempSync(path.join(tmpdir(), 'outliner-editor-'));
const database = await openPglite(path.join(dataDir, 'db'));
await database.migrate();
const base = `http://127.0.0.1:${PORT}`;
const config = loadConfig({
  DATA_DIR: dataDir,
  PUBLIC_URL: base,
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  RATE_LIMIT_FACTOR: '1000',
});
const app = await buildApp({
  config,
  database,
  jobs: new JobQueue(database.db, systemClock),
  mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: dataDir }),
  logger: false,
  ...(process.env.WEB_DIR ? { webDir: path.resolve(process.env.WEB_DIR) } : {}),
});
await app.listen({ port: PORT, host: '127.0.0.1' });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const headers = { origin: base };
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { name: 'benchuser1', email: 'bench1@example.com', password: 'secret123' },
    headers,
  });
  if (!signUp.ok()) throw new Error(await signUp.text());

  const outlines = Array.from(
    { length: TOP },
    (_, i) =>
      `<outline text="Entry ${i}">${Array.from({ length: CHILDREN }, (_, j) => `<outline text="Entry ${i}.${j}"/>`).join('')}</outline>`,
  ).join('');
  const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Big outline</title></head><body>${outlines}</body></opml>`;
  const imported = await page.request.post('/api/outliners/import', {
    headers,
    multipart: { file: { name: 'big.opml', mimeType: 'text/x-opml', buffer: Buffer.from(opml) } },
  });
  if (!imported.ok()) throw new Error(await imported.text());
  const { outliner, imported: count } = (await imported.json()) as {
    outliner: { id: number; url: string };
    imported: number;
  };

  // the first row's arrival, against the end of the tree call
  await page.addInitScript(() => {
    new MutationObserver((_m, observer) => {
      if (document.querySelector('[role="treeitem"]')) {
        (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const renders: number[] = [];
  for (let run = 0; run < 5; run++) {
    await page.goto(outliner.url);
    await page.locator('[role="treeitem"]').first().waitFor();
    const ms = await page.evaluate((id) => {
      const tree = performance
        .getEntriesByType('resource')
        .find((e) => e.name.endsWith(`/api/outliners/${id}`)) as PerformanceResourceTiming;
      return (window as unknown as { firstRowAt: number }).firstRowAt - tree.responseEnd;
    }, outliner.id);
    renders.push(ms);
  }

  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  // ScriptDuration: script as Chrome counts it (wall time, so a busy machine stretches it);
  // ThreadTime: the renderer main thread's CPU time, which the load does not stretch
  const metrics = async () => {
    const all = (await cdp.send('Performance.getMetrics')).metrics;
    const ms = (name: string) => (all.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { script: ms('ScriptDuration'), thread: ms('ThreadTime') };
  };
  // one move: a keydown React handles at once (a discrete event), then a frame
  const press = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const input = document.activeElement as HTMLElement;
          input.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true, cancelable: true }),
          );
          requestAnimationFrame(() => resolve());
        }),
    );
  const idle = () =>
    page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  await page.locator('[role="treeitem"][aria-label="Entry 3"] textarea').focus();
  const moves: number[] = [];
  const baseline: number[] = [];
  const profile = process.env.PROFILE;
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const moveThread: number[] = [];
  const idleThread: number[] = [];
  for (let i = 0; i < MOVES; i++) {
    let before = await metrics();
    await idle();
    let after = await metrics();
    baseline.push(after.script - before.script);
    idleThread.push(after.thread - before.thread);
    before = await metrics();
    await press();
    after = await metrics();
    moves.push(after.script - before.script);
    moveThread.push(after.thread - before.thread);
  }
  if (profile) writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  const moveMs = Math.max(0, median(moves) - median(baseline));
  console.log(
    JSON.stringify(
      {
        entries: count,
        firstRenderMs: { median: Math.round(median(renders)), runs: renders.map(Math.round) },
        moveScriptMs: {
          median: Number(moveMs.toFixed(2)),
          rawMedian: Number(median(moves).toFixed(2)),
          idleFrameMedian: Number(median(baseline).toFixed(2)),
        },
        moveThreadMs: {
          median: Number(Math.max(0, median(moveThread) - median(idleThread)).toFixed(2)),
          rawMedian: Number(median(moveThread).toFixed(2)),
          idleFrameMedian: Number(median(idleThread).toFixed(2)),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await app.close();
  await database.close();
}
