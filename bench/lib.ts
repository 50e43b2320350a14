/**
 * Shared helpers for the benchmark scripts: a Folio server in a child process (so the load
 * generator never shares its event loop), sign-up/sign-in, autocannon runs and markdown rows.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Server {
  base: string;
  port: number;
  child: ChildProcess;
  /** the server's stderr/stdout so far, for error reports */
  output(): string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  port: number;
  /** PGlite data directory (DATA_DIR); required unless databaseUrl is set */
  dataDir: string;
  databaseUrl?: string;
  logLevel?: string;
  env?: Record<string, string>;
  /** another checkout of Folio to run (an earlier version, side by side); this one by default */
  root?: string;
}

/** Starts `src/server/main.ts` in a child process and resolves once GET /api/health answers. */
export async function startServer(opts: ServerOptions): Promise<Server> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: opts.logLevel ?? 'warn',
    NODE_ENV: 'production',
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  // node --import tsx (not npx tsx): one process, so the pid we signal is the server itself
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: opts.root ?? ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  const base = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) throw new Error(`server exited with ${exited} before it was healthy:\n${out}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy after 180 s:\n${out}`);
    }
    await sleep(200);
  }
  return {
    base,
    port: opts.port,
    child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited !== null) return resolve();
        const timer = setTimeout(() => {
          console.warn('server did not stop within 30 s of SIGTERM: killing it');
          child.kill('SIGKILL');
        }, 30_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

function sessionCookie(res: Response): string {
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const session = cookies.find((c) => c.includes('folio_session='));
  if (!session) throw new Error(`no session cookie in reply (status ${res.status})`);
  return session;
}

async function postJson(base: string, route: string, body: unknown): Promise<Response> {
  return fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
  });
}

/** Creates a user through POST /api/auth/sign-up and returns its session cookie (`name=value`). */
export async function signUp(base: string, name: string, password: string): Promise<string> {
  const res = await postJson(base, '/api/auth/sign-up', {
    name,
    email: `${name}@bench.example.com`,
    password,
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return sessionCookie(res);
}

export async function signIn(base: string, nameOrEmail: string, password: string): Promise<string> {
  const res = await postJson(base, '/api/auth/sign-in', { name_or_email: nameOrEmail, password });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return sessionCookie(res);
}

export interface Scenario {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** seconds */
  duration?: number;
  /** seconds of unmeasured load first (JIT, caches, pool) */
  warmup?: number;
}

export interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** 1-minute load average when the run ended: the machine is shared, so this says how quiet it was */
  load: number;
}

function cannon(s: Scenario, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: s.url,
    method: s.method ?? 'GET',
    headers: s.headers,
    body: s.body,
    connections: s.connections ?? 16,
    duration,
  });
}

/** Runs one autocannon scenario (after a short warm-up) and returns req/s and latency percentiles. */
export async function runScenario(s: Scenario): Promise<Result> {
  const warmup = s.warmup ?? 2;
  if (warmup > 0) await cannon(s, warmup);
  const r = await cannon(s, s.duration ?? 10);
  return {
    name: s.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    load: loadavg()[0]!,
  };
}

/**
 * Waits until requests that outlived the last run (autocannon stops, the server does not) have
 * drained: a DB-backed probe must answer in under 100 ms twice in a row (at most 120 s).
 */
export async function drain(base: string, cookie: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    const t = performance.now();
    await fetch(`${base}/interact_api/load_user_info`, { headers: { cookie } }).then((r) => r.arrayBuffer());
    quick = performance.now() - t < 100 ? quick + 1 : 0;
    await sleep(250);
  }
}

export const TABLE_HEADER =
  '| scenario | db | req/s | p50 ms | p99 ms | requests | errors / non-2xx | load avg |\n|---|---|---:|---:|---:|---:|---:|---:|';

export function tableRow(r: Result, db: string): string {
  return `| ${r.name} | ${db} | ${r.rps.toFixed(1)} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.errors} / ${r.non2xx} | ${r.load.toFixed(1)} |`;
}

/** Prints the row at once, so a long run shows progress. */
export function printRow(r: Result, db: string) {
  console.log(tableRow(r, db));
}

/** Drops and recreates a database on the PostgreSQL server; returns its URL, or null when unreachable. */
export async function freshPgDatabase(name: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    console.warn(`PostgreSQL not reachable at ${PG_ADMIN_URL}: ${(err as Error).message}`);
    return null;
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Parses `--key value` pairs (and bare `--flag`) from argv. */
export function parseArgs(argv: string[] = process.argv.slice(2)): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) args.set(a.slice(2), 'true');
    else {
      args.set(a.slice(2), next);
      i++;
    }
  }
  return args;
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}
