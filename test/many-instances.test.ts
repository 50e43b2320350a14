import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, queryRows } from '../src/server/db/client.ts';
import type { BlobStore } from '../src/server/platform/blob-store.ts';
import { gracefulStop } from '../src/server/platform/operations/graceful-stop.ts';
import { Lifecycle } from '../src/server/platform/operations/readiness.ts';
import { PgEventBus } from '../src/server/platform/pg-event-bus.ts';
import { S3BlobStore } from '../src/server/platform/s3-blob-store.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, TestClient } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { freshDatabase, type TestDatabase } from './helpers/database.ts';
import { listenLocally, openLive } from './helpers/live.ts';
import { multipartBody } from './helpers/multipart.ts';
import { makePdf } from './helpers/pdf.ts';
import { type S3Peer, startS3Peer } from './helpers/s3.ts';

/**
 * The store every instance shares. A directory for now; an S3-compatible bucket is the deployed
 * form (docs/deploy.md), and this is the one place that chooses.
 */
/** One bucket both instances store their files in: a real S3-compatible server (s3rver). */
let bucket: S3Peer | undefined;
async function sharedFileStore(): Promise<BlobStore> {
  bucket = await startS3Peer();
  return new S3BlobStore(bucket.settings);
}

/**
 * A reverse proxy as an operator runs one: round-robin over the instances, a fresh connection per
 * request, and a request whose connection could not be opened (the instance stopped) sent to the
 * next one, as nginx's proxy_next_upstream error does.
 */
async function startProxy(ports: number[]) {
  let turn = 0;
  const servedBy = new Map<number, number>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const first = turn++;
    for (let tried = 0; tried < ports.length; tried += 1) {
      const port = ports[(first + tried) % ports.length]!;
      try {
        const answer = await forward(port, req, body);
        servedBy.set(port, (servedBy.get(port) ?? 0) + 1);
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
        return;
      } catch (err) {
        // only a connection that failed to open is safe to send elsewhere (refused, or reset while
        // queued when the instance closed its socket): the request never left the proxy
        if ((err as NodeJS.ErrnoException).syscall !== 'connect') break;
      }
    }
    res.writeHead(502).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    servedBy,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function forward(port: number, req: http.IncomingMessage, body: Buffer) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const out = http.request(
        {
          host: '127.0.0.1',
          port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, connection: 'close' },
          agent: false,
        },
        async (answer) => {
          const chunks: Buffer[] = [];
          for await (const chunk of answer) chunks.push(chunk as Buffer);
          resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) });
        },
      );
      out.on('error', reject);
      out.end(body);
    },
  );
}

