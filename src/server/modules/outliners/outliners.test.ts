import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { setPlan, setUsage } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { OUTLINER_MSG, outlinerTreeReplySchema } from '../../../shared/schemas/outliners.ts';
import { queryRows } from '../../db/client.ts';
import { InProcessEventBus } from '../../platform/event-bus.ts';
import { parseOpml } from './opml.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
const bus = new InProcessEventBus();

beforeAll(async () => {
  t = await createTestApp({}, { bus });
  alice = await t.signUp();
  bob = await t.signUp();
  // most tests make more outliners than the free plan's 3
  await setPlan(t.database, alice, 'professional');
});
afterAll(() => t.close());

async function newOutliner(client: TestClient, title = 'Reading') {
  const res = await client.post('/outliner/new', { title });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().outliner.id as number;
}
const addEntry = (client: TestClient, id: number, body: Record<string, unknown>) =>
  client.post(`/api/outliners/${id}/entries`, body);
const tree = async (client: TestClient, id: number) => (await client.get(`/api/outliners/${id}`)).json();
async function count(table: 'outliners' | 'outliner_entries'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return row!.n;
}
const itemOf = async (client: TestClient, id: number) =>
  (await client.get('/interact_api/load_user_item', { link_id: String(id) })).json().items[0];
async function highlight(client: TestClient, linkId: number, content: string) {
  const res = await client.post('/annotation_mana/add_annotation', {
    link_id: linkId,
    shape: 0,
    content,
    selector: [{ type: 'TextQuoteSelector', exact: content }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().annotation;
}

describe('the spec calls', () => {
  it('creates, lists (search, sort, order), edits and deletes', async () => {
    const a = await newOutliner(alice, 'Banana notes');
    t.clock.advance(2000);
    const b = await newOutliner(alice, 'apple plans');
    const list = (q: Record<string, string> = {}) =>
      alice.get('/outliner/list', q).then((r) => r.json().data.outliners.map((o: { id: number }) => o.id));
    expect((await list()).slice(0, 2)).toEqual([b, a]);
    expect(await list({ search: 'banana' })).toEqual([a]);
    const byTitle = await list({ sort: 'title' });
    expect(byTitle.indexOf(b)).toBeLessThan(byTitle.indexOf(a));
    expect((await list({ sort: 'created', order: 'asc', search: 'n' })).slice(-2)).toEqual([a, b]);

    const edited = await alice.post(`/outliner/${a}/edit`, { title: 'Bananas/2', description: 'd' });
    expect(edited.json().outliner).toMatchObject({ title: 'Bananas/2', description: 'd' });
    expect(edited.json().outliner.url).toMatch(/^\/o\/[0-9a-z]+\/Bananas-2$/);
    expect((await alice.post(`/outliner/${a}/delete`)).json()).toEqual({ code: 1 });
    expect(await list()).not.toContain(a);
    expect((await alice.get(`/api/outliners/${a}`)).statusCode).toBe(404);
  });

  it('counts every entry of each outliner in the list, nested ones too', async () => {
    const id = await newOutliner(alice, 'Eight entries');
    const other = await newOutliner(alice, 'Two entries');
    let parent: number | null = null;
    for (const text of ['1', '2', '3', '4']) {
      const top = (await addEntry(alice, id, { text })).json().entry.id as number;
      const child: { id: number } = (
        await addEntry(alice, id, { text: `${text}.1`, parent_id: parent ?? top })
      ).json().entry;
      parent = child.id;
    }
    await addEntry(alice, other, { text: 'a' });
    await addEntry(alice, other, { text: 'b' });
    const listed = (await alice.get('/outliner/list')).json().data.outliners as {
      id: number;
      entry_count: number;
    }[];
    expect(listed.find((o) => o.id === id)?.entry_count).toBe(8);
    expect(listed.find((o) => o.id === other)?.entry_count).toBe(2);
  });

  it('refuses an empty title, an empty edit and malformed input with 400, writing nothing', async () => {
    const before = await count('outliners');
    for (const title of ['', '   ', undefined]) {
      const res = await alice.post('/outliner/new', { title });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('title');
    }
    const id = await newOutliner(alice);
    expect((await alice.post(`/outliner/${id}/edit`, { title: '' })).statusCode).toBe(400);
    expect((await alice.post(`/outliner/${id}/edit`, {})).statusCode).toBe(400);
    expect((await alice.get('/outliner/list', { sort: 'size' })).statusCode).toBe(400);
    expect(await count('outliners')).toBe(before + 1);
  });

  it("answers 404 for another user's outliner on every call", async () => {
    const id = await newOutliner(alice, 'Private');
    const entry = (await addEntry(alice, id, { text: 'secret' })).json().entry.id;
    const item = await saveBookmark(bob);
    const calls = [
      () => bob.post(`/outliner/${id}/edit`, { title: 'Mine now' }),
      () => bob.get(`/outliner/${id}/share/link`),
      () => bob.get(`/outliner/${id}/share/disable`),
      () => bob.post('/ditem_outliner/add_to_outliner', { infos: String(item.link_id), list_id: id }),
      () => bob.post('/ditem_outliner/add_text_to_outliner', { text: 'x', outliner_id: id }),
      () => bob.get(`/api/outliners/${id}`),
      () => bob.get(`/api/outliners/${id}/export`, { format: 'opml' }),
      () => addEntry(bob, id, { text: 'x' }),
      () => bob.post(`/api/outliners/${id}/entries/${entry}`, { text: 'changed' }),
      () => bob.post(`/api/outliners/${id}/entries/${entry}/delete`),
      () => bob.post(`/outliner/${id}/delete`),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(404);
    expect((await t.visitor().get(`/api/outliners/${id}`)).statusCode).toBe(401);
    const kept = await tree(alice, id);
    expect(kept.outliner).toMatchObject({ title: 'Private', privacy: 0 });
    expect(kept.entries.map((e: { text: string }) => e.text)).toEqual(['secret']);
    // bob's list never shows it
    const bobs = (await bob.get('/outliner/list')).json().data.outliners;
    expect(bobs.map((o: { id: number }) => o.id)).not.toContain(id);
  });
});

describe('quota', () => {
  it("refuses past the plan's quota with code '0' and a reason, and counts in user info", async () => {
    const carol = await t.signUp();
    const info = async () =>
      (await carol.get('/interact_api/load_user_info')).json().permissions.outlinerPermission;
    expect(await info()).toEqual({ outlinerPermission: true, outlinerQuota: 3, outlinerUsedCount: 0 });
    const ids = [await newOutliner(carol), await newOutliner(carol), await newOutliner(carol)];
    expect(await info()).toEqual({ outlinerPermission: false, outlinerQuota: 3, outlinerUsedCount: 3 });
    const refused = await carol.post('/outliner/new', { title: 'Fourth' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ code: '0', reason: OUTLINER_MSG.quota, message: OUTLINER_MSG.quota });
    expect((await carol.get('/outliner/list')).json().data.outliners).toHaveLength(3);
    // a delete gives the unit back
    await carol.post(`/outliner/${ids[0]}/delete`);
    expect((await info()).outlinerUsedCount).toBe(2);
    expect((await carol.post('/outliner/new', { title: 'Fourth' })).statusCode).toBe(200);
    await setUsage(t.database, carol, 'outliner', 3);
    const { payload, headers } = multipartBody([
      { name: 'file', value: OPML, filename: 'x.opml', contentType: 'text/x-opml' },
    ]);
    const imported = await carol.request({ method: 'POST', url: '/api/outliners/import', payload, headers });
    expect(imported.statusCode).toBe(402);
    expect(imported.json().code).toBe('0');
  });
});

describe('sharing', () => {
  it('shares read-only by a 128-bit key, turns off, and a re-enable makes a new key', async () => {
    const id = await newOutliner(alice, 'Shared');
    await addEntry(alice, id, { text: 'visible line' });
    const first = (await alice.get(`/outliner/${id}/share/link`)).json();
    expect(first.code).toBe(1);
    expect(Buffer.from(first.share_key, 'base64url')).toHaveLength(16);
    expect(first.share_link).toBe(`http://localhost:3000/outliner_shared/${first.share_key}`);
    expect((await alice.get(`/outliner/${id}/share/link`)).json().share_key).toBe(first.share_key);
    expect((await tree(alice, id)).outliner).toMatchObject({ privacy: 2, share_key: first.share_key });

    const visitor = t.visitor();
    const shared = await visitor.get(`/api/outliners/shared/${first.share_key}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().entries.map((e: { text: string }) => e.text)).toEqual(['visible line']);
    // read-only: the key opens nothing else
    expect((await visitor.post(`/api/outliners/${id}/entries`, { text: 'x' })).statusCode).toBe(401);
    expect((await bob.post(`/api/outliners/${id}/entries`, { text: 'x' })).statusCode).toBe(404);
    expect((await visitor.get(`/api/outliners/shared/${first.share_key}x`)).statusCode).toBe(404);

    expect((await alice.get(`/outliner/${id}/share/disable`)).json()).toEqual({ code: 1 });
    expect((await visitor.get(`/api/outliners/shared/${first.share_key}`)).statusCode).toBe(404);
    expect((await tree(alice, id)).outliner).toMatchObject({ privacy: 0, share_key: null, share_link: null });

    const again = (await alice.get(`/outliner/${id}/share/link`)).json();
    expect(again.share_key).not.toBe(first.share_key);
    expect((await visitor.get(`/api/outliners/shared/${first.share_key}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/outliners/shared/${again.share_key}`)).statusCode).toBe(200);
  });

  it('refuses turning sharing on from another site', async () => {
    const id = await newOutliner(alice);
    const res = await alice.request({
      method: 'GET',
      url: `/outliner/${id}/share/link`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect((await tree(alice, id)).outliner.privacy).toBe(0);
  });
});

describe('the tree', () => {
  it('creates, edits, moves and deletes entries; refuses a cycle', async () => {
    const id = await newOutliner(alice, 'Tree');
    const a = (await addEntry(alice, id, { text: 'A' })).json().entry;
    const b = (await addEntry(alice, id, { text: 'B', after_id: a.id })).json().entry;
    const c = (await addEntry(alice, id, { text: 'C', parent_id: a.id })).json().entry;
    const d = (await addEntry(alice, id, { text: 'D', parent_id: a.id, after_id: c.id })).json().entry;
    const texts = async () =>
      (await tree(alice, id)).entries.map((e: { text: string; parent_id: number | null }) => [
        e.text,
        e.parent_id,
      ]);
    expect(await texts()).toEqual([
      ['A', null],
      ['C', a.id],
      ['D', a.id],
      ['B', null],
    ]);
    const edit = (entryId: number, body: Record<string, unknown>) =>
      alice.post(`/api/outliners/${id}/entries/${entryId}`, body);
    const edited = await edit(c.id, { text: 'C2', note: 'n', collapsed: true });
    expect(edited.json().entry).toMatchObject({ text: 'C2', note: 'n', collapsed: true, parent_id: a.id });
    // indent B under A after D, outdent D to the top after B, then first at the top
    expect((await edit(b.id, { after_id: d.id })).json().entry.parent_id).toBe(a.id);
    expect((await edit(d.id, { parent_id: null, after_id: a.id })).json().entry.parent_id).toBeNull();
    await edit(d.id, { parent_id: null, after_id: null });
    expect(await texts()).toEqual([
      ['D', null],
      ['A', null],
      ['C2', a.id],
      ['B', a.id],
    ]);
    // under itself or its own entry: 400, nothing moves
    for (const body of [{ parent_id: a.id }, { parent_id: c.id }, { after_id: c.id }]) {
      const res = await edit(a.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await edit(a.id, { parent_id: c.id })).json().message).toBe(OUTLINER_MSG.cycle);
    // unknown or foreign entry ids in the body: 400
    const other = await newOutliner(alice, 'Other');
    const foreign = (await addEntry(alice, other, { text: 'elsewhere' })).json().entry.id;
    expect((await edit(a.id, { parent_id: foreign })).statusCode).toBe(400);
    expect((await addEntry(alice, id, { parent_id: 999999 })).statusCode).toBe(400);
    expect((await addEntry(alice, id, { after_id: c.id })).statusCode).toBe(400);
    expect((await alice.post(`/api/outliners/${id}/entries/${foreign}`, { text: 'x' })).statusCode).toBe(404);
    expect(await texts()).toEqual([
      ['D', null],
      ['A', null],
      ['C2', a.id],
      ['B', a.id],
    ]);
    const removed = await alice.post(`/api/outliners/${id}/entries/${a.id}/delete`);
    expect(removed.json().removed.sort()).toEqual([a.id, b.id, c.id].sort());
    expect(await texts()).toEqual([['D', null]]);
  });

  it('spaces siblings out again when inserts at one place make keys long', async () => {
    const id = await newOutliner(alice, 'Dense');
    const first = (await addEntry(alice, id, { text: 'first' })).json().entry;
    await addEntry(alice, id, { text: 'last', after_id: first.id });
    let respaced = 0;
    for (let i = 0; i < 150; i++) {
      const res = (await addEntry(alice, id, { text: `n${i}`, after_id: first.id })).json();
      expect(res.entry.position.length).toBeLessThanOrEqual(24);
      respaced += res.repositioned.length > 0 ? 1 : 0;
    }
    expect(respaced).toBeGreaterThan(0);
    const texts = (await tree(alice, id)).entries.map((e: { text: string }) => e.text);
    expect(texts[0]).toBe('first');
    expect(texts[1]).toBe('n149');
    expect(texts.at(-1)).toBe('last');
  });
});

describe('items and highlights in outliners', () => {
  it('adds items (inoutliner, ouliner_id), skips held ones, and refuses bad infos writing nothing', async () => {
    const id = await newOutliner(alice, 'Library picks');
    const one = await saveBookmark(alice, { title: 'One' });
    const two = await saveBookmark(alice, { title: 'Two' });
    const loose = await saveBookmark(alice, { title: 'Loose' });
    const bobs = await saveBookmark(bob);
    const before = await count('outliner_entries');
    for (const infos of ['abc', '', `${one.link_id},999999`, String(bobs.link_id), '[1,"x"]']) {
      const res = await alice.post('/ditem_outliner/add_to_outliner', { infos, list_id: id });
      expect(res.statusCode, infos).toBe(400);
    }
    expect(
      (await alice.post('/ditem_outliner/add_to_outliner', { infos: '1', list_id: 'x' })).statusCode,
    ).toBe(400);
    expect(await count('outliner_entries')).toBe(before);

    const added = await alice.post('/ditem_outliner/add_to_outliner', {
      infos: JSON.stringify([one.link_id, two.link_id]),
      list_id: String(id),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().entries.map((e: { title: string; kind: string }) => [e.kind, e.title])).toEqual([
      ['item', 'One'],
      ['item', 'Two'],
    ]);
    const again = await alice.post('/ditem_outliner/add_to_outliner', {
      infos: `${one.link_id}`,
      list_id: id,
    });
    expect(again.json().entries).toEqual([]);
    expect((await itemOf(alice, one.link_id)).ouliner_id).toEqual([id]);
    const notIn = await alice.get('/interact_api/load_user_items', {
      username: alice.name,
      inoutliner: 'no',
      count: '96',
    });
    const notInIds = notIn.json().items.map((i: { link_id: number }) => i.link_id);
    expect(notInIds).toContain(loose.link_id);
    expect(notInIds).not.toContain(one.link_id);
    expect(notInIds).not.toContain(two.link_id);
    // removing the entry frees the item again
    const entry = added.json().entries[1].id;
    await alice.post(`/api/outliners/${id}/entries/${entry}/delete`);
    expect((await itemOf(alice, two.link_id)).ouliner_id).toEqual([]);
  });

  it('turns entries of a deleted item or highlight into text, keeping the title and quote', async () => {
    const id = await newOutliner(alice, 'Survivors');
    const page = await saveBookmark(alice, { title: 'Gone page' });
    const other = await saveBookmark(alice, { title: 'Kept page' });
    const ann = await highlight(alice, other.link_id, 'a memorable quote');
    const ann2 = await highlight(alice, page.link_id, 'page quote');
    await alice.post('/ditem_outliner/add_to_outliner', { infos: String(page.link_id), list_id: id });
    const fromHighlight = await alice.post('/ditem_outliner/add_text_to_outliner', {
      text: 'a memorable quote',
      outliner_id: id,
      ann_id: ann.id,
    });
    expect(fromHighlight.json().entry).toMatchObject({
      kind: 'highlight',
      quote: 'a memorable quote',
      color: 'yellow',
    });
    await addEntry(alice, id, { ann_id: ann2.id });
    // an entry made without after_id comes first
    expect((await tree(alice, id)).entries.map((e: { kind: string }) => e.kind)).toEqual([
      'highlight',
      'item',
      'highlight',
    ]);

    await alice.post('/annotation_mana/remove_annotation', { ann_id: ann.id, link_id: other.link_id });
    await alice.post('/ditem_mana2/delete_b', { link_id: String(page.link_id) });
    const kinds = async () =>
      (await tree(alice, id)).entries.map((e: { kind: string; text: string }) => [e.kind, e.text]);
    // in the trash, its entries are left out of the tree; deleted for good, they become text
    expect(await kinds()).toEqual([['text', 'a memorable quote']]);
    await alice.post('/api/trash/delete', { link_id: String(page.link_id) });
    const entries = (await tree(alice, id)).entries;
    expect(
      entries.map((e: { kind: string; text: string; link_id: null; ann_id: null }) => [
        e.kind,
        e.text,
        e.link_id,
        e.ann_id,
      ]),
    ).toEqual([
      ['text', 'page quote', null, null],
      ['text', 'Gone page', null, null],
      ['text', 'a memorable quote', null, null],
    ]);
  });

  it('reads each change to what the tree shows, after the tree was read (the kept reply follows tree_version)', async () => {
    const id = await newOutliner(alice, 'Kept');
    const page = await saveBookmark(alice, { title: 'Old title' });
    const ann = await highlight(alice, page.link_id, 'kept quote');
    await alice.post('/ditem_outliner/add_to_outliner', { infos: String(page.link_id), list_id: id });
    await addEntry(alice, id, { ann_id: ann.id });
    const shown = async () =>
      (await tree(alice, id)).entries.map((e: { kind: string; title: string; color: string | null }) =>
        e.kind === 'item' ? e.title : e.color,
      );
    expect(await shown()).toEqual(['yellow', 'Old title']);
    expect(await shown()).toEqual(['yellow', 'Old title']);
    // a change made in the database by any writer, not through this module
    await t.database.db.execute(sql`UPDATE items SET title = 'New title' WHERE id = ${page.link_id}`);
    expect(await shown()).toEqual(['yellow', 'New title']);
    const recolour = await alice.post('/annotation_mana/change_annotation_color', {
      ann_id: String(ann.id),
      link_id: page.link_id,
      color: 'blue',
    });
    expect(recolour.statusCode, recolour.body).toBe(200);
    expect(await shown()).toEqual(['blue', 'New title']);
    const [first] = (await tree(alice, id)).entries;
    await alice.post(`/api/outliners/${id}/entries/${first.id}`, { text: 'edited' });
    expect((await tree(alice, id)).entries[0].text).toBe('edited');
    // the shared page reads the same kept reply
    const { share_key } = (await alice.get(`/outliner/${id}/share/link`)).json();
    const shared = (await t.visitor().get(`/api/outliners/shared/${share_key}`)).json();
    expect(shared.entries[0].text).toBe('edited');
    // the reply is sent as kept text, past the serialiser's check: check it against its schema here
    expect(outlinerTreeReplySchema.safeParse(await tree(alice, id)).success).toBe(true);
    expect(outlinerTreeReplySchema.safeParse(shared).success).toBe(true);
  });

  it('adds plain text, or text linked to its highlight per the source_link setting', async () => {
    const id = await newOutliner(alice, 'Texts');
    const page = await saveBookmark(alice);
    const ann = await highlight(alice, page.link_id, 'linked words');
    const plain = await alice.post('/ditem_outliner/add_text_to_outliner', {
      text: 'just text',
      outliner_id: id,
    });
    expect(plain.json().entry).toMatchObject({ kind: 'text', text: 'just text', link_id: null });
    const set = await alice.post('/interact_api/set_outliner_settings', {
      data: JSON.stringify({ source_link: 0 }),
    });
    expect(set.json()).toEqual({ code: 1, settings: { quota: true, sourceLink: false } });
    const unlinked = await alice.post('/ditem_outliner/add_text_to_outliner', {
      text: 'linked words',
      outliner_id: id,
      ann_id: ann.id,
    });
    expect(unlinked.json().entry.kind).toBe('text');
    await alice.post('/interact_api/set_outliner_settings', { data: { source_link: true, quota: false } });
    expect((await alice.get('/api/outliners/settings')).json().settings).toEqual({
      quota: false,
      sourceLink: true,
    });
    // another user's highlight, empty text, unknown outliner
    const bobPage = await saveBookmark(bob);
    const bobAnn = await highlight(bob, bobPage.link_id, 'bob words');
    expect(
      (
        await alice.post('/ditem_outliner/add_text_to_outliner', {
          text: 'x',
          outliner_id: id,
          ann_id: bobAnn.id,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await alice.post('/ditem_outliner/add_text_to_outliner', { text: ' ', outliner_id: id })).statusCode,
    ).toBe(400);
    expect(
      (await alice.post('/ditem_outliner/add_text_to_outliner', { text: 'x', outliner_id: 999999 }))
        .statusCode,
    ).toBe(404);
    expect((await alice.post('/interact_api/set_outliner_settings', { data: '{}' })).statusCode).toBe(400);
    expect((await tree(alice, id)).entries).toHaveLength(2);
  });
});

const OPML = `<?xml version="1.0"?>
<opml version="2.0"><head><title>Imported &amp; kept</title></head><body>
  <outline text="Top" _note="top note"><outline text="Child &lt;1&gt;"/><outline text="Link" type="link" url="https://x.test/"/></outline>
  <outline text="Second"/>
</body></opml>`;

describe('export and import', () => {
  it('imports OPML as a new outliner and exports it again (round trip)', async () => {
    const { payload, headers } = multipartBody([
      { name: 'file', value: OPML, filename: 'mine.opml', contentType: 'text/x-opml' },
    ]);
    const res = await alice.request({ method: 'POST', url: '/api/outliners/import', payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 4, outliner: { title: 'Imported & kept' } });
    const id = res.json().outliner.id;
    const exported = await alice.get(`/api/outliners/${id}/export`, { format: 'opml' });
    expect(exported.headers['content-type']).toContain('text/x-opml');
    expect(exported.headers['content-disposition']).toContain('attachment');
    const again = parseOpml(exported.body);
    expect(again).toEqual(parseOpml(OPML));
    const md = await alice.get(`/api/outliners/${id}/export`, { format: 'md' });
    expect(md.body).toBe(
      '# Imported & kept\n\n- Top\n  top note\n  - Child <1>\n  - Link https://x.test/\n- Second\n',
    );
    expect((await alice.get(`/api/outliners/${id}/export`, { format: 'pdf' })).statusCode).toBe(400);
  });

  it('refuses a file that is not OPML, writing nothing', async () => {
    const before = await count('outliners');
    for (const value of [
      'plain text',
      '<opml><body></body></opml>',
      '<html><body><outline text="x"/></body></html>',
    ]) {
      const { payload, headers } = multipartBody([
        { name: 'file', value, filename: 'x.opml', contentType: 'text/plain' },
      ]);
      const res = await alice.request({ method: 'POST', url: '/api/outliners/import', payload, headers });
      expect(res.statusCode, value).toBe(400);
    }
    expect(await count('outliners')).toBe(before);
  });
});

describe('live', () => {
  it("sends each change to the owner's tabs, with the tab that made it", async () => {
    const id = await newOutliner(alice, 'Live');
    const [owner] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id::float8 AS id FROM users WHERE name = ${alice.name}`,
    );
    const seen: unknown[] = [];
    const stop = bus.subscribe(`user:${owner!.id}`, (m) => seen.push(m));
    await alice.post(`/api/outliners/${id}/entries`, { text: 'from tab 1' }, { 'x-folio-tab': 'tab-1' });
    stop();
    expect(seen).toContainEqual(
      expect.objectContaining({
        cmd: 'outliner',
        outliner_id: id,
        change: 'entries',
        tab: 'tab-1',
        item: expect.objectContaining({ entries: [expect.objectContaining({ text: 'from tab 1' })] }),
      }),
    );
  });
});
