import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, saveBookmark, userIdOf } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tagsOf = async (client: TestClient, query: Record<string, string> = {}) =>
  (await client.get('/interact_api/load_user_tags', query)).json();
const tNameOf = async (client: TestClient, id: number) =>
  (await client.get('/interact_api/load_user_item', { link_id: String(id) })).json().items[0].t_name;

describe('load_user_tags', () => {
  let owner: TestClient;
  beforeAll(async () => {
    owner = await t.signUp();
    const uid = await userIdOf(t.database, owner.name!);
    await buildItem(t.database, uid, { tags: ['alpha', 'beta'], private: false });
    await buildItem(t.database, uid, { tags: ['alpha', '9lives'], private: true, unread: true });
    await buildItem(t.database, uid, { type: 'image', tags: ['alpha', 'pics'], private: false });
    await buildItem(t.database, uid, { type: 'pdf', tags: ['Zeta'], annotationCount: 1, private: false });
  });

  it('counts every tab type', async () => {
    expect((await tagsOf(owner)).tags).toEqual([
      { name: 'alpha', count: 3 },
      { name: '9lives', count: 1 },
      { name: 'beta', count: 1 },
      { name: 'pics', count: 1 },
      { name: 'Zeta', count: 1 },
    ]);
    expect((await tagsOf(owner, { type: 'image' })).tags).toEqual([
      { name: 'alpha', count: 1 },
      { name: 'pics', count: 1 },
    ]);
    expect((await tagsOf(owner, { type: 'unread' })).tags.map((x: { name: string }) => x.name)).toEqual([
      '9lives',
      'alpha',
    ]);
    expect((await tagsOf(owner, { type: 'ann' })).tags).toEqual([{ name: 'Zeta', count: 1 }]);
    expect((await tagsOf(owner, { type: 'note' })).tags).toEqual([]);
  });

  it('keeps the unread tab right as items are marked unread and read', async () => {
    const reader = await t.signUp();
    const saved = await saveBookmark(reader, { tags: 'later', unread: false });
    const unreadTab = async () => (await tagsOf(reader, { type: 'unread' })).tags;
    expect(await unreadTab()).toEqual([]);
    await reader.post('/ditem_mana2/mark_readed', { link_id: saved.link_id, readed: 0 });
    expect(await unreadTab()).toEqual([{ name: 'later', count: 1 }]);
    await reader.post('/ditem_mana2/mark_readed', { link_id: saved.link_id, readed: 1 });
    expect(await unreadTab()).toEqual([]);
    // saving the bookmark again as unread, tags untouched
    await reader.post('/item/save/bookmark', { link_id: saved.link_id, unread: true });
    expect(await unreadTab()).toEqual([{ name: 'later', count: 1 }]);
  });

  it('pages, sorts by name and navigates by letter, other and search', async () => {
    const byName = await tagsOf(owner, { sort: 'name', count: '2', page_num: '1' });
    expect(byName).toEqual({
      tags: [
        { name: 'beta', count: 1 },
        { name: 'pics', count: 1 },
      ],
      total: 5,
    });
    expect((await tagsOf(owner, { nav: 'z' })).tags).toEqual([{ name: 'Zeta', count: 1 }]);
    expect((await tagsOf(owner, { nav: 'other' })).tags).toEqual([{ name: '9lives', count: 1 }]);
    expect((await tagsOf(owner, { search: 'ET' })).tags).toEqual([
      { name: 'beta', count: 1 },
      { name: 'Zeta', count: 1 },
    ]);
    expect(await tagsOf(owner, { sort: 'name', count: '56', page_num: '3' })).toEqual({ tags: [], total: 5 });
  });

  it('shows visitors and other users public counts only', async () => {
    const stranger = await t.signUp();
    for (const viewer of [stranger, t.visitor()]) {
      const body = await tagsOf(viewer, { username: owner.name! });
      expect(body.tags).toContainEqual({ name: 'alpha', count: 2 });
      expect(body.tags.map((x: { name: string }) => x.name)).not.toContain('9lives');
      expect((await tagsOf(viewer, { username: owner.name!, type: 'unread' })).tags).toEqual([]);
    }
  });

  it.each([{ type: 'video' }, { count: '0' }, { count: '301' }, { nav: 'ab' }, { sort: 'random' }])(
    'answers 400 for %j',
    async (query) => {
      expect((await owner.get('/interact_api/load_user_tags', query)).statusCode).toBe(400);
    },
  );
});

