/**
 * Where the library's Largest Contentful Paint goes: one traced load of /user/{name} with 96 items in
 * Chromium (/usr/bin/chromium), after the same seed as bench/web-speed.ts. Prints the timeline from
 * navigation start (each script and API request: start and end; first paint; the LCP entries with
 * their element; when the 96th row is in the DOM; the long tasks) and the CPU profile's self time by
 * script and by function, so a change can be aimed at what limits the paint.
 *
 *   npx vite build && npx tsx bench/web-lcp-trace.ts [--runs 3] [--port 3405]   # WEB_DIR=... another build
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { parseArgs, ROOT, signUp, startServer, tempDir } from './lib.ts';

const args = parseArgs();
const RUNS = Number(args.get('runs') ?? 3);
const PORT = Number(args.get('port') ?? 3405);
const WEB_DIR = path.resolve(process.env.WEB_DIR ?? path.join(ROOT, 'dist/web'));
const ITEMS = 96;
const USER = 'traceuser1';
const LAST_TITLE = `Saved page number ${ITEMS} about reading on the web`;

/** Installed before any page script: LCP entries with their element, long tasks, the last row's arrival. */
const OBSERVERS = `
  window.__trace = { lcp: [], long: [], lastRow: 0 };
  const describe = (el) => el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') +
    ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : '(removed)';
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__trace.lcp.push({ at: e.renderTime || e.loadTime || e.startTime, size: e.size, url: e.url, el: describe(e.element) });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__trace.long.push({ at: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, observer) => {
    if (document.body && document.body.textContent.includes(${JSON.stringify(LAST_TITLE)})) {
      window.__trace.lastRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

interface Trace {
  lcp: { at: number; size: number; url: string; el: string }[];
  long: { at: number; ms: number }[];
  lastRow: number;
  paints: { name: string; at: number }[];
  resources: { name: string; type: string; start: number; end: number }[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

async function traceOnce(browser: Browser, base: string, cookie: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const site = `${base}/`;
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([
    { name, value, url: site },
    { name: 'count', value: String(ITEMS), url: site },
  ]);
  const page = await context.newPage();
  await page.addInitScript(OBSERVERS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}/user/${USER}`, { waitUntil: 'load' });
  await page.getByText(LAST_TITLE, { exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const trace = (await page.evaluate(() => {
    const t = (window as unknown as { __trace: Omit<Trace, 'paints' | 'resources'> }).__trace;
    return {
      ...t,
      paints: performance.getEntriesByType('paint').map((e) => ({ name: e.name, at: e.startTime })),
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        name: new URL(e.name).pathname,
        type: e.initiatorType,
        start: e.startTime,
        end: e.responseEnd,
      })),
    };
  })) as Trace;
  await context.close();
  return { trace, profile };
}

/**
 * Self time (ms) per script and per function, and total time per function (each sample counted once
 * for every distinct function on its stack), from a sampled CPU profile.
 */
function profileTimes(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (node: ProfileNode) => {
    const { url, functionName, lineNumber } = node.callFrame;
    const script = url ? new URL(url).pathname : `(${functionName || 'native'})`;
    return { script, fn: `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}` };
  };
  const byScript = new Map<string, number>();
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, ms: number) => m.set(k, (m.get(k) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { script, fn } = label(byId.get(id)!);
    add(byScript, script, ms);
    add(self, fn, ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at)!).fn;
      if (!seen.has(name)) add(total, name, ms);
      seen.add(name);
    }
  });
  const top = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  // React components by their names (capitalised), from a build with --minify false
  const components = new Map([...total].filter(([name]) => /^[A-Z][A-Za-z0-9]+ /.test(name)));
  return {
    scripts: top(byScript, 15),
    self: top(self, 25),
    total: top(total, 25),
    components: top(components, 30),
  };
}

function print({ trace, profile }: Awaited<ReturnType<typeof traceOnce>>) {
  const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
  const scripts = trace.resources.filter((r) => /\.m?js$/.test(r.name));
  const calls = trace.resources.filter((r) => !/\.m?js$|\.css$/.test(r.name));
  const css = trace.resources.filter((r) => r.name.endsWith('.css'));
  console.log(`scripts: ${scripts.length}, first starts ${ms(scripts[0]?.start ?? 0)}`);
  for (const s of scripts) console.log(`  ${ms(s.start)} -> ${ms(s.end)}  ${s.name}`);
  for (const s of css) console.log(`  css ${ms(s.start)} -> ${ms(s.end)}  ${s.name}`);
  console.log('requests:');
  for (const c of calls) console.log(`  ${ms(c.start)} -> ${ms(c.end)}  ${c.type} ${c.name}`);
  for (const p of trace.paints) console.log(`paint ${p.name}: ${ms(p.at)}`);
  for (const l of trace.lcp) console.log(`LCP candidate ${ms(l.at)} size ${l.size} ${l.url || ''} ${l.el}`);
  console.log(`96th row in the DOM: ${ms(trace.lastRow)}`);
  const blocking = trace.long.reduce((sum, l) => sum + Math.max(0, l.ms - 50), 0);
  console.log(`long tasks (blocking ${blocking.toFixed(0)} ms):`);
  for (const l of trace.long) console.log(`  at ${ms(l.at)} for ${ms(l.ms)}`);
  const times = profileTimes(profile);
  console.log('CPU self time by script:');
  for (const [s, t] of times.scripts) console.log(`  ${ms(t)}  ${s}`);
  console.log('CPU self time by function:');
  for (const [f, t] of times.self) console.log(`  ${ms(t)}  ${f}`);
  console.log('CPU total time by function:');
  for (const [f, t] of times.total) console.log(`  ${ms(t)}  ${f}`);
  console.log('CPU total time by component (build with --minify false for names):');
  for (const [f, t] of times.components) console.log(`  ${ms(t)}  ${f}`);
}

async function main() {
  if (!existsSync(path.join(WEB_DIR, 'index.html')))
    throw new Error(`no build in ${WEB_DIR}: npx vite build`);
  const server = await startServer({
    port: PORT,
    dataDir: tempDir('folio-lcp-trace-'),
    env: { WEB_DIR, RATE_LIMIT_FACTOR: '1000', JOBS_POLL_MS: '600000' },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const cookie = await signUp(server.base, USER, 'secret123');
    for (let i = 0; i < ITEMS; i++) {
      const res = await fetch(`${server.base}/item/save/bookmark`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.base, cookie },
        body: JSON.stringify({
          url: `https://example.com/page-${i + 1}`,
          title: `Saved page number ${i + 1} about reading on the web`,
          tags: 'bench',
        }),
      });
      if (!res.ok) throw new Error(`save failed: ${res.status} ${await res.text()}`);
    }
    // the first load warms the server (route compilation, database caches); the rest are printed
    await traceOnce(browser, server.base, cookie);
    for (let run = 0; run < RUNS; run++) {
      console.log(`\n=== run ${run + 1} of ${RUNS} (${WEB_DIR})`);
      print(await traceOnce(browser, server.base, cookie));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
