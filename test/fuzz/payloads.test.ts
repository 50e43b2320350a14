import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_MESSAGE } from '../../src/shared/schemas/fields.ts';
import { saveBookmark } from '../factories/items.ts';
import { fixture, uploadFile } from '../factories/uploads.ts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/app.ts';

/**
 * Payloads as the original client sends them (form values as strings, '' for an absent value),
 * and text with control characters refused at the contract, naming the field.
 */

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
});
afterAll(() => t.close());

describe("'' means absent on every save", () => {
  it('bookmark: an empty link_id saves a new item; empty flags and ids are absent', async () => {
    const first = await saveBookmark(alice);
    const res = await alice.post('/item/save/bookmark', {
      link_id: '',
      url: 'https://empty.example.com/a',
      new_url: '',
      title: 'Empty fields',
      tags: '',
      description: '',
      unread: '',
      private: '',
      lists: '',
      groups: '',
    });
    expect(res.statusCode).toBe(200);
    const item = res.json().items[0];
    expect(item.link_id).not.toBe(first.link_id);
    expect(item).toMatchObject({ title: 'Empty fields', url: 'https://empty.example.com/a', private: 0 });
  });

  it('bookmark: the id may be a string', async () => {
    const item = await saveBookmark(alice);
    const res = await alice.post('/item/save/bookmark', { link_id: String(item.link_id), title: 'As text' });
    expect(res.json().items[0]).toMatchObject({ link_id: item.link_id, title: 'As text' });
  });

  it('note: an empty link_id makes a new note, as the export note is sent', async () => {
    const res = await alice.post('/item/save/note', {
      link_id: '',
      local_id: 'empty-1',
      title: 'Exported',
      content: '<p>x</p>',
      note_type: '',
      mode: '',
      tags: '',
    });
    expect(res.statusCode).toBe(200);
    const again = await alice.post('/item/save/note', {
      link_id: String(res.json().items[0].link_id),
      title: 'Renamed',
    });
    expect(again.json().items[0]).toMatchObject({ link_id: res.json().items[0].link_id, title: 'Renamed' });
  });

  it('annotations: empty color, selector and sMode are absent; ids as strings', async () => {
    const item = await saveBookmark(alice);
    const added = await alice.post('/annotation_mana/add_annotation', {
      link_id: String(item.link_id),
      shape: '5',
      content: 'quote',
      color: '',
      selector: '',
    });
    expect(added.statusCode).toBe(200);
    const ann = added.json().annotation;
    expect(ann.extra.color).toBe('yellow');
    const sticky = await alice.post('/annotation_mana/post_sticky_note', {
      sContent: 'note',
      link_id: String(item.link_id),
      ann_id: String(ann.id),
      sMode: '',
    });
    expect(sticky.statusCode).toBe(200);
    const edited = await alice.post('/annotation_mana/edit_sticky_note', {
      content: 'edited',
      id: String(sticky.json().stickyNote.id),
      link_id: String(item.link_id),
    });
    expect(edited.json().stickyNote.content).toBe('edited');
  });

  it('tags: string options and ids', async () => {
    const item = await saveBookmark(alice, { tags: 'a' });
    const res = await alice.post('/interact_api/edit_item_tags', {
      editTags: 'b',
      editTagOption: '1',
      link_id: String(item.link_id),
    });
    expect(res.json()).toEqual({ code: 1, t_name: 'a,b' });
    const batch = await alice.post('/ditem_mana2/batch_edit_tags', {
      editTags: '',
      editTagOption: '0',
      infos: String(item.link_id),
    });
    expect(batch.json()).toMatchObject({ code: 1, link_ids: [item.link_id] });
  });

  it("uploads: the form's empty fields are absent", async () => {
    const res = await uploadFile(alice, fixture('blue-square.png'), {
      filename: 'p.png',
      url: '/item/save',
      fields: { dtype: '', private: '', unread: '', tags: '', description: '', lists: '', groups: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ type_name: 'image', private: 0 });
  });
});

describe('control characters', () => {
  const NUL = 'a\u0000b';
  it.each([
    ['GET', '/interact_api/load_user_items', { username: NUL }, 'username', true],
    ['GET', '/interact_api/load_user_tags', { username: NUL }, 'username', true],
    ['POST', '/api/auth/sign-in', { name_or_email: NUL, password: 'secret123' }, 'name_or_email', true],
    ['POST', '/api/auth/sign-up', { name: NUL, email: 'x@example.com', password: 'secret123' }, 'name', true],
    ['POST', '/common/contact', { subject: 'Hi', message: NUL }, 'message', true],
    ['POST', '/item/save/bookmark', { url: 'https://c.example.com', title: NUL }, 'title', false],
    ['POST', '/item/save/bookmark', { url: 'https://c.example.com', tags: NUL }, 'tags', false],
    ['POST', '/item/save/note', { local_id: 'c1', content: `<p>${NUL}</p>` }, 'content', false],
    ['POST', '/tag_mana2/update_tags', { old_tag: NUL }, 'old_tag', false],
    ['GET', '/api/tags/suggest', { q: NUL }, 'q', false],
  ] as const)('%s %s refuses them in %s with 400', async (method, url, input, field, visitor) => {
    const client = visitor ? t.visitor() : alice;
    const res =
      method === 'GET'
        ? await client.get(url, input as Record<string, string>)
        : await client.post(url, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message: CONTROL_MESSAGE, field });
  });

  it('refuses them in annotation text and keeps newlines and tabs', async () => {
    const item = await saveBookmark(alice);
    const bad = await alice.post('/annotation_mana/add_annotation', {
      link_id: item.link_id,
      shape: 5,
      content: 'x\u0000',
    });
    expect(bad.json()).toMatchObject({ code: -1, field: 'content' });
    const ok = await alice.post('/annotation_mana/add_annotation', {
      link_id: item.link_id,
      shape: 5,
      content: 'line one\n\tline two',
    });
    expect(ok.json().annotation.content).toBe('line one\n\tline two');
  });

  it('strips bidi controls from titles and file names', async () => {
    const item = await saveBookmark(alice, { title: 'Report \u202Efdp.exe\u2066' });
    expect(item.title).toBe('Report fdp.exe');
    const note = await alice.post('/item/save/note', { local_id: 'bidi', title: '\u202Bnote\u202C' });
    expect(note.json().items[0].title).toBe('note');
    const upload = await uploadFile(alice, fixture('blue-square.png'), {
      filename: 'photo\u202Egnp.exe',
      url: '/item/save/image',
    });
    expect(upload.json().items[0].file_name).toBe('photognp.exe');
  });
});
