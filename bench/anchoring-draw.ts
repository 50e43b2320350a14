/**
 * Drawing highlights on a long page (issue 15): a 1.3 M-character article, 200 highlights, one of
 * them on a word occurring about 8,800 times, in Chromium; prints the time to draw and the
 * main-thread tasks over 50 ms (PerformanceObserver 'longtask') for one synchronous draw (what the
 * reader's layout effect did) and for the sliced draw the reader uses now.
 *
 *   npx tsx bench/anchoring-draw.ts
 */

import { chromium } from '@playwright/test';
import { build } from 'esbuild';

const bundle = await build({
  entryPoints: [new URL('./anchoring-page.ts', import.meta.url).pathname],
  bundle: true,
  write: false,
  format: 'iife',
  target: 'es2022',
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
await page.setContent('<!doctype html><html><body></body></html>');
await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
console.log(
  '| copy | drawing | chars | word occurrences | highlights drawn | time to draw | tasks > 50 ms | longest task |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
const COPIES = {
  saved: 'as saved',
  recaptured: 're-captured (offsets moved)',
  edited: 're-captured, a word edited on each side of every highlight',
} as const;
for (const copy of ['saved', 'recaptured', 'edited'] as const) {
  for (const mode of ['sync', 'slices'] as const) {
    const r = await page.evaluate(([m, again]) => window.runBench(m, again), [mode, copy] as const);
    console.log(
      `| ${COPIES[copy]} | ${mode === 'sync' ? 'one task (before)' : 'idle slices'} | ${r.chars} | ${r.occurrences} | ${r.drawn} | ${r.totalMs} ms | ${r.longTasks} | ${r.longestTaskMs} ms |`,
    );
  }
}
await browser.close();
