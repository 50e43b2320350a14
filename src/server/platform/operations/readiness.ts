import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, MIGRATIONS_DIR, queryRows } from '../../db/client.ts';
import type { BlobStore } from '../blob-store.ts';

/** Where an instance is in its life: the proxy stops sending it requests once it is stopping. */
export class Lifecycle {
  private stoppingSince: Date | undefined;

  get stopping(): boolean {
    return this.stoppingSince !== undefined;
  }

  /** /readyz answers 503 from now on. */
  beginStop(): void {
    this.stoppingSince ??= new Date();
  }
}

export interface Readiness {
  ready: boolean;
  /** what is not ready, in words; empty when ready */
  problems: string[];
}

/** A key no writer uses: asking whether it exists is the store's cheapest round trip. */
const PROBE_KEY = 'readyz/probe';

/**
 * Ready: not stopping, the database answers, the blob store answers and every migration this
 * release carries has run (an instance started beside an older one waits for the migrator).
 */
export async function checkReadiness(deps: {
  lifecycle: Lifecycle;
  database: Database;
  blobs: BlobStore;
  /** the causes go to the log: the answer is public and names no address */
  log: (err: unknown, message: string) => void;
}): Promise<Readiness> {
  const problems: string[] = [];
  if (deps.lifecycle.stopping) problems.push('stopping');
  const [db, blobs] = await Promise.all([
    migrationsMissing(deps.database).then(
      (missing) => (missing > 0 ? `database: ${missing} migration(s) not applied` : null),
      (err: unknown) => {
        deps.log(err, 'readiness: database unreachable');
        return 'database unreachable';
      },
    ),
    deps.blobs.exists(PROBE_KEY).then(
      () => null,
      (err: unknown) => {
        deps.log(err, 'readiness: file store unreachable');
        return 'file store unreachable';
      },
    ),
  ]);
  for (const p of [db, blobs]) if (p) problems.push(p);
  return { ready: problems.length === 0, problems };
}

let expectedMigrations: number | undefined;

/** How many of the release's migrations (migrations/meta/_journal.json) the database has not recorded. */
async function migrationsMissing(database: Database): Promise<number> {
  expectedMigrations ??= (
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
  // drizzle records each applied migration here, on PGlite and PostgreSQL alike
  const [row] = await queryRows<{ n: string | number }>(
    database.db,
    sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`,
  );
  return Math.max(0, expectedMigrations - Number(row?.n ?? 0));
}
