import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { freshDatabase } from '../../../../test/helpers/database.ts';
import { listenLocally, openLive } from '../../../../test/helpers/live.ts';
import { openPostgres } from '../../db/client.ts';
import { PgEventBus } from '../../platform/pg-event-bus.ts';

/** Two app instances on one PostgreSQL database: an outliner edit on one reaches a tab on the other. */
describe.runIf(process.env.FOLIO_TEST_DB === 'postgres')('outliner changes across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let busA: PgEventBus;
  let busB: PgEventBus;

  beforeAll(async () => {
    const dbA = await freshDatabase();
    const dbB = await openPostgres(dbA.url!, 2);
    busA = new PgEventBus({ connectionString: dbA.url!, db: dbA.db });
    busB = new PgEventBus({ connectionString: dbA.url!, db: dbB.db });
    await Promise.all([busA.start(), busB.start()]);
    a = await createTestApp({}, { database: dbA, bus: busA });
    b = await createTestApp({}, { database: dbB, bus: busB });
  });
  afterAll(async () => {
    await busA?.close();
    await busB?.close();
    await b?.close();
    await a?.close(); // drops the database last
  });

  it("brings an entry made through instance A to the owner's socket on instance B", async () => {
    const alice = await a.signUp();
    const id = (await alice.post('/outliner/new', { title: 'Shared tabs' })).json().outliner.id;
    const onB = await openLive(await listenLocally(b.app), { client: alice });
    const made = await alice.post(
      `/api/outliners/${id}/entries`,
      { text: 'typed in tab 1' },
      { 'x-folio-tab': 't1' },
    );
    const [message] = await onB.waitFor(1);
    expect(message).toMatchObject({
      cmd: 'outliner',
      outliner_id: id,
      change: 'entries',
      tab: 't1',
      item: { entries: [{ id: made.json().entry.id, text: 'typed in tab 1' }] },
    });
    await onB.close();
  });
});