describe('tag suggestions', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await t.signUp();
    const uid = await userIdOf(t.database, client.name!);
    const names = ['design', 'webdesign', 'Design Patterns', 'designer', 'undesigned', 'css'];
    for (let i = 0; i < 12; i += 1) names.push(`design${i}`);
    await buildItem(t.database, uid, { tags: names });
    await buildItem(t.database, uid, { tags: ['designer'] });
    const other = await t.signUp();
    await buildItem(t.database, await userIdOf(t.database, other.name!), { tags: ['designsecret'] });
  });
  const suggest = async (q: string) => (await client.get('/api/tags/suggest', { q })).json().tags as string[];

  it('puts the exact match first, then prefixes, then the rest, at most 10', async () => {
    const got = await suggest('DESIGN');
    expect(got).toHaveLength(10);
    expect(got[0]).toBe('design');
    expect(got[1]).toBe('designer');
    expect(got).not.toContain('designsecret');
    expect(await suggest('ndesig')).toEqual(['undesigned']);
    expect(await suggest('sign pat')).toEqual(['Design Patterns']);
    // no exact or prefix match: the busiest substring match leads
    expect((await suggest('esign'))[0]).toBe('designer');
  });

  it('matches a leading # without it, and offers nothing for just # or a quote', async () => {
    expect((await suggest('#css'))[0]).toBe('css');
    expect(await suggest('#')).toEqual([]);
    expect(await suggest('"')).toEqual([]);
    expect(await suggest('')).toEqual([]);
    expect(await suggest('%')).toEqual([]);
  });
});

