import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';

/** Kindle files as devices write them in other languages (test/fixtures/kindle/). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/kindle/${name}`, import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function upload(client: TestClient, file: Buffer | string) {
  const { payload, headers } = multipartBody([
    { name: 'file', value: file, filename: 'My Clippings.txt', contentType: 'text/plain' },
  ]);
  return client.request({ method: 'POST', url: '/item/import/kindle', payload, headers });
}

interface Listed {
  title: string;
  description: string;
  annotations: {
    shape: number;
    content: string;
    selector: { location: string; page?: string; added?: string; kind: string }[];
    stickyNotes: { content: string }[];
  }[];
}
const kindleItems = async (client: TestClient): Promise<Listed[]> =>
  (await client.get('/interact_api/load_user_items', { type: 'kindle', sort: 'title' })).json().items;

describe('POST /item/import/kindle in the devices’ languages', () => {
  // each file: a highlight with a note where it ends (its sticky note), another highlight, and
  // where the language has one, a bookmark (skipped)
  it.each([
    ['de.txt', { items: 2, highlights: 2, stickyNotes: 1 }],
    ['fr.txt', { items: 1, highlights: 2, stickyNotes: 1 }],
    ['es.txt', { items: 1, highlights: 2, stickyNotes: 1 }],
    ['it.txt', { items: 1, highlights: 2, stickyNotes: 1 }],
    ['pt.txt', { items: 1, highlights: 2, stickyNotes: 1 }],
    ['nl.txt', { items: 1, highlights: 1, stickyNotes: 1 }],
    ['ru.txt', { items: 1, highlights: 2, stickyNotes: 1 }],
    ['ja.txt', { items: 1, highlights: 2, stickyNotes: 1 }],
    // a note with a page and no location stays a highlight of its own
    ['zh.txt', { items: 1, highlights: 3, stickyNotes: 1 }],
  ])('imports %s', async (name, counts) => {
    const user = await t.signUp();
    const res = await upload(user, fixture(name));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, ...counts });
    const books = await kindleItems(user);
    const stored = books.flatMap((b) => b.annotations);
    expect(stored).toHaveLength(counts.highlights);
    expect(stored.every((a) => a.shape === 10)).toBe(true);
    expect(stored.flatMap((a) => a.stickyNotes)).toHaveLength(counts.stickyNotes);
  });

  it('stores the Russian clipping with its page, location, device date text and sticky note', async () => {
    const user = await t.signUp();
    await upload(user, fixture('ru.txt'));
    const [book] = await kindleItems(user);
    expect([book!.title, book!.description]).toEqual(['Анна Каренина', 'Лев Толстой']);
    expect(book!.annotations[0]).toMatchObject({
      content: 'Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.',
      selector: [
        {
          type: 'KindleLocationSelector',
          location: '243-245',
          page: '8',
          added: 'пятница, 26 февраля 2016 г. в 11:00:57',
          kind: 'highlight',
        },
      ],
      stickyNotes: [expect.objectContaining({ content: 'Первая фраза романа.' })],
    });
  });

  it('imports a file mixing German and Russian into the same books, once', async () => {
    const user = await t.signUp();
    const first = await upload(user, fixture('de-ru.txt'));
    expect(first.json()).toEqual({ code: 1, items: 2, highlights: 3, stickyNotes: 1 });
    const books = await kindleItems(user);
    expect(books.map((b) => b.title)).toEqual(['Der Prozess', 'Анна Каренина']);
    const prozess = books[0]!;
    // the note a Russian device wrote where the German highlight ends is that highlight's sticky note
    expect(prozess.annotations.map((a) => [a.content, a.selector[0]!.kind, a.stickyNotes.length])).toEqual([
      ['Jemand musste Josef K. verleumdet haben.', 'highlight', 1],
      ['Eine Notiz über eine Stelle ohne Markierung.', 'note', 0],
    ]);
    expect(prozess.annotations[0]!.stickyNotes[0]!.content).toBe(
      'Первая фраза, отмечена на русском устройстве.',
    );
    const again = await upload(user, fixture('de-ru.txt'));
    expect(again.json()).toEqual({ code: 1, items: 0, highlights: 0, stickyNotes: 0 });
  });

  it('keeps a clipping of no known kind as a highlight, counted among the highlights and logged', async () => {
    const user = await t.signUp();
    const info = vi.spyOn(t.app.log, 'info');
    // not a device's wording: words the parser knows in no language
    const file = [
      '\uFEFFKniha (Autor)',
      '- Xyzzy 12 | Plugh 170-172 | Frobozz 2019',
      '',
      'Text in a language with no known words.',
      '==========',
      'Kniha (Autor)',
      '- Ihre Markierung bei Position 200-201 | Hinzugefügt am Montag, 5. Januar 2015 21:41:19',
      '',
      'Ein bekannter Satz.',
      '==========',
      '',
    ].join('\r\n');
    const res = await upload(user, file);
    expect(res.json()).toEqual({ code: 1, items: 1, highlights: 2, stickyNotes: 0 });
    const [book] = await kindleItems(user);
    expect(book!.annotations.map((a) => [a.content, a.selector[0]!.kind, a.selector[0]!.location])).toEqual([
      ['Text in a language with no known words.', 'highlight', '12'],
      ['Ein bekannter Satz.', 'highlight', '200-201'],
    ]);
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ found: 2, unclassified: 1, unreadable: 0 }),
      expect.stringContaining('no known kind'),
    );
    info.mockRestore();
  });
});
