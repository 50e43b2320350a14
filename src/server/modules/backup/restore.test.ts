import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { detectFormat } from '../import/detect.ts';
import { bytesFile } from '../import/source.ts';

/**
 * Restoring a Folio backup (format `folio` of POST /api/import) from files Folio did not write
 * itself: recognised by its folio-backup.json, a bad record skipped with its reason and the rest
 * restored, a broken file failing with a clear message and nothing written, and the profile kept
 * when the account already holds a library.
 */
let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
});
afterAll(() => t.close());

const at = '2026-01-02T03:04:05.000Z';
const record = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  type: 'bookmark',
  title: `Page ${id}`,
  description: '',
  url: `https://example.com/restored/${id}`,
  src_url: null,
  note_content: null,
  note_type: null,
  unread: true,
  private: true,
  local_id: null,
  thumbnail_url: null,
  download_url: null,
  permanent_url: null,
  starred: false,
  capture_status: null,
  capture_error: null,
  captured_at: null,
  created_at: at,
  updated_at: at,
  tags: ['restored'],
  annotations: [],
  file: null,
  page: null,
  note_pictures: [],
  groups: [],
  ...fields,
});
const account = {
  id: 99,
  profile: {
    name: 'someone',
    first_name: 'Ada',
    last_name: 'Lovelace',
    avatar: null,
    teacher: false,
    company_name: null,
    company_uri: null,
    show_classic: false,
    open_text_view: true,
    created_at: at,
  },
  preferences: null,
  outliner_settings: { show_quota: true, source_link: true },
};
const backupZip = (items: unknown[], extra: Record<string, Uint8Array> = {}) =>
  zipSync({
    'folio-backup.json': new TextEncoder().encode(
      JSON.stringify({
        format: 'folio-backup',
        version: 1,
        exported_at: at,
        account,
        groups: [],
        items,
        outliners: [],
        counts: { items: items.length, outliners: 0, files: 0 },
      }),
    ),
    ...extra,
  });

async function restore(client: TestClient, bytes: Uint8Array, format = '') {
  const { payload, headers } = multipartBody([
    { name: 'format', value: format },
    { name: 'file', value: Buffer.from(bytes), filename: 'backup.zip', contentType: 'application/zip' },
  ]);
  const res = await client.request({ method: 'POST', url: '/api/import', payload, headers });
  expect(res.statusCode, res.body).toBe(200);
  await t.jobs.runDueJobs();
  return (await client.get(`/api/import/${res.json().job_id}`)).json();
}
const titles = async (client: TestClient) =>
  (await client.get('/interact_api/load_user_items', { count: '96', sort: 'title' }))
    .json()
    .items.map((i: { title: string }) => i.title);

describe('restoring a Folio backup', () => {
  it('recognises a zip holding folio-backup.json, without the mimetype member Folio writes first', async () => {
    expect(await detectFormat(bytesFile(backupZip([])))).toBe('folio');
  });

  it('skips a bad record with its reason, restores the rest, and keeps the profile of an account with a library', async () => {
    const bob = await t.signUp();
    await saveBookmark(bob, { title: 'Already here' });
    const status = await restore(
      bob,
      backupZip([
        record(1),
        record(2, { created_at: 'yesterday' }),
        record(3, { type: 'spaceship' }),
        record(4),
      ]),
    );
    expect(status).toMatchObject({ state: 'done', format: 'folio', total: 4, added: 2, skipped: 2 });
    expect(status.errors).toEqual([
      { entry: 2, message: expect.stringMatching(/^Item left out: created_at: /) },
      { entry: 3, message: expect.stringMatching(/^Item left out: type: /) },
    ]);
    expect(await titles(bob)).toEqual(['Already here', 'Page 1', 'Page 4']);
    const info = (await bob.get('/interact_api/load_user_setting')).json();
    expect(JSON.stringify(info)).not.toContain('Lovelace');
  });

  it('fails a broken or foreign file with a clear message and writes nothing', async () => {
    const whole = backupZip([record(10), record(11)]);
    // named as a backup (a cut file is not recognised as one: a 400 at once)
    const cut = await restore(alice, whole.subarray(0, Math.floor(whole.length * 0.6)), 'folio');
    expect(cut.state).toBe('failed');
    expect(cut.message).toMatch(/backup|zip/i);

    const foreign = await restore(
      alice,
      zipSync({
        'folio-backup.json': new TextEncoder().encode('{"format": "something-else", "items": [{}]}'),
      }),
    );
    expect(foreign).toMatchObject({ state: 'failed', message: 'This is not a Folio backup.' });

    const outside = await restore(
      alice,
      backupZip([record(12)], { 'files/items/../../etc.txt': new Uint8Array([1]) }),
    );
    expect(outside.state).toBe('done');
    expect(await titles(alice)).toEqual(['Page 12']);
  });
});
