import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark, saveNote, userIdOf } from '../../../../test/factories/items.ts';
import { fixture, uploadFile } from '../../../../test/factories/uploads.ts';
import { setPlan } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient, uniqueName } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { queryRows } from '../../db/client.ts';
import { LocalBlobStore } from '../../platform/blob-store.ts';
import { USER_BLOB_AREAS } from './deletion.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Rows that name the user in every table: user_id columns, users.id, keyed counters. */
async function rowsOf(userId: number): Promise<Record<string, number>> {
  const columns = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`SELECT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'user_id' ORDER BY table_name`,
  );
  expect(columns.length).toBeGreaterThan(8);
  const counts: Record<string, number> = {};
  for (const { table_name } of columns) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE user_id = ${userId}`,
    );
    counts[table_name] = row!.n;
  }
  const [u] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM users WHERE id = ${userId}`,
  );
  counts.users = u!.n;
  const [k] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM auth_throttle WHERE key = ${`acct:${userId}`}`,
  );
  counts.auth_throttle = k!.n;
  return counts;
}

async function blobsOf(userId: number): Promise<string[]> {
  const store = new LocalBlobStore(path.join(t.config.dataDir, 'files'));
  const keys: string[] = [];
  for (const area of USER_BLOB_AREAS) for await (const b of store.list(`${area}/${userId}`)) keys.push(b.key);
  return keys;
}

/** A user with something in every area: bookmarks, a note, an upload and its thumbnails, a highlight, an outliner, an avatar. */
async function fill(c: TestClient) {
  const bm = await saveBookmark(c, { tags: 'alpha,beta' });
  await saveNote(c, { tags: ['gamma'] });
  expect(
    (await uploadFile(c, fixture('photo.jpg'), { url: '/item/save/image', filename: 'photo.jpg' }))
      .statusCode,
  ).toBe(200);
  await t.jobs.runDueJobs();
  const { payload, headers } = multipartBody([
    { name: 'source', value: fixture('small.gif'), filename: 'a.gif' },
  ]);
  expect(
    (await c.request({ method: 'POST', url: '/api/settings/uploadAvatar', payload, headers })).statusCode,
  ).toBe(200);
  expect((await c.post('/outliner/new', { title: 'Plan' })).statusCode).toBe(200);
  await c.post('/api/settings/setNewslettersNotif', { value: false });
  await c.post('/api/auth/sign-in', { name_or_email: c.name, password: 'wrong-one' });
  return bm;
}

describe('deleteUser', () => {
  it('says the password is required when it is empty or missing, and deletes nothing', async () => {
    const c = await t.signUp();
    for (const body of [{ password: '' }, {}]) {
      const res = await c.post('/api/settings/deleteUser', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Please enter your password.', field: 'password' });
    }
    expect((await c.get('/interact_api/load_user_setting')).statusCode).toBe(200);
  });

  it('refuses a wrong password with code 0 and a subscription with -1', async () => {
    const c = await t.signUp();
    const wrong = await c.post('/api/settings/deleteUser', { password: 'nope123' });
    expect(wrong.json()).toEqual({ code: 0, message: 'Your password is incorrect.' });
    await setPlan(t.database, c, 'professional');
    const sub = await c.post('/api/settings/deleteUser', { password: 'secret123' });
    expect(sub.json()).toEqual({
      code: -1,
      message: 'Please cancel your personal premium subscription in this page first.',
    });
    await setPlan(t.database, c, 'business');
    expect((await c.post('/api/settings/deleteUser', { password: 'secret123' })).json().code).toBe(-2);
    expect((await c.get('/interact_api/load_user_setting')).statusCode).toBe(200);
  });

  it('removes every row and every file of the user and nothing of another user', async () => {
    const name = uniqueName();
    const c = await t.signUp({ name });
    const other = await t.signUp();
    await fill(c);
    await fill(other);
    const id = await userIdOf(t.database, name);
    const otherId = await userIdOf(t.database, other.name!);
    const before = await rowsOf(id);
    expect(before.items).toBeGreaterThan(2);
    expect(before.outliners).toBe(1);
    expect(before.item_files).toBe(1);
    expect(before.user_settings).toBe(1);
    expect((await blobsOf(id)).length).toBeGreaterThan(3);
    const otherBefore = await rowsOf(otherId);
    const otherBlobs = await blobsOf(otherId);

    const res = await c.post('/api/settings/deleteUser', { password: 'secret123' });
    expect(res.json()).toEqual({ code: 1, message: 'Your account and everything in it have been deleted.' });

    const after = await rowsOf(id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await blobsOf(id)).toEqual([]);
    expect(await rowsOf(otherId)).toEqual(otherBefore);
    expect(await blobsOf(otherId)).toEqual(otherBlobs);
    expect((await c.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    expect(
      (await t.visitor().post('/api/auth/sign-in', { name_or_email: name, password: 'secret123' }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses bad input with 400 and a visitor with 401', async () => {
    const c = await t.signUp();
    expect((await c.post('/api/settings/deleteUser', { password: 5 })).statusCode).toBe(400);
    expect((await t.visitor().post('/api/settings/deleteUser', { password: 'x' })).statusCode).toBe(401);
    expect((await c.get('/interact_api/load_user_setting')).statusCode).toBe(200);
  });
});
