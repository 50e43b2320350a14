import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHighlight } from '../../../../test/factories/annotations.ts';
import { saveBookmark, userIdOf } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('item_counts (kept by triggers) and the list totals read from them', () => {
  it('stay equal to a recount after random saves, read and privacy changes, highlights and deletes', async () => {
    const owner = await t.signUp();
    const visitor = await t.signUp();
    const uid = await userIdOf(t.database, owner.name!);
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor(seed / 65536) % n; // the low bits of this generator repeat every few steps
    };
    const ids: number[] = [];
    const highlights = new Map<number, number[]>();
    for (let step = 0; step < 70; step += 1) {
      const op = ids.length === 0 ? 0 : rand(8);
      const id = ids[rand(ids.length)] ?? 0;
      if (op === 0 || op === 1) {
        const saved = await saveBookmark(owner, {
          url: `https://example.com/${step}`,
          private: rand(2) === 0,
          unread: rand(2) === 0,
        });
        ids.push(saved.link_id);
      }
      if (op === 2) {
        const res = await owner.post('/item/save/note', { title: `n${step}`, content: '<p>n</p>' });
        ids.push((res.json() as { items: { link_id: number }[] }).items[0]!.link_id);
      }
      if (op === 3) await owner.post('/ditem_mana2/mark_readed', { link_id: id, readed: rand(2) });
      if (op === 4)
        await owner.post('/ditem_mana2/convert_mode', { link_id: id, mode: rand(2) ? 'public' : 'private' });
      if (op === 5) {
        await owner.post('/ditem_mana2/delete_b', { link_id: id });
        ids.splice(ids.indexOf(id), 1);
      }
      if (op === 6) highlights.set(id, [...(highlights.get(id) ?? []), await addHighlight(owner, id)]);
      const last = highlights.get(id)?.pop();
      if (op === 7 && last)
        await owner.post('/annotation_mana/remove_annotation', { link_id: id, ann_id: last });
      else if (last) highlights.get(id)!.push(last);
    }

    const mismatches = await queryRows(
      t.database.db,
      sql`SELECT * FROM (
            SELECT user_id, type, private, unread, annotation_count > 0 AS annotated, count(*)::int AS n
            FROM items WHERE user_id = ${uid} AND trashed_at IS NULL
            GROUP BY user_id, type, private, unread, annotation_count > 0
          ) real FULL JOIN (SELECT * FROM item_counts WHERE user_id = ${uid} AND n <> 0) kept
            USING (user_id, type, private, unread, annotated)
          WHERE real.n IS DISTINCT FROM kept.n`,
    );
    expect(mismatches).toEqual([]);

    // every total a counter answers equals the rows the list returns
    const totals = async (client: typeof owner, query: Record<string, string>) => {
      const all = { ...query, username: owner.name!, count: '96' };
      const body = (await client.get('/interact_api/load_user_items', all)).json() as {
        total: number;
        items: unknown[];
        unread_total: number;
      };
      return body;
    };
    const [real] = await queryRows<{
      all: number;
      unread: number;
      pub: number;
      notes: number;
      priv_unread: number;
      annotated: number;
      pub_annotated: number;
    }>(
      t.database.db,
      sql`SELECT count(*)::int AS all, (count(*) FILTER (WHERE unread))::int AS unread,
            (count(*) FILTER (WHERE NOT private))::int AS pub, (count(*) FILTER (WHERE type = 'note'))::int AS notes,
            (count(*) FILTER (WHERE private AND unread))::int AS priv_unread,
            (count(*) FILTER (WHERE annotation_count > 0))::int AS annotated,
            (count(*) FILTER (WHERE annotation_count > 0 AND NOT private))::int AS pub_annotated
          FROM items WHERE user_id = ${uid} AND trashed_at IS NULL`,
    );
    expect(ids.length).toBe(real!.all);
    const everything = await totals(owner, {});
    expect([everything.total, everything.unread_total]).toEqual([real!.all, real!.unread]);
    expect((await totals(owner, { unread: 'yes' })).total).toBe(real!.unread);
    expect((await totals(owner, { type: 'note' })).total).toBe(real!.notes);
    expect((await totals(owner, { privacy: 'private', unread: 'yes' })).total).toBe(real!.priv_unread);
    expect((await totals(owner, { privacy: 'public' })).total).toBe(real!.pub);
    expect(real!.annotated).toBeGreaterThan(0);
    expect(real!.annotated).toBeLessThan(real!.all);
    const annotated = await totals(owner, { ann: 'yes' });
    expect([annotated.total, annotated.items.length]).toEqual([real!.annotated, real!.annotated]);
    expect((await totals(owner, { ann: 'no' })).total).toBe(real!.all - real!.annotated);
    expect((await totals(visitor, { ann: 'yes' })).total).toBe(real!.pub_annotated);
    // a visitor is told only about public items, whatever the filter
    const seen = await totals(visitor, {});
    expect([seen.total, seen.unread_total]).toEqual([real!.pub, 0]);
    expect((await totals(visitor, { privacy: 'private' })).total).toBe(0);
    expect((await totals(visitor, { unread: 'yes' })).total).toBe(real!.pub);
  });
});
