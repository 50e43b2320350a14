import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { freshDatabase } from '../../../../test/helpers/database.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { makePdf } from '../../../../test/helpers/pdf.ts';
import { queryRows } from '../../db/client.ts';
import { gracefulStop } from './graceful-stop.ts';
import { Lifecycle } from './readiness.ts';

let t: TestApp;
let alice: TestClient;
const lifecycle = new Lifecycle();
const database = await freshDatabase();

beforeAll(async () => {
  // the stop closes the database: this file keeps it open to check what the stop left behind
  t = await createTestApp({}, { database: { ...database, close: async () => {} }, lifecycle });
  alice = await t.signUp();
});
afterAll(async () => {
  await t.close();
  await database.close();
});

describe('health checks', () => {
  it('/healthz answers without asking anything, /readyz checks the database, store and migrations', async () => {
    const live = await t.visitor().get('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
    const ready = await t.visitor().get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, problems: [] });
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});

describe('metrics', () => {
  it('gives request durations by route pattern, queue depth, job durations and event-loop delay', async () => {
    const pdf = makePdf(['metrics']);
    const { payload, headers } = multipartBody([{ name: 'qqfile', value: pdf, filename: 'm.pdf' }]);
    const saved = await alice.request({ method: 'POST', url: '/item/save', payload, headers });
    expect(saved.statusCode).toBe(200);
    const id = saved.json().items[0].link_id as number;
    expect((await alice.get(`/api/files/items/${id}/file`)).statusCode).toBe(200);

    const before = await t.visitor().get('/metrics');
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain/);
    // the pattern, not the item's own URL
    expect(before.body).toMatch(
      /folio_http_request_duration_seconds_count\{method="GET",route="\/api\/files\/items\/:linkId\/file",status="200"\} 1/,
    );
    expect(before.body).not.toContain(`/api/files/items/${id}/file`);
    expect(before.body).toMatch(/folio_job_queue_depth\{kind="[a-z-]+"\} [1-9]/);
    expect(before.body).toContain('nodejs_eventloop_lag_p99_seconds');

    await t.jobs.runDueJobs();
    const after = (await t.visitor().get('/metrics')).body;
    expect(after).toMatch(/folio_job_duration_seconds_count\{kind="[a-z-]+",outcome="succeeded"\} [1-9]/);
    expect(after).not.toMatch(/folio_job_queue_depth\{/);
    if (t.database.kind === 'postgres')
      expect(after).toMatch(/folio_db_pool_connections\{state="total"\} [1-9]/);
  });

  it('is a 404 to an address METRICS_ALLOW does not name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('folio_');
    const ipv6 = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('takes X-Request-Id, answers with it and carries it into the jobs the request queued', async () => {
    const { payload, headers } = multipartBody([
      { name: 'qqfile', value: makePdf(['ids']), filename: 'i.pdf' },
    ]);
    const res = await alice.request({
      method: 'POST',
      url: '/item/save',
      payload,
      headers: { ...headers, 'x-request-id': 'proxy-req-42' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('proxy-req-42');
    const queued = await queryRows<{ request_id: string | null }>(
      database.db,
      sql`SELECT request_id FROM jobs WHERE status = 'queued'`,
    );
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((j) => j.request_id === 'proxy-req-42')).toBe(true);

    const ran: (string | null)[] = [];
    t.jobs.observe({ started: (job) => ran.push(job.requestId), finished: () => {} });
    await t.jobs.runDueJobs();
    expect(ran).toContain('proxy-req-42');

    const fresh = await t.visitor().get('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the graceful stop', () => {
  it('says not ready at once, refuses new connections and finishes an upload under way', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { payload, headers } = multipartBody([
      { name: 'qqfile', value: makePdf(['during the stop']), filename: 'stop.pdf' },
    ]);
    const cookie = [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const upload = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/item/save',
      headers: { ...headers, cookie, origin: 'http://localhost:3000', 'content-length': payload.length },
    });
    const answered = once(upload, 'response');
    // half the body, and the server has the request in hand
    const reached = once(t.app.server, 'request');
    upload.write(payload.subarray(0, payload.length >> 1));
    await reached;

    const stopping = gracefulStop({
      app: t.app,
      lifecycle,
      jobs: t.jobs,
      database: t.database,
      timeoutMs: 20_000,
    });
    expect(lifecycle.stopping).toBe(true);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    // a new connection is refused: a proxy sends it to another instance
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

    upload.end(payload.subarray(payload.length >> 1));
    const [res] = (await answered) as [import('node:http').IncomingMessage];
    const body = JSON.parse(await readAll(res));
    expect(res.statusCode).toBe(200);
    const report = await stopping;
    expect(report).toEqual({ jobsHandedBack: 0, requestsCut: false });

    // the acknowledged upload is there: its row and its file
    const id = body.items[0].link_id as number;
    const rows = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT count(*) AS n FROM items WHERE id = ${id}`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('answers 503 with what is not ready while stopping', async () => {
    const other = new Lifecycle();
    other.beginStop();
    const app = await createTestApp({}, { lifecycle: other });
    try {
      const res = await app.visitor().get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, problems: ['stopping'] });
    } finally {
      await app.close();
    }
  });
});

async function readAll(res: import('node:http').IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) text += chunk;
  return text;
}
