import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { ENTRY_TEXT_MAX, OUTLINER_TITLE_MAX } from '../../../shared/schemas/outliners.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let alice: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
});
afterAll(() => t.close());

async function newOutliner(title = 'Input') {
  const res = await alice.post('/outliner/new', { title });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().outliner.id as number;
}
/** Every entry of the outliner as stored, to see that a refused call changed nothing. */
const stored = (id: number) =>
  queryRows(
    t.database.db,
    sql`SELECT id, parent_id, position, kind, text, note, collapsed, link_id, ann_id
        FROM outliner_entries WHERE outliner_id = ${id} ORDER BY id`,
  );

describe('outliner input', () => {
  it('refuses malformed entry bodies with 400, writing nothing', async () => {
    const id = await newOutliner();
    const entry = (await alice.post(`/api/outliners/${id}/entries`, { text: 'kept' })).json().entry;
    const before = await stored(id);
    const creates = [
      { text: 'x'.repeat(ENTRY_TEXT_MAX + 1) },
      { parent_id: 'top' },
      { after_id: -3 },
      { link_id: 'abc' },
      { ann_id: 999999 },
      { link_id: 999999 },
    ];
    for (const body of creates) {
      const res = await alice.post(`/api/outliners/${id}/entries`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const edits = [
      { text: 'x'.repeat(ENTRY_TEXT_MAX + 1) },
      { parent_id: 'x' },
      { after_id: entry.id },
      { parent_id: 999999 },
    ];
    for (const body of edits) {
      const res = await alice.post(`/api/outliners/${id}/entries/${entry.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await alice.post(`/api/outliners/${id}/entries/999999`, { text: 'y' })).statusCode).toBe(404);
    expect((await alice.post(`/api/outliners/${id}/entries/999999/delete`)).statusCode).toBe(404);
    expect((await alice.post(`/api/outliners/${id}/entries/abc`, { text: 'y' })).statusCode).toBe(400);
    expect(await stored(id)).toEqual(before);
  });

  it('refuses a title too long or a missing outliner, changing nothing', async () => {
    const id = await newOutliner('Stays');
    const long = 'x'.repeat(OUTLINER_TITLE_MAX + 1);
    expect((await alice.post('/outliner/new', { title: long })).statusCode).toBe(400);
    expect((await alice.post(`/outliner/${id}/edit`, { title: long })).statusCode).toBe(400);
    expect((await alice.post('/outliner/999999/edit', { title: 'New' })).statusCode).toBe(404);
    expect((await alice.post('/outliner/abc/delete')).statusCode).toBe(400);
    expect((await alice.get('/api/outliners/999999')).statusCode).toBe(404);
    const list = (await alice.get('/outliner/list')).json().data.outliners as { title: string }[];
    expect(list.map((o) => o.title).sort()).toEqual(['Input', 'Stays']);
  });

  it('shares only what the entries hold of their items', async () => {
    const id = await newOutliner('Shared items');
    const item = await saveBookmark(alice, { title: 'A saved page', description: 'private summary' });
    await alice.post('/ditem_outliner/add_to_outliner', { infos: String(item.link_id), list_id: id });
    await alice.post(`/api/outliners/${id}/entries`, { text: 'plain line' });
    const { share_key } = (await alice.get(`/outliner/${id}/share/link`)).json();
    const shared = (await t.visitor().get(`/api/outliners/shared/${share_key}`)).json();
    expect(Object.keys(shared).sort()).toEqual(['code', 'entries', 'outliner', 'owner']);
    const [text, linked] = shared.entries as Record<string, unknown>[];
    expect(Object.keys(linked!).sort()).toEqual(
      [
        'ann_id',
        'ann_md5',
        'collapsed',
        'color',
        'id',
        'item_type',
        'kind',
        'link_id',
        'note',
        'parent_id',
        'position',
        'quote',
        'text',
        'title',
        'url',
      ].sort(),
    );
    expect(linked).toMatchObject({ kind: 'item', title: 'A saved page', link_id: item.link_id });
    expect(JSON.stringify(shared)).not.toContain('private summary');
    expect(text).toMatchObject({ kind: 'text', title: null, url: null, link_id: null });
  });
});
