import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../test/helpers/app.ts';
import { RATE_LIMITS, STATS_FLAG_NAME_MAX, STATS_FLAGS_MAX } from '../../../shared/limits.ts';
import { MSG } from '../../../shared/messages.ts';
import { STATS_MSG } from '../../../shared/schemas/stats.ts';
import { cliContextFor, runCommand } from '../../cli-commands.ts';
import { queryRows } from '../../db/client.ts';
import { dayOf } from './service.ts';

// the limits as shipped, as the rate-limit tests do: each test calls from its own address
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '1' });
});
afterAll(() => t.close());

let address = 0;
function from(ip = `198.51.100.${++address}`) {
  return (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/stats',
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN, ...headers },
      payload: payload as string,
    });
}

async function counts() {
  return queryRows<{ day: string; flag: string; count: number }>(
    t.database.db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, flag, count FROM feature_stats ORDER BY day, flag`,
  );
}

describe('POST /stats', () => {
  it('counts each flag per day, for visitors and users alike, answering {code: 1}', async () => {
    await t.database.db.execute(sql`DELETE FROM feature_stats`);
    const today = dayOf(t.clock.now());
    const visitor = from();
    expect((await visitor({ flags: { search: 1, export: 1 } })).json()).toEqual({ code: 1 });
    const alice = await t.signUp();
    const res = await alice.post('/stats', { flags: { search: 1, 'action.delete': 1, unused: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1 });
    t.clock.advance(24 * 60 * 60_000);
    await visitor({ flags: { search: true } });
    const tomorrow = dayOf(t.clock.now());
    expect(await counts()).toEqual([
      { day: today, flag: 'action.delete', count: 1 },
      { day: today, flag: 'export', count: 1 },
      { day: today, flag: 'search', count: 2 },
      { day: tomorrow, flag: 'search', count: 1 },
    ]);
  });

  it('takes the flags as form fields: each field, flags[name], or flags as a JSON text', async () => {
    await t.database.db.execute(sql`DELETE FROM feature_stats`);
    const send = from();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await send('reader=1&palette=1', form)).json()).toEqual({ code: 1 });
    expect((await send('flags%5Breader%5D=1', form)).json()).toEqual({ code: 1 });
    expect((await send(`flags=${encodeURIComponent('{"palette":1}')}`, form)).json()).toEqual({ code: 1 });
    expect((await counts()).map((r) => [r.flag, r.count])).toEqual([
      ['palette', 2],
      ['reader', 2],
    ]);
  });

  it(`refuses more than ${STATS_FLAGS_MAX} flags and names over ${STATS_FLAG_NAME_MAX} characters, counting nothing`, async () => {
    await t.database.db.execute(sql`DELETE FROM feature_stats`);
    const send = from();
    const many = Object.fromEntries(Array.from({ length: STATS_FLAGS_MAX + 1 }, (_, i) => [`f${i}`, 1]));
    const tooMany = await send({ flags: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ code: -1, message: STATS_MSG.tooMany, field: 'flags' });

    const long = await send({ flags: { ['x'.repeat(STATS_FLAG_NAME_MAX + 1)]: 1, ok: 1 } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ code: -1, message: STATS_MSG.nameTooLong, field: 'flags' });
    expect(await counts()).toEqual([]);

    const fifty = Object.fromEntries(Array.from({ length: STATS_FLAGS_MAX }, (_, i) => [`f${i}`, 1]));
    expect((await send({ flags: fifty })).statusCode).toBe(200);
    expect((await send({ flags: { ['y'.repeat(STATS_FLAG_NAME_MAX)]: 1 } })).statusCode).toBe(200);
    expect(await counts()).toHaveLength(STATS_FLAGS_MAX + 1);
  });

  it('holds nothing that names a user, an address or an item', async () => {
    const columns = await queryRows<{ column_name: string }>(
      t.database.db,
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'feature_stats' ORDER BY 1`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['count', 'day', 'flag']);
    const alice = await t.signUp();
    await alice.post('/stats', { flags: { 'only-a-count': 1 } });
    const rows = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`SELECT * FROM feature_stats WHERE flag = 'only-a-count'`,
    );
    expect(JSON.stringify(rows)).not.toContain(alice.name!);
  });

  it('is rate-limited per address like the feedback form', async () => {
    const { max, windowMs } = RATE_LIMITS.stats;
    const send = from('198.51.100.250');
    for (let i = 0; i < max; i += 1) expect((await send({ flags: { limited: 1 } })).statusCode).toBe(200);
    const over = await send({ flags: { limited: 1 } });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: -1, message: MSG.tooManyRequests });
    expect((await from()({ flags: { limited: 1 } })).statusCode).toBe(200);
    t.clock.advance(windowMs);
    expect((await send({ flags: { limited: 1 } })).statusCode).toBe(200);
  });

  it('prunes counts older than a year, and the stats command prints the recent ones', async () => {
    await t.database.db.execute(sql`DELETE FROM feature_stats`);
    const now = t.clock.now();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60_000).toISOString().slice(0, 10);
    await t.database.db.execute(
      sql`INSERT INTO feature_stats (day, flag, count) VALUES
        (${daysAgo(400)}, 'ancient', 5), (${daysAgo(366)}, 'old', 4), (${daysAgo(365)}, 'kept', 3),
        (${daysAgo(2)}, 'search', 2), (${daysAgo(0)}, 'search', 1), (${daysAgo(0)}, 'reader', 7)`,
    );
    const ctx = cliContextFor(t.database, t.clock);
    const out = await runCommand(ctx, 'stats', ['7']);
    expect(out.split('\n')).toEqual([
      'day         flag    count',
      `${daysAgo(2)}  search  2`,
      `${daysAgo(0)}  reader  7`,
      `${daysAgo(0)}  search  1`,
      '',
      'Totals over 7 day(s):',
      '  reader  7',
      '  search  3',
    ]);
    expect((await counts()).map((r) => r.flag)).toEqual(['kept', 'search', 'reader', 'search']);
    await expect(runCommand(ctx, 'stats', ['0'])).rejects.toThrow('stats [days]');
    await expect(runCommand(ctx, 'stats', ['x'])).rejects.toThrow('stats [days]');
    expect(await runCommand(ctx, 'stats', ['1'])).toContain('reader');

    // the server prunes as well: the first count of a day drops what has grown older than a year
    await t.database.db.execute(
      sql`INSERT INTO feature_stats (day, flag, count) VALUES (${daysAgo(500)}, 'ancient', 1)`,
    );
    t.clock.advance(24 * 60 * 60_000);
    await from()({ flags: { search: 1 } });
    expect((await counts()).map((r) => r.flag)).not.toContain('ancient');
    expect((await counts()).map((r) => r.flag)).not.toContain('kept');
  });
});
