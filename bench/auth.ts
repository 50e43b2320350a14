/**
 * Foundation benchmarks: sign-in throughput (argon2id, CPU-bound by design) and
 * GET /interact_api/load_user_info with a session cookie, on PGlite and on PostgreSQL.
 *
 *   npx tsx bench/auth.ts [--duration 10] [--connections 16] [--db pglite|postgres|both]
 */
import { rmSync } from 'node:fs';
import {
  drain,
  freshPgDatabase,
  parseArgs,
  printRow,
  type Result,
  runScenario,
  signUp,
  startServer,
  TABLE_HEADER,
  tempDir,
} from './lib.ts';

const args = parseArgs();
const duration = Number(args.get('duration') ?? 10);
const connections = Number(args.get('connections') ?? 16);
const which = args.get('db') ?? 'both';
const PORT = Number(args.get('port') ?? 3901);
const NAME = 'benchauth1';
const PASSWORD = 'benchpass1';

async function runOn(label: string, dataDir: string, databaseUrl?: string): Promise<Result[]> {
  const server = await startServer({ port: PORT, dataDir, databaseUrl });
  const results: Result[] = [];
  try {
    const cookie = await signUp(server.base, NAME, PASSWORD);
    const signInRun = await runScenario({
      name: 'POST /api/auth/sign-in',
      url: `${server.base}/api/auth/sign-in`,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify({ name_or_email: NAME, password: PASSWORD }),
      connections,
      duration,
    });
    printRow(signInRun, label);
    results.push(signInRun);
    await drain(server.base, cookie);
    const infoRun = await runScenario({
      name: 'GET /interact_api/load_user_info',
      url: `${server.base}/interact_api/load_user_info`,
      headers: { cookie },
      connections,
      duration,
    });
    printRow(infoRun, label);
    results.push(infoRun);
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await server.stop();
  }
  return results;
}

console.log(`auth benchmarks: ${connections} connections, ${duration} s each, node ${process.version}\n`);
console.log(TABLE_HEADER);
if (which === 'pglite' || which === 'both') {
  const dir = tempDir('folio-bench-auth-');
  try {
    await runOn('PGlite', dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (which === 'postgres' || which === 'both') {
  const url = await freshPgDatabase('folio_bench_auth');
  if (url) {
    const dir = tempDir('folio-bench-auth-pg-');
    try {
      await runOn('PostgreSQL', dir, url);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
