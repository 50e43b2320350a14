import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveNote } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';

const PNG = readFileSync(path.resolve(import.meta.dirname, '../../../../test/fixtures/pixel.png'));

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

async function picture(client: TestClient): Promise<string> {
  const { payload, headers } = multipartBody([
    { name: 'files[]', value: PNG, filename: 'p.png', contentType: 'image/png' },
  ]);
  const res = await client.request({ method: 'POST', url: '/item/save/image?for=note', payload, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().image_url_embeded_in_note;
}

const keyOf = async (client: TestClient, id: number) =>
  /\/s\/([\w-]+)$/.exec((await client.post('/api/sharing/create', { link_id: id })).json().item_url)![1]!;

describe("a shared private note's pictures", () => {
  it('load for whoever opens the note through its share link, and for no one else', async () => {
    const shown = await picture(alice);
    const other = await picture(alice);
    const noteId = await saveNote(alice, { content: `<p>Look</p><p><img src="${shown}"></p>` });
    const key = await keyOf(alice, noteId);
    const page = (await t.visitor().get(`/api/sharing/shared/${key}`)).json();
    const name = shown.slice(shown.lastIndexOf('/') + 1);
    // the page's note shows its picture through the share link
    expect(page.item.note_content).toContain(`/s/${key}/notes/${name}`);
    expect(page.item.note_content).not.toContain('/api/files/notes/');
    const got = await t.visitor().get(`/s/${key}/notes/${name}`);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers['cache-control']).toMatch(/private/);
    expect((await bob.get(`/s/${key}/notes/${name}`)).statusCode).toBe(200);
    // a picture the note does not show, another key, the bare address: not found
    const otherName = other.slice(other.lastIndexOf('/') + 1);
    expect((await t.visitor().get(`/s/${key}/notes/${otherName}`)).statusCode).toBe(404);
    expect((await t.visitor().get(`/s/${key}/notes/..%2F..%2Fetc.png`)).statusCode).toBe(404);
    expect((await t.visitor().get(`/s/AAAAAAAAAAAAAAAAAAAAAA/notes/${name}`)).statusCode).toBe(404);
    expect((await t.visitor().get(shown)).statusCode).toBe(404);
    expect((await bob.get(shown)).statusCode).toBe(404);
    // Bob's share link of his own note does not open Alice's pictures
    const bobsNote = await saveNote(bob, { content: `<p><img src="${shown}"></p>` });
    const bobsKey = await keyOf(bob, bobsNote);
    expect((await t.visitor().get(`/s/${bobsKey}/notes/${name}`)).statusCode).toBe(404);
    // revoked: the pictures go with the page
    expect((await alice.post('/api/sharing/revoke', { link_id: noteId })).statusCode).toBe(200);
    expect((await t.visitor().get(`/s/${key}/notes/${name}`)).statusCode).toBe(404);
  });
});