/** The same browser (its cookies) talking to another instance. */
function sameBrowser(client: TestClient, instance: TestApp): TestClient {
  const other = new TestClient(instance.app, client.name);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

describe.runIf(process.env.FOLIO_TEST_DB === 'postgres')('two instances behind a proxy', () => {
  let dbA: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let busA: PgEventBus;
  let busB: PgEventBus;
  let baseA: string;
  let baseB: string;
  const lifecycleA = new Lifecycle();

  beforeAll(async () => {
    dbA = await freshDatabase();
    const dbB = await openPostgres(dbA.url!, 4);
    busA = new PgEventBus({ connectionString: dbA.url!, db: dbA.db });
    busB = new PgEventBus({ connectionString: dbA.url!, db: dbB.db });
    await Promise.all([busA.start(), busB.start()]);
    const blobs = await sharedFileStore();
    // the real limits: counting across instances is the point
    const env = { RATE_LIMIT_FACTOR: '1' };
    // machines in one deployment keep one time (NTP)
    const clock = new TestClock();
    // A's stop closes its pool; the database itself is dropped at the end, by afterAll
    a = await createTestApp(env, {
      database: { ...dbA, close: async () => {} },
      bus: busA,
      blobs,
      lifecycle: lifecycleA,
      clock,
    });
    b = await createTestApp(env, { database: dbB, bus: busB, blobs, clock });
    baseA = await listenLocally(a.app);
    baseB = await listenLocally(b.app);
  });
  afterAll(async () => {
    await busB?.close();
    await b?.close();
    if (!lifecycleA.stopping) await a?.close();
    await dbA?.close();
    await bucket?.close();
  });

  it('shares sessions, files and live updates', async () => {
    const aliceOnA = await a.signUp();
    const aliceOnB = sameBrowser(aliceOnA, b);
    // a session made on A works on B
    expect((await aliceOnB.get('/interact_api/load_user_info')).json()).toMatchObject({
      name: aliceOnA.name,
    });

    // a file uploaded through A is served by B
    const pdf = makePdf(['shared between instances']);
    const { payload, headers } = multipartBody([{ name: 'qqfile', value: pdf, filename: 'shared.pdf' }]);
    const saved = await aliceOnA.request({ method: 'POST', url: '/item/save', payload, headers });
    expect(saved.statusCode).toBe(200);
    const file = await aliceOnB.get(`/api/files/items/${saved.json().items[0].link_id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    // a change made on B reaches the owner's sockets on A and on B
    const onA = await openLive(baseA, { client: aliceOnA });
    const onB = await openLive(baseB, { client: aliceOnA });
    const made = await aliceOnB.post('/item/save/bookmark', { url: 'https://example.com/live' });
    const id = made.json().items[0].link_id;
    for (const socket of [onA, onB]) {
      const [message] = await socket.waitFor(1);
      expect(message).toMatchObject({ link_id: id });
      await socket.close();
    }
  });

  it('runs each job once though both instances poll', async () => {
    const bob = await b.signUp();
    const { payload, headers } = multipartBody([
      { name: 'qqfile', value: makePdf(['jobs']), filename: 'j.pdf' },
    ]);
    expect((await bob.request({ method: 'POST', url: '/item/save', payload, headers })).statusCode).toBe(200);
    const queued = await queryRows<{ id: string }>(
      a.database.db,
      sql`SELECT id FROM jobs WHERE status = 'queued'`,
    );
    expect(queued.length).toBeGreaterThan(0);
    const ran: number[] = [];
    for (const instance of [a, b]) {
      instance.jobs.observe({ started: (job) => ran.push(job.id), finished: () => {} });
    }
    await Promise.all([a.jobs.runDueJobs(), b.jobs.runDueJobs(), a.jobs.runDueJobs(), b.jobs.runDueJobs()]);
    expect(ran.sort()).toEqual(queued.map((j) => Number(j.id)).sort());
  });

  it('counts rate limits and sign-in failures across both', async () => {
    // sign-ups: 10 an hour from one address, whichever instance answers
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const instance = i % 2 ? b : a;
      const name = `limit${i}${Date.now().toString(36)}`.slice(0, 16);
      const res = await instance.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        remoteAddress: '192.0.2.50',
        headers: { origin: TEST_ORIGIN },
        payload: { name, email: `${name}@example.com`, password: 'secret123' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);

    // five wrong passwords spread over both, from different addresses: the sixth try waits
    const victim = await a.signUp({ password: 'victim-pass' });
    const signIn = (instance: TestApp, ip: string, password: string) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: ip,
        headers: { origin: TEST_ORIGIN },
        payload: { name_or_email: victim.name, password },
      });
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(i % 2 ? b : a, `198.51.100.${i + 1}`, 'guess')).statusCode).toBe(400);
    }
    expect((await signIn(b, '198.51.100.99', 'victim-pass')).statusCode).toBe(429);
    expect((await signIn(a, '198.51.100.98', 'victim-pass')).statusCode).toBe(429);
  });

  it('loses no acknowledged write and fails no request when one instance stops under load', async () => {
    const carol = await b.signUp();
    const cookie = [...carol.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const proxy = await startProxy(
      [a.app.server.address() as AddressInfo, b.app.server.address() as AddressInfo].map((x) => x.port),
    );
    try {
      const save = (i: number) =>
        fetch(`${proxy.url}/item/save/bookmark`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
          body: JSON.stringify({ url: `https://example.com/load/${i}` }),
        });
      const reachedA = new Promise<void>((resolve) => a.app.server.once('request', () => resolve()));
      const writes = Array.from({ length: 30 }, (_, i) => save(i));
      await reachedA;
      const stopped = gracefulStop({
        app: a.app,
        lifecycle: lifecycleA,
        jobs: a.jobs,
        bus: busA,
        database: a.database,
        timeoutMs: 20_000,
      });
      // more requests while A stops: the proxy finds A's door shut and goes to B
      const during = Array.from({ length: 10 }, (_, i) => save(100 + i));
      const answers = await Promise.all([...writes, ...during]);
      expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
      expect(await stopped).toEqual({ jobsHandedBack: 0, requestsCut: false });

      const ids = await Promise.all(answers.map(async (r) => (await r.json()).items[0].link_id as number));
      const stored = await queryRows<{ n: string }>(
        b.database.db,
        sql`SELECT count(*) AS n FROM items WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expect(Number(stored[0]!.n)).toBe(40);
      expect(proxy.servedBy.size).toBe(2);
    } finally {
      await proxy.close();
    }
  });
});
