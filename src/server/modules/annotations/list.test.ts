import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

interface Ann {
  id: number;
  shape: number;
  content: string;
}
const add = async (linkId: number, content: string, shape = 0) => {
  const selector =
    shape === 2
      ? [{ type: 'FloatPositionSelector', x: 0.1, y: 0.1 }]
      : [{ type: 'TextQuoteSelector', exact: content, prefix: '', suffix: '' }];
  const res = await alice.post('/annotation_mana/add_annotation', {
    link_id: linkId,
    shape,
    content,
    color: 'yellow',
    selector: JSON.stringify(selector),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().annotation as Ann;
};
const page = (client: TestClient, query: Record<string, string>) =>
  client.get('/api/annotations/list', query);
const listRow = async (client: TestClient, linkId: number, what = '') => {
  const res = await client.get('/interact_api/load_user_items', { username: alice.name!, what, count: '96' });
  if (!res.json().items) throw new Error(res.body);
  return (res.json().items as { link_id: number; annotations: Ann[]; annotation_count: number }[]).find(
    (i) => i.link_id === linkId,
  )!;
};

describe('annotations in library rows and GET /api/annotations/list', () => {
  let item: number;
  let all: Ann[];
  beforeAll(async () => {
    item = (await saveBookmark(alice, { private: false })).link_id;
    const highlights = [];
    for (let n = 0; n < 7; n += 1)
      highlights.push(await add(item, `highlight ${n} ${n === 5 ? 'zebra' : ''}`));
    const float = await add(item, 'a float note', 2);
    all = [float, ...highlights];
  });

  it('a row carries the first three, float notes first, and the total', async () => {
    const row = await listRow(alice, item);
    expect(row.annotation_count).toBe(8);
    expect(row.annotations.map((a) => a.id)).toEqual(all.slice(0, 3).map((a) => a.id));
    // a visitor's view of the public item is capped the same way
    expect((await listRow(bob, item)).annotations).toHaveLength(3);
  });

  it('a searched row carries the annotations matching the search first', async () => {
    const row = await listRow(alice, item, 'zebra');
    expect(row.annotations.map((a) => a.content)[0]).toContain('zebra');
    expect(row.annotations).toHaveLength(3);
  });

  it('pages through every annotation in the row order, with the total', async () => {
    const first = await page(alice, { link_id: String(item), offset: '0', limit: '5' });
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(8);
    const second = (await page(alice, { link_id: String(item), offset: '5', limit: '5' })).json();
    const ids = [...first.json().annotations, ...second.annotations].map((a: Ann) => a.id);
    expect(ids).toEqual(all.map((a) => a.id));
    expect(second.annotations[0]).toMatchObject({
      link_id: item,
      stickyNotes: [],
      extra: { color: 'yellow' },
    });
    // defaults, and a visitor may read a public item's
    expect((await page(t.visitor(), { link_id: String(item) })).json().annotations).toHaveLength(8);
  });

  it("refuses another user's private item as missing, and bad paging with 400", async () => {
    const hidden = (await saveBookmark(alice, { private: true })).link_id;
    await add(hidden, 'secret words');
    for (const client of [bob, t.visitor()]) {
      const res = await page(client, { link_id: String(hidden) });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret');
    }
    expect((await page(alice, { link_id: String(hidden) })).json().annotations).toHaveLength(1);
    for (const [query, field] of [
      [{ link_id: 'x' }, 'link_id'],
      [{ link_id: String(item), limit: '0' }, 'limit'],
      [{ link_id: String(item), limit: '201' }, 'limit'],
      [{ link_id: String(item), offset: '-1' }, 'offset'],
    ] as const) {
      const res = await page(alice, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: -1, field });
    }
  });
});
