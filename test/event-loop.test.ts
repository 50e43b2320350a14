import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/server/db/client.ts';
import { uploadFile } from './factories/uploads.ts';
import { oneBitBmp } from './generators/bmp.ts';
import { kindleClippings } from './generators/kindle-clippings.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { multipartBody } from './helpers/multipart.ts';

/**
 * Issue 13, "Done when": while a 5,000-book Kindle import, four 6 MB 1-bit 7000x7000 BMP uploads
 * (with their thumbnail jobs) and a 1,000-item CSV export run, the health call keeps answering.
 * The aim is 200 ms; the ceilings are generous for a slow, shared machine (at load 20-24 the
 * slowest health call took 506 ms on PostgreSQL and 624 ms on PGlite, p99 25 and 69 ms), and the
 * figures it prints are recorded in docs/benchmarks.md. Before the fixes one BMP alone held the
 * loop ~3 s, and on PGlite a single health call waited 2.6 s (a whole import transaction).
 */
const HEALTH_CEILING_MS = process.env.FOLIO_TEST_DB === 'postgres' ? 1_000 : 2_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the event loop under heavy work', () => {
  it('answers health while a Kindle import, BMP thumbnails and a CSV export run', async () => {
    const [reader, uploader, exporter] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    await t.database.db.execute(sql`UPDATE users SET plan = 'professional' WHERE name = ${uploader.name!}`);
    const [owner] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM users WHERE name = ${exporter.name!}`,
    );
    const exported = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO items (user_id, type, title, url, description)
          SELECT ${owner!.id}, 'bookmark', 'Exported page ' || n, 'https://example.com/export/' || n, 'text ' || n
          FROM generate_series(1, 1000) AS n RETURNING id`,
    );
    const clippings = Buffer.from(kindleClippings(5_000, 1));
    const bmp = oneBitBmp(7000, 7000);

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let done = false;
    const health: number[] = [];
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const probing = (async () => {
      while (!done) {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        const started = performance.now();
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const { payload, headers } = multipartBody([
      { name: 'file', value: clippings, filename: 'My Clippings.txt', contentType: 'text/plain' },
    ]);
    const work = await Promise.all([
      reader.request({ method: 'POST', url: '/item/import/kindle', payload, headers }),
      (async () => {
        const uploads = await Promise.all(
          [1, 2, 3, 4].map((n) =>
            uploadFile(uploader, bmp, { url: '/item/save/image', filename: `big-${n}.bmp` }),
          ),
        );
        return { uploads, jobs: await t.jobs.runDueJobs() };
      })(),
      exporter.get('/api/items/export.csv', { link_id: exported.map((r) => r.id).join(',') }),
    ]).finally(() => {
      done = true;
    });
    await probing;
    delay.disable();

    const [kindle, images, csv] = work;
    expect(kindle.json()).toEqual({ code: 1, items: 5_000, highlights: 5_000, stickyNotes: 5_000 });
    expect(images.uploads.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(images.jobs).toMatchObject({ succeeded: 4, failed: 0 });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').filter((l) => l.includes('Exported page'))).toHaveLength(1_000);

    const ms = (ns: number) => Math.round(ns / 1e6);
    const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const sorted = [...health].sort((a, b) => a - b);
    console.info(
      `event loop under load: ${health.length} health calls, p50 ${Math.round(sorted[sorted.length >> 1]!)} ms, ` +
        `p99 ${Math.round(sorted[Math.floor(sorted.length * 0.99)]!)} ms, max ${Math.round(sorted.at(-1)!)} ms; loop delay p50 ${ms(delay.percentile(50))} ms, ` +
        `p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms; RSS ${mib(rssBefore)} -> peak ${mib(rssPeak)} MiB`,
    );
    expect(health.length).toBeGreaterThan(10);
    expect(sorted.at(-1)!).toBeLessThan(HEALTH_CEILING_MS);
  }, 600_000);
});
