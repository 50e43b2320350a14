import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, TestClient } from '../../../test/helpers/app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createMailer } from '../platform/mailer.ts';
import { openPglite } from './client.ts';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

// The embedded database only: PostgreSQL keeps data by nature.
describe.runIf(process.env.FOLIO_TEST_DB !== 'postgres')('embedded database in DATA_DIR', () => {
  it('keeps users and sessions across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-restart-'));
    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: 'silent' });
    const start = async () => {
      const database = await openPglite(path.join(dataDir, 'db'));
      await database.migrate();
      const mailer = createMailer({ from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') });
      const app = await buildApp({ config, database, mailer, logger: false });
      return { app, database };
    };

    const first = await start();
    const client = new TestClient(first.app);
    await client.post('/api/auth/sign-up', {
      name: 'restarter',
      email: 'r@example.com',
      password: 'secret123',
    });
    await first.app.close();
    await first.database.close();

    const second = await start();
    const again = new TestClient(second.app);
    for (const [k, v] of client.cookies) again.cookies.set(k, v);
    expect((await again.get('/interact_api/load_user_info')).json().name).toBe('restarter');
    await second.app.close();
    await second.database.close();
  });

  it('refuses a data directory another live process holds, and takes over a stale lock', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-lock-'));
    writeFileSync(path.join(dataDir, 'db.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by process/);

    writeFileSync(path.join(dataDir, 'db.lock'), '999999999');
    const release = acquireDataDirLock(dataDir);
    release();
  });
});
