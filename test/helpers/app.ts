import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import type { BlobStore } from '../../src/server/platform/blob-store.ts';
import type { EventBus } from '../../src/server/platform/event-bus.ts';
import { Fetcher } from '../../src/server/platform/fetcher.ts';
import { JobQueue } from '../../src/server/platform/jobs.ts';
import { createMailer } from '../../src/server/platform/mailer.ts';
import type { Lifecycle } from '../../src/server/platform/operations/readiness.ts';
import type { PaymentGateway } from '../../src/server/platform/payments/gateway.ts';
import { TestClock } from './clock.ts';
import { freshDatabase } from './database.ts';
import { ManualDeadlines } from './deadlines.ts';
import { type ReceivedMail, startSmtpPeer } from './smtp.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  /** background jobs: nothing polls in tests; call jobs.runDueJobs() to run what is due */
  jobs: JobQueue;
  /** page fetches never time out on their own: `fetchDeadlines.expire()` times out those under way */
  fetchDeadlines: ManualDeadlines;
  inbox: ReceivedMail[];
  /** a client without a session */
  visitor(): TestClient;
  /** signs a new user up through the API and returns their signed-in client */
  signUp(overrides?: Partial<{ name: string; email: string; password: string }>): Promise<TestClient>;
  close(): Promise<void>;
}

let counter = 0;
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 16);
}

/**
 * One app on a fresh database with a real SMTP peer, for one test file. `deps` lets a test run an
 * instance on a database it opened itself (closed with the app) or with its own event bus.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: {
    database?: Database;
    bus?: EventBus;
    livePingIntervalMs?: number;
    webDir?: string;
    /** the packed browser extension the app serves */
    extensionZip?: string;
    /** a payment gateway the test inspects (the sandbox's charges); a fresh sandbox otherwise */
    payments?: PaymentGateway;
    /** a file store shared with another instance; DATA_DIR/files otherwise */
    blobs?: BlobStore;
    /** the test stops the instance through it (platform/operations/graceful-stop.ts) */
    lifecycle?: Lifecycle;
    /** one clock for instances that share a database (their throttles compare each other's times) */
    clock?: TestClock;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-test-'));
  const smtp = await startSmtpPeer();
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    SMTP_URL: smtp.url,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
    LOG_LEVEL: 'silent',
    // a suite signs up far more users from one address than a person would; limit tests set 1
    RATE_LIMIT_FACTOR: '1000',
    ...env,
  });
  const database = deps.database ?? (await freshDatabase());
  const clock = deps.clock ?? new TestClock();
  const jobs = new JobQueue(database.db, clock);
  const fetchDeadlines = new ManualDeadlines();
  const fetcher = new Fetcher({
    allowPrivate: config.fetchAllowPrivate,
    timeoutMs: config.fetchTimeoutMs,
    connectTimeoutMs: config.fetchConnectTimeoutMs,
    deadline: fetchDeadlines.signal,
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: dataDir });
  const app = await buildApp({
    config,
    database,
    mailer,
    clock,
    bus: deps.bus,
    jobs,
    fetcher,
    livePingIntervalMs: deps.livePingIntervalMs,
    webDir: deps.webDir,
    extensionZip: deps.extensionZip,
    payments: deps.payments,
    blobs: deps.blobs,
    lifecycle: deps.lifecycle,
    logger: false,
    checkReplies: true,
  });
  await app.ready();

  const testApp: TestApp = {
    app,
    database,
    config,
    clock,
    jobs,
    fetchDeadlines,
    inbox: smtp.inbox,
    visitor: () => new TestClient(app),
    async signUp(overrides = {}) {
      const name = overrides.name ?? uniqueName();
      const client = new TestClient(app, name);
      const res = await client.post('/api/auth/sign-up', {
        name,
        email: overrides.email ?? `${name}@example.com`,
        password: overrides.password ?? 'secret123',
      });
      if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
      return client;
    },
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
    },
  };
  return testApp;
}

/** Keeps cookies between calls like a browser, and sends the same-origin header unsafe calls need. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly name?: string,
  ) {}

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      ...opts,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...(opts.headers ?? {}) },
    });
    for (const c of res.cookies) {
      if (
        c.value === '' ||
        (c.maxAge !== undefined && c.maxAge <= 0) ||
        (c.expires && c.expires.getTime() < Date.now())
      ) {
        this.cookies.delete(c.name);
      } else {
        this.cookies.set(c.name, c.value);
      }
    }
    return res;
  }

  get(url: string, query?: Record<string, string | undefined>) {
    const defined = query && Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
    return this.request({ method: 'GET', url, query: defined as Record<string, string> | undefined });
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }
}
