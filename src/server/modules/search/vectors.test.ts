import { type SQL, sql } from 'drizzle-orm';
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

/**
 * Migration 0005's folio_item_search_vector, the definition the writers refreshed with before the
 * database kept the vector, copied here so a change to the triggers' definition cannot hide. With
 * `ordered`, the tags, annotations and sticky notes are joined in a fixed order, as the triggers
 * do; without it, in whatever order the plan reads them.
 */
function definition(ordered: boolean) {
  const by = (column: string) => (ordered ? ` ORDER BY ${column}` : '');
  return sql.raw(`
  setweight(to_tsvector('simple', coalesce(i.title, '')), 'A') ||
  setweight(to_tsvector('simple', coalesce((
    SELECT string_agg(t.name, ' '${by('it.tag_id')}) FROM item_tags it JOIN tags t ON t.id = it.tag_id
    WHERE it.item_id = i.id
  ), '')), 'A') ||
  setweight(to_tsvector('simple', coalesce(i.description, '')), 'B') ||
  setweight(to_tsvector('simple', coalesce(regexp_replace(i.note_content, '<[^>]*>', ' ', 'g'), '')), 'B') ||
  setweight(to_tsvector('simple', coalesce((
    SELECT string_agg(a.content, ' '${by('a.id')}) FROM annotations a WHERE a.item_id = i.id
  ), '')), 'B') ||
  setweight(to_tsvector('simple', coalesce((
    SELECT string_agg(s.content, ' '${by('s.id')}) FROM sticky_notes s WHERE s.item_id = i.id
  ), '')), 'B') ||
  setweight(to_tsvector('simple', coalesce(i.url, '')), 'C')`);
}

/** A vector's words, each with the weight of every occurrence: what it matches, whatever the order. */
const words = (vector: SQL) =>
  sql`(SELECT string_agg(l.lexeme || ':' || (SELECT string_agg(w, '' ORDER BY w) FROM unnest(l.weights) w), ' '
        ORDER BY l.lexeme) FROM unnest(${vector}) l)`;

/**
 * The user's items whose stored vector is not exactly the ordered definition's, or whose words and
 * weights are not those of the definition as it was.
 */
function stale(userId: number) {
  const stored = sql`i.search_vector`;
  return queryRows<{ id: number; stored: string | null; expected: string }>(
    t.database.db,
    sql`SELECT i.id, i.search_vector::text AS stored, (${definition(true)})::text AS expected
        FROM items i WHERE i.user_id = ${userId}
          AND (i.search_vector IS NULL OR i.search_vector IS DISTINCT FROM (${definition(true)})
            OR ${words(stored)} IS DISTINCT FROM ${words(definition(false))})`,
  );
}

/** Whether the item's stored vector matches the words. */
async function matches(id: number, words: string): Promise<boolean> {
  const [row] = await queryRows<{ hit: boolean }>(
    t.database.db,
    sql`SELECT search_vector @@ plainto_tsquery('simple', ${words}) AS hit FROM items WHERE id = ${id}`,
  );
  return row!.hit;
}

function ok<R extends { statusCode: number; body: string }>(res: R): R {
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

function importKindle(client: TestClient, book: string, text: string) {
  const file = Buffer.from(
    `${book} (Ann Author)\n- Your Highlight on page 1 | Location 10-12 | Added on Monday, March 4, 2019 10:12:38 PM\n\n${text}\n==========\n`,
  );
  const { payload, headers } = multipartBody([
    { name: 'file', value: file, filename: 'My Clippings.txt', contentType: 'text/plain' },
  ]);
  return client.request({ method: 'POST', url: '/item/import/kindle', payload, headers });
}

async function highlight(client: TestClient, linkId: number, content: string): Promise<number> {
  const res = ok(
    await client.post('/annotation_mana/add_annotation', {
      link_id: linkId,
      shape: 0,
      content,
      color: 'yellow',
      selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: content, prefix: '', suffix: '' }]),
    }),
  );
  return res.json().annotation.id;
}

