import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark, userIdOf } from '../../../../test/factories/items.ts';
import { fixture, uploadFile } from '../../../../test/factories/uploads.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every counter kept on the user's tag rows (migration 0009) that differs from a recount of live items from item_tags. */
function mismatches(userId: number) {
  return queryRows(
    t.database.db,
    sql`SELECT t.name, t.item_count, t.public_count, t.bookmark_count, t.image_count, t.pdf_count,
          t.note_count, t.unread_count, t.annotated_count, c.*
        FROM tags t LEFT JOIN (
          SELECT it.tag_id, (count(*) FILTER (WHERE live))::int AS n,
            (count(*) FILTER (WHERE live AND NOT i.private))::int AS public,
            (count(*) FILTER (WHERE live AND i.type = 'bookmark'))::int AS bookmarks,
            (count(*) FILTER (WHERE live AND i.type = 'image'))::int AS images,
            (count(*) FILTER (WHERE live AND i.type = 'pdf'))::int AS pdfs,
            (count(*) FILTER (WHERE live AND i.type = 'note'))::int AS notes,
            (count(*) FILTER (WHERE live AND i.unread))::int AS unread,
            (count(*) FILTER (WHERE live AND i.annotation_count > 0))::int AS annotated
          FROM item_tags it JOIN items i ON i.id = it.item_id,
            LATERAL (SELECT i.trashed_at IS NULL AS live) l GROUP BY it.tag_id
        ) c ON c.tag_id = t.id
        WHERE t.user_id = ${userId}
          AND (c.n IS NULL OR t.item_count <> c.n OR t.public_count <> c.public
            OR t.bookmark_count <> c.bookmarks OR t.image_count <> c.images OR t.pdf_count <> c.pdfs
            OR t.note_count <> c.notes OR t.unread_count <> c.unread OR t.annotated_count <> c.annotated)`,
  );
}

const BOOKS = ['Dune', 'Emma', 'Ulysses'];
function clippings(book: string, text: string): Buffer {
  return Buffer.from(
    `${book} (An Author)\n- Your Highlight on page 1 | Location 10-12 | Added on Monday, March 4, 2019 10:12:38 PM\n\n${text}\n==========\n`,
  );
}
function importKindle(client: TestClient, file: Buffer) {
  const { payload, headers } = multipartBody([
    { name: 'file', value: file, filename: 'My Clippings.txt', contentType: 'text/plain' },
  ]);
  return client.request({ method: 'POST', url: '/item/import/kindle', payload, headers });
}

