import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark, saveNote, userIdOf } from '../../../../test/factories/items.ts';
import { fixture, uploadFile } from '../../../../test/factories/uploads.ts';
import { setUsage } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

let seq = 0;
async function highlight(client: TestClient, linkId: number, note?: string) {
  seq += 1;
  const content = `quoted words ${seq}`;
  const res = await client.post('/annotation_mana/add_annotation', {
    link_id: linkId,
    shape: 0,
    content,
    color: 'green',
    selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: content, prefix: 'a ', suffix: ' b' }]),
  });
  const ann = res.json().annotation;
  if (note)
    await client.post('/annotation_mana/post_sticky_note', {
      sContent: note,
      link_id: linkId,
      ann_id: ann.id,
      sMode: 2,
    });
  return ann;
}
const loadItem = async (client: TestClient, id: number) =>
  (await client.get('/interact_api/load_user_item', { link_id: String(id) })).json().items[0];
const copy = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/interact_api/copy_item', body);
async function countOf(table: string, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE user_id = ${userId}`,
  );
  return row!.n;
}
async function snapshot(userId: number) {
  return {
    items: await countOf('items', userId),
    annotations: await countOf('annotations', userId),
    sticky: await countOf('sticky_notes', userId),
    files: await countOf('item_files', userId),
    pages: await countOf('item_pages', userId),
  };
}

describe('POST /interact_api/copy_item', () => {
  it('copies a public bookmark with its tags, page copy, highlights and sticky notes when asked', async () => {
    const src = await saveBookmark(alice, {
      title: 'Shared article',
      tags: 'reading,"long form"',
      private: false,
    });
    const aliceId = await userIdOf(t.database, alice.name!);
    await t.database.db.execute(sql`
      INSERT INTO item_pages (item_id, user_id, source_url, final_url, title, html, text, pictures, captured_at)
      VALUES (${src.link_id}, ${aliceId}, ${src.url as string}, ${src.url as string}, 'T', '<p>Body text</p>', 'Body text', '[]', now())`);
    await highlight(alice, src.link_id, 'my sticky thought');
    await highlight(alice, src.link_id);

    const res = await copy(bob, {
      link_id: String(src.link_id),
      owner_id: String(aliceId),
      copy_annotations: 'true',
    });
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply.message).toBe('1 item saved to you Library.');
    const copied = reply.items[0];
    expect(copied.link_id).not.toBe(src.link_id);
    expect(copied).toMatchObject({
      title: 'Shared article',
      url: src.url,
      t_name: 'reading,long form',
      private: 1,
      canEdit: true,
      user_name: bob.name,
      annotation_count: 2,
    });
    const full = await loadItem(bob, copied.link_id);
    expect(full.annotations.map((a: { extra: { color: string } }) => a.extra.color)).toEqual([
      'green',
      'green',
    ]);
    expect(full.annotations[0].stickyNotes.map((n: { content: string }) => n.content)).toEqual([
      'my sticky thought',
    ]);
    expect(full.annotations[0].link_id).toBe(copied.link_id);
    const reader = await bob.get('/api/items/reader', { link_id: String(copied.link_id) });
    expect(reader.statusCode).toBe(200);
    expect(reader.body).toContain('Body text');

    // independence: changing or deleting either side leaves the other as it was
    await bob.post('/interact_api/edit_item_tags', {
      editTags: 'mine',
      editTagOption: 0,
      link_id: copied.link_id,
    });
    expect((await loadItem(alice, src.link_id)).t_name).toBe('reading,long form');
    await alice.post('/ditem_mana2/delete_b', { link_id: String(src.link_id) });
    await t.jobs.runDueJobs();
    const after = await loadItem(bob, copied.link_id);
    expect(after.annotation_count).toBe(2);
    expect(JSON.stringify(after.annotations)).toContain('my sticky thought');
    expect((await bob.get('/api/items/reader', { link_id: String(copied.link_id) })).body).toContain(
      'Body text',
    );
  });

  it("copies without annotations unless asked, and each copied highlight takes the copier's quota", async () => {
    const src = await saveBookmark(alice, { private: false });
    await highlight(alice, src.link_id);
    await highlight(alice, src.link_id);
    const plain = (await copy(bob, { link_id: src.link_id, copy_annotations: '' })).json().items[0];
    expect(plain.annotation_count).toBe(0);
    await bob.post('/ditem_mana2/delete_b', { link_id: String(plain.link_id) });

    // one unit short of the free highlight quota: the copy with two highlights is refused whole
    const quota = (await bob.get('/interact_api/load_user_info')).json().permissions.annPermission;
    const bobId = await userIdOf(t.database, bob.name!);
    await setUsage(t.database, bob, 'annotation', quota.annotationQuota - 1);
    const before = await snapshot(bobId);
    const refused = await copy(bob, { link_id: src.link_id, copy_annotations: true });
    expect(refused.statusCode).toBe(402);
    expect(await snapshot(bobId)).toEqual(before);
    await setUsage(t.database, bob, 'annotation', 0);
    const ok = (await copy(bob, { link_id: src.link_id, copy_annotations: true })).json().items[0];
    expect(ok.annotation_count).toBe(2);
    const used = (await bob.get('/interact_api/load_user_info')).json().permissions.annPermission;
    expect(used.annotationUsedCount).toBe(2);
  });

  it('copies an image with its own file and thumbnails, under the pdf/image quota; either side may go', async () => {
    const up = (
      await uploadFile(alice, fixture('photo.jpg'), {
        url: '/item/save/image',
        filename: 'p.jpg',
        fields: { private: 'false' },
      })
    ).json().items[0];
    await t.jobs.runDueJobs();
    const bobId = await userIdOf(t.database, bob.name!);
    await setUsage(t.database, bob, 'image', 10_000);
    const before = await snapshot(bobId);
    expect((await copy(bob, { link_id: up.link_id })).statusCode).toBe(402);
    expect(await snapshot(bobId)).toEqual(before);
    await setUsage(t.database, bob, 'image', 0);

    const copied = (await copy(bob, { link_id: up.link_id })).json().items[0];
    expect(copied).toMatchObject({
      type_name: 'image',
      thumbnail_url: `/api/files/items/${copied.link_id}/thumb/550`,
    });
    const original = await alice.get(`/api/files/items/${up.link_id}/file`);
    const own = await bob.get(`/api/files/items/${copied.link_id}/file`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(original.rawPayload)).toBe(true);
    const [keys] = await queryRows<{ a: string; b: string }>(
      t.database.db,
      sql`SELECT (SELECT blob_key FROM item_files WHERE item_id = ${up.link_id}) AS a, (SELECT blob_key FROM item_files WHERE item_id = ${copied.link_id}) AS b`,
    );
    expect(keys!.a).not.toBe(keys!.b);
    // the original goes, files and all: the copy still serves its own
    await alice.post('/ditem_mana2/delete_b', { link_id: String(up.link_id) });
    await t.jobs.runDueJobs();
    expect((await bob.get(`/api/files/items/${copied.link_id}/file`)).statusCode).toBe(200);
    expect((await bob.get(`/api/files/items/${copied.link_id}/thumb/550`)).statusCode).toBe(200);
    // and the other way round
    const up2 = (
      await uploadFile(alice, fixture('photo.jpg'), {
        url: '/item/save/image',
        filename: 'q.jpg',
        fields: { private: 'false' },
      })
    ).json().items[0];
    const copy2 = (await copy(bob, { link_id: up2.link_id })).json().items[0];
    await bob.post('/ditem_mana2/delete_b', { link_id: String(copy2.link_id) });
    await t.jobs.runDueJobs();
    expect((await alice.get(`/api/files/items/${up2.link_id}/file`)).statusCode).toBe(200);
  });

  it("refuses a private item, a note, one's own item, a wrong owner and visitors, writing nothing", async () => {
    const priv = await saveBookmark(alice, { private: true });
    const note = await saveNote(alice);
    const own = await saveBookmark(bob, { private: false });
    const pub = await saveBookmark(alice, { private: false });
    const aliceId = await userIdOf(t.database, alice.name!);
    const bobId = await userIdOf(t.database, bob.name!);
    const before = await snapshot(bobId);
    expect((await copy(bob, { link_id: priv.link_id })).statusCode).toBe(404);
    expect((await copy(bob, { link_id: note })).statusCode).toBe(404);
    expect((await copy(bob, { link_id: own.link_id })).statusCode).toBe(400);
    expect((await copy(bob, { link_id: pub.link_id, owner_id: bobId })).statusCode).toBe(404);
    expect((await copy(t.visitor(), { link_id: pub.link_id })).statusCode).toBe(401);
    for (const body of [
      {},
      { link_id: '' },
      { link_id: 'abc' },
      { link_id: -3 },
      { link_id: pub.link_id, owner_id: 'x' },
    ]) {
      expect((await copy(bob, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot(bobId)).toEqual(before);
    // a bookmark of a URL already in the library is refused too
    await copy(bob, { link_id: pub.link_id, owner_id: aliceId });
    expect((await copy(bob, { link_id: pub.link_id })).statusCode).toBe(400);
  });
});