describe('the search vector kept by the database', () => {
  it('is the definition for every item after each kind of edit', async () => {
    const client = await t.signUp();
    const uid = await userIdOf(t.database, client.name!);
    const steps: [string, () => Promise<unknown>][] = [];
    const step = (name: string, run: () => Promise<unknown>) => steps.push([name, run]);

    let a = 0;
    let b = 0;
    let note = 0;
    let ann = 0;
    let sticky = 0;
    step('bookmark saved with title, description and tags', async () => {
      a = (
        await saveBookmark(client, {
          title: 'Alpine lakes',
          description: 'cold water',
          tags: 'hiking "big sky"',
        })
      ).link_id;
      b = (await saveBookmark(client, { title: 'Desert roads', tags: 'hiking driving' })).link_id;
    });
    step('title, description and URL edited', async () => {
      ok(
        await client.post('/item/save/bookmark', {
          link_id: a,
          title: 'Glacier lakes',
          description: 'very cold water',
          new_url: 'https://example.org/glaciers',
        }),
      );
      expect(await matches(a, 'glacier')).toBe(true);
      expect(await matches(a, 'alpine')).toBe(false);
      // the simple parser reads a URL's host as one word
      expect(await matches(a, 'example.org')).toBe(true);
      expect(await matches(a, 'example.com')).toBe(false);
    });
    step("an item's tags replaced", () =>
      client
        .post('/interact_api/edit_item_tags', { link_id: a, editTags: 'hiking swimming', editTagOption: 0 })
        .then(ok),
    );
    step('tags added to several items', () =>
      client
        .post('/ditem_mana2/batch_edit_tags', { infos: [a, b], editTags: 'travel', editTagOption: 1 })
        .then(ok),
    );
    step('a tag renamed', async () => {
      ok(await client.post('/tag_mana2/update_tags', { old_tag: 'hiking', new: 'trekking' }));
      expect(await matches(b, 'trekking')).toBe(true);
      expect(await matches(b, 'hiking')).toBe(false);
    });
    step('a tag merged onto another', () =>
      client.post('/tag_mana2/update_tags', { old_tag: 'driving', new: 'travel' }).then(ok),
    );
    step('a tag deleted', async () => {
      ok(await client.post('/tag_mana2/update_tags', { old_tag: 'swimming', new: '' }));
      expect(await matches(a, 'swimming')).toBe(false);
    });
    step('a highlight added', async () => {
      ann = await highlight(client, a, 'turquoise meltwater');
      await highlight(client, a, 'moraine edges');
      expect(await matches(a, 'meltwater')).toBe(true);
    });
    step('a highlight recoloured', () =>
      client
        .post('/annotation_mana/change_annotation_color', { link_id: a, ann_id: ann, color: 'blue' })
        .then(ok),
    );
    step('a sticky note posted', async () => {
      const res = ok(
        await client.post('/annotation_mana/post_sticky_note', {
          link_id: a,
          ann_id: ann,
          sContent: 'bring a towel',
          sMode: 2,
        }),
      );
      sticky = res.json().stickyNote.id;
      expect(await matches(a, 'towel')).toBe(true);
    });
    step('a sticky note replaced', () =>
      client
        .post('/annotation_mana/post_sticky_note', {
          link_id: a,
          ann_id: ann,
          sContent: 'bring a rope',
          sMode: 2,
        })
        .then(ok),
    );
    step('a sticky note edited', async () => {
      ok(
        await client.post('/annotation_mana/edit_sticky_note', {
          link_id: a,
          id: sticky,
          content: 'bring boots',
        }),
      );
      expect(await matches(a, 'rope')).toBe(false);
    });
    step('a sticky note removed', () =>
      client.post('/annotation_mana/remove_sticky_note', { link_id: a, id: sticky }).then(ok),
    );
    step('a highlight with a sticky note removed', async () => {
      ok(
        await client.post('/annotation_mana/post_sticky_note', {
          link_id: a,
          ann_id: ann,
          sContent: 'gone soon',
          sMode: 2,
        }),
      );
      ok(await client.post('/annotation_mana/remove_annotation', { link_id: a, ann_id: ann }));
      expect(await matches(a, 'meltwater')).toBe(false);
      expect(await matches(a, 'soon')).toBe(false);
    });
    step('a note saved and its text edited', async () => {
      const res = ok(
        await client.post('/item/save/note', {
          title: 'Packing',
          content: '<p>tent <b>stove</b></p>',
          tags: 'gear',
        }),
      );
      note = res.json().items[0].link_id;
      ok(await client.post('/item/save/note', { link_id: note, content: '<p>tent <i>lantern</i></p>' }));
      expect(await matches(note, 'lantern')).toBe(true);
      expect(await matches(note, 'stove')).toBe(false);
    });
    step('a PDF uploaded', () =>
      uploadFile(client, fixture('two-pages.pdf'), {
        filename: 'maps.pdf',
        fields: { dtype: 'pdf', tags: 'gear maps', description: 'trail maps' },
      }).then(ok),
    );
    step('Kindle highlights imported, twice', async () => {
      ok(await importKindle(client, 'Walden', 'simplify simplify'));
      ok(await importKindle(client, 'Walden', 'the woods'));
    });
    step('an item with tags, highlights and a sticky note deleted', async () => {
      const c = await saveBookmark(client, { title: 'Doomed', tags: 'gear travel' });
      const id = await highlight(client, c.link_id, 'last words');
      ok(
        await client.post('/annotation_mana/post_sticky_note', {
          link_id: c.link_id,
          ann_id: id,
          sContent: 'x',
          sMode: 2,
        }),
      );
      ok(await client.post('/ditem_mana2/delete_b', { link_id: String(c.link_id) }));
    });

    for (const [name, run] of steps) {
      await run();
      expect(await stale(uid), `after: ${name}`).toEqual([]);
    }
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM items WHERE user_id = ${uid} AND trashed_at IS NULL`,
    );
    // a, b, the note, the PDF and the Kindle book
    expect(count!.n).toBe(5);
  });

  it('follows a public item copied with its highlights and sticky notes', async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const src = await saveBookmark(alice, { title: 'Shared page', tags: 'shared', private: false });
    const ann = await highlight(alice, src.link_id, 'copied words');
    ok(
      await alice.post('/annotation_mana/post_sticky_note', {
        link_id: src.link_id,
        ann_id: ann,
        sContent: 'copied note',
        sMode: 2,
      }),
    );
    const copied = ok(
      await bob.post('/interact_api/copy_item', { link_id: src.link_id, copy_annotations: 'true' }),
    );
    const copyId = copied.json().items[0].link_id;
    expect(await stale(await userIdOf(t.database, bob.name!))).toEqual([]);
    expect(await matches(copyId, 'copied note shared')).toBe(true);
  });
});