describe('tag counters kept by the database', () => {
  it('stay equal to a recount after a random sequence through every writer', async () => {
    const client = await t.signUp();
    const uid = await userIdOf(t.database, client.name!);
    let seed = 42;
    // the high bits of the generator: its low bits repeat with a short period
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    const vocab = ['a', 'b', 'c', 'D', 'e e', 'f'];
    const pick = () =>
      Array.from({ length: rand(4) }, () => vocab[rand(vocab.length)]!)
        .map((x) => (x.includes(' ') ? `"${x}"` : x))
        .join(' ');
    const ids: number[] = [];
    const annotations: { id: number; linkId: number }[] = [];
    const seen = new Set<number>();
    const reached = new Set<string>();
    const ok = <R extends { statusCode: number; body: string }>(res: R) => {
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const addId = (id: number) => {
      if (!ids.includes(id)) ids.push(id);
    };
    for (let step = 0; step < 90; step += 1) {
      const op = ids.length === 0 ? 0 : rand(14);
      const id = ids[rand(ids.length)] ?? 0;
      const flag = () => rand(2) === 0;
      if (op === 0)
        addId((await saveBookmark(client, { tags: pick(), private: flag(), unread: flag() })).link_id);
      // a bookmark's own edit, with and without tags (no tags: privacy and read state only)
      if (op === 1) await client.post('/item/save/bookmark', { link_id: id, tags: pick() });
      if (op === 2)
        await client.post('/item/save/bookmark', { link_id: id, private: flag(), unread: flag() });
      if (op === 3) {
        ok(
          await client.post('/ditem_mana2/batch_edit_tags', {
            editTags: pick(),
            editTagOption: rand(2),
            infos: ids.slice(ids.indexOf(id), ids.indexOf(id) + 1 + rand(3)),
          }),
        );
      }
      // rename, merge onto an existing tag, or delete (rename to empty)
      if (op === 4)
        await client.post('/tag_mana2/update_tags', {
          old_tag: vocab[rand(6)],
          new: rand(3) ? vocab[rand(6)] : '',
        });
      if (op === 5)
        ok(
          await client.post('/ditem_mana2/convert_mode', {
            link_id: id,
            mode: flag() ? 'public' : 'private',
          }),
        );
      if (op === 6) ok(await client.post('/ditem_mana2/mark_readed', { link_id: id, readed: rand(2) }));
      if (op === 7) {
        ok(await client.post('/ditem_mana2/delete_b', { link_id: id }));
        ids.splice(ids.indexOf(id), 1);
        for (const a of annotations.filter((x) => x.linkId === id))
          annotations.splice(annotations.indexOf(a), 1);
      }
      if (op === 8) {
        const content = `words ${step}`;
        const res = await client.post('/annotation_mana/add_annotation', {
          link_id: id,
          shape: 0,
          content,
          color: 'yellow',
          selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: content, prefix: '', suffix: '' }]),
        });
        if (res.statusCode === 200) annotations.push({ id: res.json().annotation.id, linkId: id });
      }
      if (op === 9 && annotations.length > 0) {
        const [a] = annotations.splice(rand(annotations.length), 1);
        ok(await client.post('/annotation_mana/remove_annotation', { ann_id: a!.id, link_id: a!.linkId }));
      }
      if (op === 10) {
        const note = ok(
          await client.post('/item/save/note', { title: 'n', content: '<p>n</p>', tags: pick() }),
        );
        const noteId = (note.json() as { items: { link_id: number }[] }).items[0]!.link_id;
        addId(noteId);
        ok(await client.post('/item/save/note', { link_id: noteId, content: '<p>m</p>', tags: pick() }));
      }
      if (op === 11) {
        const image = flag();
        const res = await uploadFile(client, fixture(image ? 'small.gif' : 'two-pages.pdf'), {
          filename: image ? `p${step}.gif` : `p${step}.pdf`,
          fields: {
            dtype: image ? 'image' : 'pdf',
            tags: pick(),
            private: String(rand(2)),
            unread: String(rand(2)),
          },
        });
        addId(ok(res).json().items[0].link_id);
      }
      if (op === 12 || op === 13) {
        // a book already tagged gains (again) a highlight, so it may join its tags' Annotated tab
        ok(await importKindle(client, clippings(BOOKS[rand(BOOKS.length)]!, `line ${rand(3)}`)));
        const books = await client.get('/interact_api/load_user_items', { type: 'kindle' });
        for (const book of books.json().items as { link_id: number; annotations: { id: number }[] }[]) {
          addId(book.link_id);
          for (const a of book.annotations)
            if (!seen.has(a.id) && !annotations.some((x) => x.id === a.id))
              annotations.push({ id: a.id, linkId: book.link_id });
        }
      }
      for (const a of annotations) seen.add(a.id);
      expect(await mismatches(uid), `after step ${step} (op ${op})`).toEqual([]);
      const [reach] = await queryRows<Record<string, number | null>>(
        t.database.db,
        sql`SELECT max(image_count) AS images, max(pdf_count) AS pdfs, max(note_count) AS notes,
              max(unread_count) AS unread, max(annotated_count) AS annotated, max(public_count) AS public
            FROM tags WHERE user_id = ${uid}`,
      );
      for (const [tab, n] of Object.entries(reach!)) if (Number(n) > 0) reached.add(tab);
    }
    // the sequence reached every tab the counters keep
    expect([...reached].sort()).toEqual(['annotated', 'images', 'notes', 'pdfs', 'public', 'unread']);
  });

  it('stay right when transactions tag and untag the same tag at once (PostgreSQL runs them concurrently)', async () => {
    const client = await t.signUp();
    const uid = await userIdOf(t.database, client.name!);
    for (let round = 0; round < 8; round += 1) {
      // the tag's only item loses it while other saves give it to new items, all at once
      const only = await saveBookmark(client, { tags: `shared${round}` });
      const replies = await Promise.all([
        client.post('/item/save/bookmark', { link_id: only.link_id, tags: 'other' }),
        ...Array.from({ length: 4 }, (_, k) =>
          client.post('/item/save/bookmark', {
            url: `https://example.com/r${round}-${k}`,
            tags: `shared${round} other`,
            private: k % 2 === 0,
            unread: k % 2 === 1,
          }),
        ),
        client.post('/ditem_mana2/mark_readed', { link_id: only.link_id, readed: 0 }),
      ]);
      for (const res of replies) expect(res.statusCode, res.body).toBe(200);
      for (const res of replies.slice(1, 5)) expect(res.json().items[0].t_name).toBe(`shared${round},other`);
      const tabs = (await client.get('/interact_api/load_user_tags', { search: `shared${round}` })).json();
      expect(tabs.tags).toEqual([{ name: `shared${round}`, count: 4 }]);
    }
    expect(await mismatches(uid)).toEqual([]);
  });
});
