import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../test/factories/items.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { freshDatabase } from '../../../test/helpers/database.ts';
import { listenLocally, openLive } from '../../../test/helpers/live.ts';
import { openPostgres } from '../db/client.ts';
import { ITEM_CMD } from './event-bus.ts';
import { encode, NOTIFY_LIMIT_BYTES, PgEventBus } from './pg-event-bus.ts';

const big = (bytes: number) => 'x'.repeat(bytes);

describe('encode', () => {
  it('keeps a message that fits, drops the item of one that does not, and gives up past that', () => {
    expect(JSON.parse(encode('t', { cmd: 1, link_id: 2, item: { a: 1 } })!)).toEqual({
      topic: 't',
      payload: { cmd: 1, link_id: 2, item: { a: 1 } },
    });
    const shrunk = encode('t', { cmd: 1, link_id: 2, item: { title: big(NOTIFY_LIMIT_BYTES) } });
    expect(JSON.parse(shrunk!)).toEqual({ topic: 't', payload: { cmd: 1, link_id: 2 } });
    expect(encode('t', { note: big(NOTIFY_LIMIT_BYTES) })).toBeUndefined();
  });

  it('counts bytes, not characters', () => {
    const text = encode('t', { item: 'é'.repeat(4000) });
    expect(JSON.parse(text!).payload).toEqual({});
  });
});

/** Waits until `check` passes, for deliveries that cross a database connection. */
async function eventually(check: () => unknown, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe.runIf(process.env.FOLIO_TEST_DB === 'postgres')('PgEventBus on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let busA: PgEventBus;
  let busB: PgEventBus;
  const warnings: string[] = [];
  const log = (message: string) => warnings.push(message);

  beforeAll(async () => {
    const dbA = await freshDatabase();
    const dbB = await openPostgres(dbA.url!, 2);
    busA = new PgEventBus({ connectionString: dbA.url!, db: dbA.db, log, reconnectDelayMs: 50 });
    busB = new PgEventBus({ connectionString: dbA.url!, db: dbB.db, log, reconnectDelayMs: 50 });
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

  it('brings a change made through instance A to a socket on instance B, once', async () => {
    const alice = await a.signUp();
    const onB = await openLive(await listenLocally(b.app), { client: alice });
    const onA = await openLive(await listenLocally(a.app), { client: alice });

    const saved = await saveBookmark(alice, { title: 'Across instances' });
    const [added] = await onB.waitFor(1);
    expect(added).toMatchObject({ cmd: ITEM_CMD.upsert, link_id: saved.link_id });
    expect(added!.item).toMatchObject({ title: 'Across instances' });

    await alice.post('/ditem_mana2/delete_b', { link_id: String(saved.link_id) });
    const [, removed] = await onB.waitFor(2);
    expect(removed).toEqual({ cmd: ITEM_CMD.remove, link_id: saved.link_id });

    // The instance that made the change hears it back through PostgreSQL, not twice: PostgreSQL
    // delivers in order, so once a later change has reached both, a copy would show before it.
    const later = await saveBookmark(alice, { title: 'Later' });
    await onB.waitFor(3);
    await onA.waitFor(3);
    expect(onA.messages.slice(0, 3)).toEqual(onB.messages);
    expect(onA.messages[2]).toMatchObject({ link_id: later.link_id });
    await Promise.all([onA.close(), onB.close()]);
  });

  it('delivers an oversized item event without its item, so clients refetch', async () => {
    const received: unknown[] = [];
    const stop = busB.subscribe('user:big', (payload) => received.push(payload));
    await busA.publish('user:big', { cmd: ITEM_CMD.upsert, link_id: 7, item: { text: big(10_000) } });
    await eventually(() => expect(received).toEqual([{ cmd: ITEM_CMD.upsert, link_id: 7 }]));
    stop();
  });

  it('keeps one bad subscriber from stopping the others', async () => {
    const received: unknown[] = [];
    const stopBad = busB.subscribe('user:bad', () => {
      throw new Error('boom');
    });
    const stopGood = busB.subscribe('user:bad', (payload) => received.push(payload));
    await busA.publish('user:bad', { n: 1 });
    await eventually(() => expect(received).toEqual([{ n: 1 }]));
    expect(warnings.some((w) => w.includes('handler on user:bad failed'))).toBe(true);
    stopBad();
    stopGood();
  });

  it('listens again after its connection is killed', async () => {
    const received: unknown[] = [];
    const stop = busB.subscribe('user:again', (payload) => received.push(payload));
    await a.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    // Events sent while it reconnects are lost; keep publishing until one gets through.
    await eventually(async () => {
      await busA.publish('user:again', { n: 1 });
      expect(received.length).toBeGreaterThan(0);
    }, 10_000);
    expect(warnings.some((w) => w.includes('reconnecting'))).toBe(true);
    stop();
  });
});