describe('rename, merge and delete a tag', () => {
  it('renames everywhere and search follows', async () => {
    const client = await t.signUp();
    const item = await saveBookmark(client, { tags: 'oldname other' });
    const res = await client.post('/tag_mana2/update_tags', { old_tag: 'OldName', new: 'fresh name' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1');
    expect(await tNameOf(client, item.link_id)).toBe('fresh name,other');
    const found = await client.get('/interact_api/load_user_items', { what: '#"fresh name"' });
    expect(found.json().total).toBe(1);
    expect((await client.get('/interact_api/load_user_items', { what: 'fresh' })).json().total).toBe(1);
  });

  it('merges onto an existing tag without duplicates', async () => {
    const client = await t.signUp();
    const both = await saveBookmark(client, { tags: 'js javascript' });
    const one = await saveBookmark(client, { tags: 'js' });
    await client.post('/tag_mana2/update_tags', { old_tag: 'js', new: 'JavaScript' });
    expect(await tNameOf(client, both.link_id)).toBe('javascript');
    expect(await tNameOf(client, one.link_id)).toBe('javascript');
    expect((await tagsOf(client)).tags).toEqual([{ name: 'javascript', count: 2 }]);
  });

  it('renaming to empty removes the tag from every item, and the items remain', async () => {
    const client = await t.signUp();
    const a = await saveBookmark(client, { tags: 'doomed keep' });
    const res = await client.post('/tag_mana2/update_tags', { old_tag: 'doomed', new: '' });
    expect(res.body).toBe('1');
    expect(await tNameOf(client, a.link_id)).toBe('keep');
    expect((await tagsOf(client)).tags).toEqual([{ name: 'keep', count: 1 }]);
  });

  it('handles unicode and quoted names, and changes only the case', async () => {
    const client = await t.signUp();
    const a = await saveBookmark(client, { tags: '"日本 語" café' });
    await client.post('/tag_mana2/update_tags', { old_tag: '"日本 語"', new: '"にほんご"' });
    await client.post('/tag_mana2/update_tags', { old_tag: 'café', new: 'Café' });
    expect(await tNameOf(client, a.link_id)).toBe('にほんご,Café');
  });

  it("never touches another user's tag of the same name", async () => {
    const mine = await t.signUp();
    const theirs = await t.signUp();
    const item = await saveBookmark(theirs, { tags: 'shared' });
    await saveBookmark(mine, { tags: 'shared' });
    await mine.post('/tag_mana2/update_tags', { old_tag: 'shared', new: 'renamed' });
    expect(await tNameOf(theirs, item.link_id)).toBe('shared');
    const unknown = await mine.post('/tag_mana2/update_tags', { old_tag: 'only-theirs-xyz', new: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it.each([{}, { old_tag: '' }, { old_tag: 'a,b', new: 'c' }, { old_tag: 'a', new: 'x'.repeat(101) }])(
    'answers 400 for %j',
    async (body) => {
      const client = await t.signUp();
      expect((await client.post('/tag_mana2/update_tags', body)).statusCode).toBe(400);
    },
  );
});

describe('editing the tags of items', () => {
  it('adds (1) or replaces (0) one item’s tags', async () => {
    const client = await t.signUp();
    const a = await saveBookmark(client, { tags: 'one' });
    const add = await client.post('/interact_api/edit_item_tags', {
      editTags: 'two "three four" ONE',
      editTagOption: 1,
      link_id: String(a.link_id),
    });
    expect(add.json()).toEqual({ code: 1, t_name: 'one,two,three four' });
    const replace = await client.post('/interact_api/edit_item_tags', {
      editTags: 'solo',
      editTagOption: '0',
      link_id: a.link_id,
    });
    expect(replace.json().t_name).toBe('solo');
    expect((await tagsOf(client)).tags).toEqual([{ name: 'solo', count: 1 }]);
  });

  it('revises many items at once, taking infos in every shape', async () => {
    const client = await t.signUp();
    const a = await saveBookmark(client, { tags: 'x' });
    const b = await saveBookmark(client, { tags: 'y' });
    for (const infos of [
      [a.link_id, b.link_id],
      `${a.link_id},${b.link_id}`,
      JSON.stringify([{ link_id: a.link_id }, { link_id: b.link_id }]),
    ]) {
      const res = await client.post('/ditem_mana2/batch_edit_tags', {
        editTags: 'batch',
        editTagOption: 1,
        infos,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await tNameOf(client, a.link_id)).toBe('x,batch');
    expect(await tNameOf(client, b.link_id)).toBe('y,batch');
  });

  it("refuses another user's items and changes nothing", async () => {
    const mine = await t.signUp();
    const theirs = await t.signUp();
    const own = await saveBookmark(mine, { tags: 'mine' });
    const other = await saveBookmark(theirs, { tags: 'theirs' });
    const res = await mine.post('/ditem_mana2/batch_edit_tags', {
      editTags: 'hijack',
      editTagOption: 0,
      infos: `${own.link_id},${other.link_id}`,
    });
    expect(res.statusCode).toBe(404);
    const single = await mine.post('/interact_api/edit_item_tags', {
      editTags: 'hijack',
      editTagOption: 0,
      link_id: other.link_id,
    });
    expect(single.statusCode).toBe(404);
    expect(await tNameOf(theirs, other.link_id)).toBe('theirs');
    expect(await tNameOf(mine, own.link_id)).toBe('mine');
  });
});

describe('recommended tags', () => {
  it('recommends the user’s own tags found in the title or host', async () => {
    const client = await t.signUp();
    await saveBookmark(client, { tags: 'react javascript github cooking' });
    const res = await client.get('/tag_mana2/load_recommended_tags', {
      title: 'Learning React and JavaScript',
      url: 'https://github.com/x',
    });
    expect(res.json().tags.sort()).toEqual(['github', 'javascript', 'react']);
    const cut = await client.get('/tag_mana2/load_recommended_tags', { title: `${'é'.repeat(100)} react` });
    expect(cut.json().tags).toEqual([]);
  });
});
