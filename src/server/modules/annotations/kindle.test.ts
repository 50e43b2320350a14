import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { KINDLE_CLIPPINGS_MAX_BYTES } from '../../../shared/limits.ts';
import { NOT_CLIPPINGS_MESSAGE } from './kindle-import.ts';
import { KINDLE_FILE_MISSING_MESSAGE, KINDLE_FILE_SIZE_MESSAGE } from './routes.ts';

const clippings = readFileSync(new URL('../../../../test/fixtures/my-clippings.txt', import.meta.url));

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
});
afterAll(() => t.close());

function upload(client: TestClient, file: Buffer | string, field = 'file') {
  const { payload, headers } = multipartBody([
    { name: field, value: file, filename: 'My Clippings.txt', contentType: 'text/plain' },
  ]);
  return client.request({ method: 'POST', url: '/item/import/kindle', payload, headers });
}

interface Listed {
  link_id: number;
  title: string;
  description: string;
  type_name: string;
  private: number;
  annotation_count: number;
  annotations: {
    shape: number;
    content: string;
    selector: unknown;
    stickyNotes: { content: string }[];
  }[];
}
const kindleItems = async (client: TestClient): Promise<Listed[]> =>
  (await client.get('/interact_api/load_user_items', { type: 'kindle', sort: 'title' })).json().items;
const annotationUsed = async (client: TestClient) =>
  (await client.get('/interact_api/load_user_info')).json().permissions.annPermission.annotationUsedCount;

describe('POST /item/import/kindle', () => {
  it('makes one private kindle item per book and a Kindle highlight per clipping', async () => {
    const res = await upload(alice, clippings);
    expect(res.statusCode).toBe(200);
    // 4 highlights with text, 1 note on its own; the note at location 172 is the sticky note of 170-172
    expect(res.json()).toEqual({ code: 1, items: 3, highlights: 4, stickyNotes: 1 });

    const books = await kindleItems(alice);
    expect(books.map((b) => [b.title, b.description, b.type_name, b.private])).toEqual([
      ['Dune (Dune Chronicles, Book 1)', 'Frank Herbert', 'kindle', 1],
      ['The Pragmatic Programmer', 'Andrew Hunt;David Thomas', 'kindle', 1],
      ['百年孤独', 'Gabriel García Márquez', 'kindle', 1],
    ]);
    const [dune, pragmatic, solitude] = books;
    expect(pragmatic!.annotation_count).toBe(1);
    expect(pragmatic!.annotations).toEqual([
      expect.objectContaining({
        shape: 10,
        content: 'Care about your craft.',
        selector: [
          {
            type: 'KindleLocationSelector',
            location: '170-172',
            page: '12',
            added: 'Monday, March 4, 2019 10:12:38 PM',
            kind: 'highlight',
          },
        ],
        stickyNotes: [expect.objectContaining({ content: 'Remember this one.' })],
      }),
    ]);
    expect(solitude!.annotations.map((a) => a.content)).toEqual([
      'Muchos años después, frente al pelotón de fusilamiento,\nel coronel Aureliano Buendía había de recordar aquella tarde remota.',
    ]);
    expect(dune!.annotations.map((a) => [a.content, (a.selector as { kind: string }[])[0]!.kind])).toEqual([
      ['Fear is the mind-killer.', 'highlight'],
      ['A note on its own.', 'note'],
    ]);
  });

  it('adds nothing the second time, and takes no highlight quota', async () => {
    const res = await upload(alice, clippings);
    expect(res.json()).toEqual({ code: 1, items: 0, highlights: 0, stickyNotes: 0 });
    const books = await kindleItems(alice);
    expect(books).toHaveLength(3);
    expect(books.map((b) => b.annotation_count)).toEqual([2, 1, 1]);
    expect(books[1]!.annotations[0]!.stickyNotes).toHaveLength(1);
    expect(await annotationUsed(alice)).toBe(0);
  });

  it('adds only the new clippings of a longer file to the books already there', async () => {
    const more = Buffer.concat([
      clippings,
      Buffer.from(
        'Dune (Dune Chronicles, Book 1) (Frank Herbert)\r\n- Your Highlight on Location 2000-2001 | Added on Thursday, March 7, 2019 9:00:00 PM\r\n\r\nThe spice must flow.\r\n==========\r\n',
      ),
    ]);
    expect((await upload(alice, more)).json()).toEqual({ code: 1, items: 0, highlights: 1, stickyNotes: 0 });
    const dune = (await kindleItems(alice))[0]!;
    expect(dune.annotations.map((a) => a.content)).toEqual([
      'Fear is the mind-killer.',
      'A note on its own.',
      'The spice must flow.',
    ]);
  });

  it('makes the imported text searchable', async () => {
    const hits = (await alice.get('/interact_api/search_user_items', { what: 'mind-killer' })).json().items;
    expect(hits.map((i: Listed) => i.title)).toEqual(['Dune (Dune Chronicles, Book 1)']);
    const byNote = (await alice.get('/interact_api/search_user_items', { what: 'Remember' })).json().items;
    expect(byNote.map((i: Listed) => i.title)).toEqual(['The Pragmatic Programmer']);
  });

  it("keeps each user's books apart, and nobody else sees them", async () => {
    const bob = await t.signUp();
    expect((await upload(bob, clippings)).json()).toMatchObject({ items: 3, highlights: 4 });
    const aliceBook = (await kindleItems(alice))[0]!;
    const seen = await bob.get('/interact_api/load_user_item', { link_id: String(aliceBook.link_id) });
    expect(seen.statusCode).toBe(404);
    expect((await kindleItems(alice)).map((b) => b.annotation_count)).toEqual([3, 1, 1]);
  });

  it('refuses a missing, empty, wrong or too large file with a clear 400', async () => {
    const c = await t.signUp();
    const cases: [Promise<{ statusCode: number; json(): unknown }>, string][] = [
      [upload(c, clippings, 'other'), KINDLE_FILE_MISSING_MESSAGE],
      [upload(c, ''), KINDLE_FILE_MISSING_MESSAGE],
      [upload(c, 'Just some text\nwith lines\n'), NOT_CLIPPINGS_MESSAGE],
      [upload(c, Buffer.alloc(KINDLE_CLIPPINGS_MAX_BYTES + 10, 'a')), KINDLE_FILE_SIZE_MESSAGE],
      [c.post('/item/import/kindle', { file: 'x' }), KINDLE_FILE_MISSING_MESSAGE],
    ];
    for (const [pending, message] of cases) {
      const res = await pending;
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ code: -1, message, field: 'file' });
    }
    expect(await kindleItems(c)).toEqual([]);
  });

  it('two imports of one file at once make each book and highlight once', async () => {
    const c = await t.signUp();
    const replies = (await Promise.all([upload(c, clippings), upload(c, clippings)])).map((r) => r.json());
    expect(replies.map((r) => r.items).sort()).toEqual([0, 3]);
    expect(replies.map((r) => r.highlights).sort()).toEqual([0, 4]);
    const books = await kindleItems(c);
    expect(books.map((b) => b.annotation_count)).toEqual([2, 1, 1]);
    expect(books[1]!.annotations[0]!.stickyNotes).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await upload(t.visitor(), clippings)).statusCode).toBe(401);
  });
});
