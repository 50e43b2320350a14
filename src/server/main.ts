import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from './db/lock.ts';
import { queueLinkHealth } from './modules/health/service.ts';
import { queueTrashPurge } from './modules/items/trash.ts';
import { queueBackupSweep } from './modules/library-export/schedules.ts';
import { queueRenewals } from './modules/premium/renewals.ts';
import { queueDigestSweep } from './modules/review/digest.ts';
import { queueBlobSweep } from './platform/blob-sweep.ts';
import { systemClock } from './platform/clock.ts';
import { JobQueue } from './platform/jobs.ts';
import { createMailer } from './platform/mailer.ts';
import { createEventBus } from './platform/pg-event-bus.ts';

async function main() {
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase(config);
  await database.migrate();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  // The bus exists before the app, so it logs through a reference the app's logger fills in.
  const log: { warn?: (obj: object, msg: string) => void } = {};
  const bus = await createEventBus(config, database, (msg, err) =>
    log.warn ? log.warn({ err }, msg) : console.warn(msg, err ?? ''),
  );
  const jobs = new JobQueue(database.db, systemClock, {
    onError: (msg, err) => (log.warn ? log.warn({ err }, msg) : console.warn(msg, err)),
  });
  const app = await buildApp({ config, database, mailer, bus, jobs, webDir: config.webDir });
  log.warn = (obj, msg) => app.log.warn(obj, msg);

  const shutdown = async () => {
    // the batch in hand finishes before the database closes
    await jobs.stop();
    await app.close();
    await bus.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  await queueBlobSweep(jobs, database.db);
  await queueRenewals(jobs, database.db);
  await queueBackupSweep(jobs, database.db);
  await queueDigestSweep(jobs, database.db);
  await queueTrashPurge(jobs, database.db);
  await queueLinkHealth(jobs, database.db);
  jobs.start(config.jobsPollMs);
  app.log.info(
    `Folio is running on ${config.publicUrl ?? `http://localhost:${config.port}`} (${database.kind})`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
