import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { NOT_A_NOTE_MESSAGE } from './service.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

const saveNote = (client: TestClient, body: Record<string, unknown>) => client.post('/item/save/note', body);
const load = (client: TestClient, id: number) =>
  client.get('/interact_api/load_user_item', { link_id: String(id) });
const search = (client: TestClient, what: string) =>
  client.get('/interact_api/load_user_items', { what }).then((r) => r.json());

describe('POST /item/save/note', () => {
  it('creates a private rich note with tags, its title taken from the text', async () => {
    const res = await saveNote(alice, {
      title: '',
      content: '<h1>Shopping list</h1><p>eggs and <strong>milk</strong></p>',
      note_type: 'rich',
      mode: 'public',
      tags: '"groceries","week end"',
      local_id: 'new-1700000000001',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items[0]).toMatchObject({
      type_name: 'note',
      title: 'Shopping list e',
      note_content: '<h1>Shopping list</h1><p>eggs and <strong>milk</strong></p>',
      is_rich_note: true,
      private: 1,
      mode: 'private',
      t_name: 'groceries,week end',
      local_id: 'new-1700000000001',
      canEdit: true,
    });
    expect(body.previous_version).toBeNull();
    expect(typeof body.version).toBe('number');
  });

  it("an empty note is an empty paragraph titled 'untitle'", async () => {
    const res = await saveNote(alice, { content: '', local_id: 'new-1700000000002' });
    expect(res.json().items[0]).toMatchObject({ title: 'untitle', note_content: '<p></p>' });
  });

  it('creating twice with one local_id makes one note, also when the two race', async () => {
    const first = (await saveNote(alice, { content: '<p>one</p>', local_id: 'new-1700000000003' })).json();
    const again = (await saveNote(alice, { content: '<p>two</p>', local_id: 'new-1700000000003' })).json();
    expect(again.items[0].link_id).toBe(first.items[0].link_id);
    expect(again.items[0].note_content).toBe('<p>two</p>');
    expect(again.previous_version).toBe(first.version);

    const racing = await Promise.all(
      [1, 2, 3].map((n) => saveNote(alice, { content: `<p>race ${n}</p>`, local_id: 'new-1700000000004' })),
    );
    const ids = new Set(racing.map((r) => r.json().items[0].link_id));
    expect(ids.size).toBe(1);
    expect((await search(alice, 'race')).total).toBe(1);
  });

  it('updates by link_id: content, a renamed title, tags kept when not sent', async () => {
    const created = (
      await saveNote(alice, { content: '<p>draft</p>', tags: '"a"', local_id: 'new-1700000000005' })
    ).json().items[0];
    const res = await saveNote(alice, {
      link_id: created.link_id,
      title: 'My title',
      content: '<p>final words</p>',
      note_type: 'rich',
      mode: 'private',
    });
    expect(res.json().items[0]).toMatchObject({
      link_id: created.link_id,
      title: 'My title',
      note_content: '<p>final words</p>',
      t_name: 'a',
    });
    const loaded = (await load(alice, created.link_id)).json().items[0];
    expect(loaded.note_content).toBe('<p>final words</p>');
  });

  it('sanitises the stored HTML', async () => {
    const res = await saveNote(alice, {
      content:
        '<p onclick="alert(1)">hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
      local_id: 'new-1700000000006',
    });
    expect(res.json().items[0].note_content).toBe('<p>hi<a>x</a></p>');
  });

  it('puts note text in the full-text index, tags stripped', async () => {
    await saveNote(alice, { content: '<p>xylophone <em>quartet</em></p>', local_id: 'new-1700000000007' });
    const found = await search(alice, 'quartet');
    expect(found.items.map((i: { title: string }) => i.title)).toEqual(['xylophone quart']);
    expect((await search(alice, 'em')).total).toBe(0);
  });

  it("another user's note is 404 and stays unchanged; a bookmark is not a note", async () => {
    const note = (await saveNote(alice, { content: '<p>mine</p>', local_id: 'new-1700000000008' })).json()
      .items[0];
    const res = await saveNote(bob, { link_id: note.link_id, content: '<p>hacked</p>' });
    expect(res.statusCode).toBe(404);
    expect((await load(bob, note.link_id)).statusCode).toBe(404);
    expect((await load(alice, note.link_id)).json().items[0].note_content).toBe('<p>mine</p>');

    // bob's local ids are his own: the same local id makes his own note
    const bobs = (await saveNote(bob, { content: '<p>bob</p>', local_id: 'new-1700000000008' })).json()
      .items[0];
    expect(bobs.link_id).not.toBe(note.link_id);

    const bookmark = await alice.post('/item/save/bookmark', { url: 'https://example.com/not-a-note' });
    const wrong = await saveNote(alice, { link_id: bookmark.json().items[0].link_id, content: '<p>x</p>' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: -1, message: NOT_A_NOTE_MESSAGE, field: 'link_id' });
  });

  it('refuses visitors and bad input with 400 naming the field', async () => {
    expect((await saveNote(t.visitor(), { content: '<p>x</p>' })).statusCode).toBe(401);
    const bad = await saveNote(alice, { content: '<p>x</p>', note_type: 'plain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('note_type');
    expect((await saveNote(alice, { link_id: 'abc' })).json().field).toBe('link_id');
  });

  it('the empty new note a client leaves is removed with delete_b', async () => {
    const note = (await saveNote(alice, { content: '<p></p>', local_id: 'new-1700000000009' })).json()
      .items[0];
    const res = await alice.post('/ditem_mana2/delete_b', { link_id: String(note.link_id) });
    expect(res.json().link_ids).toEqual([note.link_id]);
    expect((await load(alice, note.link_id)).statusCode).toBe(404);
    expect(await userIdOf(t.database, alice.name!)).toBeGreaterThan(0);
  });
});
