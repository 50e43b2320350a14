import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, saveBookmark, saveNote, userIdOf } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { MIGRATIONS_DIR, queryRows } from '../../db/client.ts';

/**
 * Tags never contain a comma (issue 27): items carry their tags as one comma-joined t_name, so a
 * comma typed anywhere separates two tags, and tags stored with one before are split.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tNameOf = async (client: TestClient, id: number) =>
  (await client.get('/interact_api/load_user_item', { link_id: String(id) })).json().items[0].t_name;
const tagsOf = async (client: TestClient) =>
  (await client.get('/interact_api/load_user_tags', { sort: 'name' })).json().tags;

/** Every counter on the user's tags (migration 0009) that differs from a recount. */
function counterMismatches(userId: number) {
  return queryRows(
    t.database.db,
    sql`SELECT t.name FROM tags t LEFT JOIN (
          SELECT it.tag_id, count(*)::int AS n, (count(*) FILTER (WHERE NOT i.private))::int AS public,
            (count(*) FILTER (WHERE i.unread))::int AS unread
          FROM item_tags it JOIN items i ON i.id = it.item_id GROUP BY it.tag_id
        ) c ON c.tag_id = t.id
        WHERE t.user_id = ${userId} AND (c.n IS NULL OR t.item_count <> c.n OR t.public_count <> c.public
          OR t.unread_count <> c.unread)`,
  );
}

describe('a comma typed in a tag separates two tags', () => {
  it('when saving a bookmark, and in its RSS feed', async () => {
    const client = await t.signUp();
    const item = await saveBookmark(client, { tags: '"tips, tricks" css', private: false });
    expect(await tNameOf(client, item.link_id)).toBe('tips,tricks,css');
    expect(await tagsOf(client)).toEqual([
      { name: 'css', count: 1 },
      { name: 'tips', count: 1 },
      { name: 'tricks', count: 1 },
    ]);
    const feed = await client.get(`/rss/${client.name}`);
    expect(feed.body).toContain('<category>tips</category>');
    expect(feed.body).not.toContain('tips, tricks');
  });

  it('when editing tags, one item or many', async () => {
    const client = await t.signUp();
    const a = await saveBookmark(client, { tags: 'one' });
    const b = await saveBookmark(client, { tags: '' });
    const edit = await client.post('/interact_api/edit_item_tags', {
      editTags: '"web, design"',
      editTagOption: 1,
      link_id: String(a.link_id),
    });
    expect(edit.json().t_name).toBe('one,web,design');
    const bulk = await client.post('/ditem_mana2/batch_edit_tags', {
      editTags: '"x,y"',
      editTagOption: 0,
      infos: JSON.stringify([{ link_id: a.link_id }, { link_id: b.link_id }]),
    });
    expect(bulk.json().t_names).toEqual({ [a.link_id]: 'x,y', [b.link_id]: 'x,y' });
  });

  it('when saving a note', async () => {
    const client = await t.signUp();
    const id = await saveNote(client, { tags: ['tips, tricks'] });
    expect(await tNameOf(client, id)).toBe('tips,tricks');
  });

  it('when renaming a tag: its items get each name, merged into tags of that name', async () => {
    const client = await t.signUp();
    const uid = await userIdOf(t.database, client.name!);
    const a = await saveBookmark(client, { tags: 'howto other', private: false });
    const b = await saveBookmark(client, { tags: 'tips howto', unread: true });
    const res = await client.post('/tag_mana2/update_tags', { old_tag: 'howto', new: 'Tips, tricks' });
    expect(res.statusCode).toBe(200);
    expect(await tNameOf(client, a.link_id)).toBe('tips,tricks,other');
    expect(await tNameOf(client, b.link_id)).toBe('tips,tricks');
    expect(await tagsOf(client)).toEqual([
      { name: 'other', count: 1 },
      { name: 'tips', count: 2 },
      { name: 'tricks', count: 2 },
    ]);
    expect(await counterMismatches(uid)).toEqual([]);
  });

  it('a rename to commas alone names no tag', async () => {
    const client = await t.signUp();
    await saveBookmark(client, { tags: 'keep' });
    const res = await client.post('/tag_mana2/update_tags', { old_tag: 'keep', new: ' , ,' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please give the tag name.');
    expect(await tagsOf(client)).toEqual([{ name: 'keep', count: 1 }]);
  });

  it('when any writer gives names one by one (a copy, an import)', async () => {
    const client = await t.signUp();
    const uid = await userIdOf(t.database, client.name!);
    const id = await buildItem(t.database, uid, { tags: ['tips, tricks', 'Tips'] });
    expect(await tNameOf(client, id)).toBe('tips,tricks');
  });
});

/** The statements of this branch's migration (its number changes when branches merge). */
function splitMigration(): string[] {
  const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_tags_without_commas.sql'));
  if (!file) throw new Error('the migration splitting tags with commas is missing');
  return readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

describe('the migration splitting tags stored with a comma', () => {
  it('gives their items each name, merged into existing tags, counters kept', async () => {
    const client = await t.signUp();
    const other = await t.signUp();
    const uid = await userIdOf(t.database, client.name!);
    const otherId = await userIdOf(t.database, other.name!);
    const a = await saveBookmark(client, { tags: 'first', private: false });
    const b = await saveBookmark(client, { tags: 'Tips', unread: true });
    const theirs = await saveBookmark(other, { tags: 'mine' });
    // the state before the migration: names with commas, which no writer makes any more
    const db = t.database.db;
    await db.execute(sql`ALTER TABLE tags DROP CONSTRAINT IF EXISTS tags_name_without_comma`);
    const stored = async (userId: number, itemId: number, name: string, position: number) => {
      const [tag] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO tags (user_id, name) VALUES (${userId}, ${name}) RETURNING id`,
      );
      await db.execute(sql`INSERT INTO item_tags (item_id, tag_id, user_id, position)
        VALUES (${itemId}, ${tag!.id}, ${userId}, ${position})`);
    };
    await stored(uid, a.link_id, 'tips, tricks', 1);
    await db.execute(sql`INSERT INTO item_tags (item_id, tag_id, user_id, position)
      SELECT ${b.link_id}, id, user_id, 1 FROM tags WHERE user_id = ${uid} AND name = 'tips, tricks'`);
    await stored(uid, a.link_id, ' , ', 2);
    await stored(otherId, theirs.link_id, 'a,b,A', 1);
    expect(await tNameOf(client, a.link_id)).toBe('first,tips, tricks, , ');

    // in one transaction, on one connection, as the migrator runs it (its temporary table included)
    await db.transaction(async (tx) => {
      for (const statement of splitMigration()) await tx.execute(sql.raw(statement));
    });

    expect(await tNameOf(client, a.link_id)).toBe('first,Tips,tricks');
    expect(await tNameOf(client, b.link_id)).toBe('Tips,tricks');
    expect(await tNameOf(other, theirs.link_id)).toBe('mine,a,b');
    expect(await tagsOf(client)).toEqual([
      { name: 'first', count: 1 },
      { name: 'Tips', count: 2 },
      { name: 'tricks', count: 2 },
    ]);
    expect(await counterMismatches(uid)).toEqual([]);
    expect(await counterMismatches(otherId)).toEqual([]);
    // and from now on the database itself refuses one
    await expect(db.execute(sql`INSERT INTO tags (user_id, name) VALUES (${uid}, 'x,y')`)).rejects.toThrow();
  });
});
