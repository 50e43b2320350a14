import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindleClippings } from '../../../../test/generators/kindle-clippings.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';

/**
 * Issue 13.2: a 5,000-book clippings file once held every other request for minutes. Now another
 * client's calls keep answering while it imports. The bounds are generous ceilings for a slow,
 * shared machine (the figures measured are in docs/benchmarks.md); the old code broke them by far.
 */
const OTHER_CALL_CEILING_MS = 1_500;
const EVENT_LOOP_CEILING_MS = 1_000;
const BOOKS = 5_000;

let t: TestApp;
beforeAll(async () => {
  if (process.env.FOLIO_TEST_DB === 'postgres') t = await createTestApp();
});
afterAll(() => t?.close());

function importFile(client: TestClient, text: string) {
  const { payload, headers } = multipartBody([
    { name: 'file', value: Buffer.from(text), filename: 'My Clippings.txt', contentType: 'text/plain' },
  ]);
  return client.request({ method: 'POST', url: '/item/import/kindle', payload, headers });
}

// PostgreSQL only: PGlite runs every statement on the main thread and serves one at a time, so the
// import and the other client's calls queue behind each other (figures in docs/benchmarks.md).
describe.runIf(process.env.FOLIO_TEST_DB === 'postgres')(`a ${BOOKS}-book Kindle import`, () => {
  it('leaves other clients answered while it runs, and imports every book', async () => {
    const [reader, importer] = await Promise.all([t.signUp(), t.signUp()]);
    const text = kindleClippings(BOOKS, 1);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let done = false;
    const imported = importFile(importer, text).finally(() => {
      done = true;
    });
    const latencies: number[] = [];
    while (!done) {
      const started = performance.now();
      const res = await reader.get('/interact_api/load_user_info');
      expect(res.statusCode).toBe(200);
      latencies.push(performance.now() - started);
    }
    delay.disable();
    const res = await imported;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, items: BOOKS, highlights: BOOKS, stickyNotes: BOOKS });

    const maxDelayMs = delay.max / 1e6;
    console.info(
      `kindle ${BOOKS} books: ${latencies.length} other calls, slowest ${Math.round(Math.max(...latencies))} ms; ` +
        `event loop delay p99 ${Math.round(delay.percentile(99) / 1e6)} ms, max ${Math.round(maxDelayMs)} ms`,
    );
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(OTHER_CALL_CEILING_MS);
    expect(maxDelayMs).toBeLessThan(EVENT_LOOP_CEILING_MS);
  }, 300_000);
});
