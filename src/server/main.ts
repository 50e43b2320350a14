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
import { gracefulStop } from './platform/operations/graceful-stop.ts';
import { Lifecycle } from './platform/operations/readiness.ts';
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
  const lifecycle = new Lifecycle();
  const app = await buildApp({ config, database, mailer, bus, jobs, lifecycle, webDir: config.webDir });
  log.warn = (obj, msg) => app.log.warn(obj, msg);

  const shutdown = async (signal: NodeJS.Signals) => {
    if (lifecycle.stopping) return;
    app.log.info(`${signal}: stopping (at most ${config.shutdownTimeoutMs} ms)`);
    try {
      const report = await gracefulStop({
        app,
        lifecycle,
        jobs,
        bus,
        database,
        timeoutMs: config.shutdownTimeoutMs,
      });
      app.log.info(report, 'stopped');
      release();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'the stop failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

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
