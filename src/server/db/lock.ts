import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: two processes opening one data directory corrupt it.
 * The owner writes its pid to DATA_DIR/db.lock; a lock whose process is gone is stale.
 */
export class DataDirLockedError extends Error {}

function lockFile(dataDir: string) {
  return path.join(dataDir, 'db.lock');
}

function holder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const pid = holder(file);
  if (pid !== null && pid !== process.pid) {
    throw new DataDirLockedError(
      `The embedded database in ${dataDir} is in use by process ${pid}. Stop it first, or run on PostgreSQL (DATABASE_URL).`,
    );
  }
  rmSync(file, { force: true });
  const fd = openSync(file, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(file, { force: true });
}
