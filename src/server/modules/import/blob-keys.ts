import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/**
 * The `imports/<user>/` blobs still needed (the blob sweep removes the rest): the files of imports
 * not yet ended, and the page copies whose capture is still to run.
 */
export async function importKeysOf(ex: Executor, userId: number): Promise<Set<string>> {
  const rows = await queryRows<{ key: string }>(
    ex,
    sql`SELECT blob_key AS key FROM imports WHERE user_id = ${userId} AND blob_key IS NOT NULL
        UNION ALL
        SELECT payload->>'copyKey' AS key FROM jobs
        WHERE kind = 'capture' AND user_id = ${userId} AND status IN ('queued', 'running')
          AND payload ? 'copyKey'`,
  );
  return new Set(rows.map((r) => r.key));
}
