import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folioPgliteClient } from './pglite-driver.ts';

let raw: PGlite;
let client: PGlite;
beforeAll(async () => {
  raw = await PGlite.create();
  client = folioPgliteClient(raw);
  await raw.exec(`CREATE TABLE t (id bigint PRIMARY KEY, name text UNIQUE, at timestamptz, tags text[], doc jsonb,
                  ok boolean, price numeric, n int)`);
});
afterAll(() => raw.close());

const preparedCount = async (like: string) =>
  (
    await raw.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE $1`,
      [like],
    )
  ).rows[0]!.n;

describe('PGlite through prepared statements (pglite-driver.ts)', () => {
  it('answers what PGlite answers, for every kind of value, as objects and as arrays', async () => {
    await client.query(
      `INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8), (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
      [
        1,
        'Zoë «quoted» 𝄞, with a comma',
        new Date('2026-11-28T10:00:00.123Z'),
        ['a', 'b c', 'd"e'],
        { deep: { list: [1, 'x'] } },
        true,
        '12.50',
        -7,
      ],
    );
    const text = 'SELECT * FROM t ORDER BY id';
    // drizzle passes its own parsers for a few types (timestamps as text)
    const parsers = { 1184: (value: string) => value };
    for (const rowMode of ['object', 'array'] as const) {
      const mine = await client.query(text, [], { rowMode, parsers });
      const theirs = await raw.query(text, [], { rowMode, parsers });
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
    const [row] = (await client.query<Record<string, unknown>>(text)).rows;
    expect(row).toMatchObject({
      id: 1,
      name: 'Zoë «quoted» 𝄞, with a comma',
      tags: ['a', 'b c', 'd"e'],
      n: -7,
    });
    expect(row!.at).toEqual(new Date('2026-11-28T10:00:00.123Z'));
  });

  it('parses a statement once and runs it again by name', async () => {
    const text = 'SELECT name FROM t WHERE id = $1 /* once */';
    for (let i = 0; i < 3; i++) expect((await client.query(text, [1])).rows).toHaveLength(1);
    expect(await preparedCount('%/* once */%')).toBe(1);
  });

  it("reports the database's error with its code and fields, and goes on working", async () => {
    const insert = 'INSERT INTO t (id, name) VALUES ($1, $2)';
    const err = await client.query(insert, [3, 'Zoë «quoted» 𝄞, with a comma']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', constraint: 't_name_key', table: 't' });
    expect((err as Error).message).toMatch(/duplicate key value/);
    await expect(client.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    expect(await preparedCount('SELEC 1%')).toBe(0);
    const done = await client.query(insert, [3, 'three']);
    expect(done.affectedRows).toBe(1);
    const updated = await client.query('UPDATE t SET n = 1 WHERE id >= $1', [2]);
    expect(updated.affectedRows).toBe(2);
  });

  it('keeps other queries out of a transaction until it ends', async () => {
    let outside: Promise<unknown> | undefined;
    const order: string[] = [];
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [10, 'in a transaction']);
      outside = client.query('SELECT count(*)::int AS n FROM t WHERE id = $1', [10]).then((r) => {
        order.push('outside');
        return r.rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('commit');
    });
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['commit', 'outside']);
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [11, 'rolled back']);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await client.query('SELECT id FROM t WHERE id = $1', [11])).rows).toEqual([]);
  });

  it('prepares a statement again when its table changed under it', async () => {
    const text = 'SELECT * FROM t WHERE id = $1';
    expect(Object.keys((await client.query<object>(text, [1])).rows[0]!)).not.toContain('extra');
    await raw.exec(`ALTER TABLE t ADD COLUMN extra text DEFAULT 'new'`);
    expect((await client.query<{ extra: string }>(text, [1])).rows[0]!.extra).toBe('new');
  });

  it('keeps at most 500 statements prepared, closing the least recently used', async () => {
    for (let i = 0; i < 520; i++) await client.query(`SELECT ${i} AS n /* many */`);
    expect(await preparedCount('%/* many */%')).toBeLessThanOrEqual(500);
    expect((await client.query<{ n: number }>('SELECT 519 AS n /* many */')).rows).toEqual([{ n: 519 }]);
  });
});
