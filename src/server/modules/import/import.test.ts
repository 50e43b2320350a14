import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUsage } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { IMPORT_FIXTURES, zippedFixture } from '../../../../test/helpers/import-files.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { HIGHLIGHT_OVER_QUOTA } from '../../../shared/schemas/values.ts';
import { queryRows } from '../../db/client.ts';
import { UNKNOWN_FORMAT_MESSAGE } from './formats.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(path.join(IMPORT_FIXTURES, name));

async function startImport(client: TestClient, file: Buffer | Uint8Array, filename: string, format = '') {
  const { payload, headers } = multipartBody([
    { name: 'format', value: format },
    { name: 'file', value: Buffer.from(file), filename, contentType: 'application/octet-stream' },
  ]);
  return client.request({ method: 'POST', url: '/api/import', payload, headers });
}

/** Starts an import and runs the background jobs until it has ended. */
async function imported(client: TestClient, file: Buffer | Uint8Array, filename: string, format = '') {
  const res = await startImport(client, file, filename, format);
  expect(res.statusCode, res.body).toBe(200);
  const { job_id } = res.json();
  await t.jobs.runDueJobs();
  const status = (await client.get(`/api/import/${job_id}`)).json();
  expect(['done', 'failed']).toContain(status.state);
  return status;
}

interface Listed {
  link_id: number;
  title: string;
  url: string;
  description: string;
  t_name: string;
  readed: number;
  private: number;
  starred: number;
  created_at: number;
  annotations: { shape: number; content: string; selector: unknown; stickyNotes: { content: string }[] }[];
}
const library = async (client: TestClient): Promise<Listed[]> =>
  (await client.get('/interact_api/load_user_items', { count: '96', sort: 'title' })).json().items;

describe('POST /api/import', () => {
  it('imports a bookmarks file with folders as outliners, tags, dates and read state, then merges a second import', async () => {
    const alice = await t.signUp();
    const status = await imported(alice, fixture('netscape.html'), 'bookmarks.html');
    expect(status).toMatchObject({
      state: 'done',
      format: 'netscape',
      total: 7,
      done: 7,
      added: 5,
      merged: 1,
      skipped: 1,
      failed: 0,
      errors: [{ entry: 3, message: 'Not a web address: javascript:alert(1)' }],
    });
    const items = await library(alice);
    expect(items).toHaveLength(5);
    const gardens = items.find((i) => i.url === 'https://example.com/essays/gardens')!;
    expect(gardens).toMatchObject({
      title: 'Gardens & Walls',
      description: 'A long essay about walled gardens.',
    });
    expect(gardens.t_name.split(',').sort()).toEqual(['Reading', 'essay', 'garden']);
    expect(gardens.created_at).toBe(1_700_000_200);
    const async = items.find((i) => i.title === 'Async Book — Rust')!;
    expect(async).toMatchObject({ readed: 0, private: 1 });
    expect(async.t_name).toBe('Async');

    const { outliners } = (await alice.get('/outliner/list')).json().data;
    expect(outliners.map((o: { title: string }) => o.title)).toEqual(['Reading']);
    const tree = (await alice.get(`/api/outliners/${outliners[0].id}`)).json();
    // Reading > Rust > Async holds the async book; Reading holds the gardens essay
    const text = JSON.stringify(tree);
    for (const held of ['Rust', 'Async', 'Async Book — Rust', 'Gardens & Walls', 'Rustonomicon'])
      expect(text).toContain(held);

    const again = await imported(alice, fixture('netscape.html'), 'bookmarks.html');
    expect(again).toMatchObject({ state: 'done', added: 0, merged: 6, skipped: 1 });
    expect(await library(alice)).toHaveLength(5);
  });

  it('imports Raindrop highlights with their notes, favourites and folder paths; highlights over the quota fail with the spec result', async () => {
    const bob = await t.signUp();
    const status = await imported(bob, fixture('raindrop.csv'), 'raindrop.csv');
    expect(status).toMatchObject({ format: 'raindrop', added: 3, merged: 1, skipped: 1 });
    const listed = await library(bob);
    const deep = listed.find((i) => i.url === 'https://example.com/rd/deep')!;
    expect(deep.annotations.filter((a) => a.shape === 0).map((a) => a.content)).toEqual([
      'Deep work is rare.',
      'Attention residue',
    ]);
    const rare = deep.annotations.find((a) => a.content === 'Deep work is rare.')!;
    expect(rare.stickyNotes.map((s) => s.content)).toEqual(['and valuable']);
    // the long note is a float note; the excerpt the description
    expect(deep.description).toBe('Short excerpt');
    // a favourite is starred; the unsorted one is not
    expect(deep.starred).toBe(1);
    expect((await library(bob)).find((i) => i.url === 'https://example.com/rd/unsorted')!.starred).toBe(0);
    expect(deep.annotations.find((a) => a.shape === 2)?.content).toContain('A long note');

    const carol = await t.signUp();
    await setUsage(t.database, carol, 'annotation', 10_000_000);
    const over = await imported(carol, fixture('raindrop.csv'), 'raindrop.csv');
    expect(over.failed).toBeGreaterThan(0);
    expect(over.errors.map((e: { message: string }) => e.message)).toContain(HIGHLIGHT_OVER_QUOTA.message);
  });

  it('reads each format it recognises', async () => {
    const dana = await t.signUp();
    for (const [name, format, added] of [
      ['pocket.csv', 'pocket_csv', 3],
      ['pinboard.json', 'pinboard', 2],
      ['instapaper.csv', 'instapaper', 4],
      ['readwise-reader.csv', 'readwise_reader', 3],
      ['karakeep.json', 'karakeep', 3],
      ['linkwarden.json', 'linkwarden', 3],
      ['wallabag.json', 'wallabag', 2],
      ['hypothesis.json', 'hypothesis', 2],
      ['diigo.csv', 'diigo_csv', 3],
    ] as const) {
      const status = await imported(dana, fixture(name), name);
      expect({ name, format: status.format, state: status.state, added: status.added }).toEqual({
        name,
        format,
        state: 'done',
        added,
      });
    }
    const zipped = await imported(dana, zippedFixture('omnivore'), 'omnivore.zip');
    expect(zipped).toMatchObject({ format: 'omnivore', state: 'done', added: 3 });
    // the PDF came through uploads, as a PDF item; the same zip again merges it
    const pdfs = (await dana.get('/interact_api/load_user_items', { type: 'pdf' })).json().items as Listed[];
    expect(pdfs.map((p) => p.title)).toEqual(['A paper (PDF)']);
    expect(await imported(dana, zippedFixture('omnivore'), 'omnivore.zip')).toMatchObject({
      added: 0,
      merged: 3,
    });
    const books = await imported(dana, fixture('readwise-highlights.csv'), 'readwise.csv');
    expect(books).toMatchObject({ format: 'readwise_highlights', added: 2 });

    // what each format says of its entries arrives: tags, folders, starred, read, privacy, dates, notes
    const all = await library(dana);
    const at = (url: string) => {
      const found = all.find((i) => i.url === url);
      if (!found) throw new Error(`not imported: ${url}`);
      return { ...found, tags: found.t_name.split(',').filter(Boolean).sort() };
    };
    const notesOf = (url: string) =>
      Object.fromEntries(at(url).annotations.map((a) => [a.content, a.stickyNotes.map((n) => n.content)]));
    expect(at('https://example.com/cafe')).toMatchObject({ readed: 0, created_at: 1_700_000_000 });
    expect(at('https://example.com/cafe').tags).toEqual(['food', 'travel']);
    expect(at('https://example.com/untitled').readed).toBe(1);
    // Pinboard: private and to read, and the second entry of the same page merged its tag in
    expect(at('https://example.com/pin/one')).toMatchObject({
      private: 1,
      readed: 0,
      created_at: 1_682_935_200,
    });
    expect(at('https://example.com/pin/one').tags).toEqual(['alpha', 'beta', 'gamma']);
    // Instapaper: starred, archived, and a folder of its own (a tag and an outliner)
    expect(at('https://example.com/insta/c').starred).toBe(1);
    expect(at('https://example.com/insta/b').readed).toBe(1);
    expect(at('https://example.com/insta/d').tags).toEqual(['Physics']);
    // Readwise Reader: archive read, shortlist starred, Python-style tag lists
    expect(at('https://example.com/rw/done').readed).toBe(1);
    expect(at('https://example.com/rw/short').starred).toBe(1);
    expect(at('https://example.com/rw/uber').tags).toEqual(['tag1', 'two words']);
    // Karakeep: the nested lists (Reading > Science > Physics) as the folder, archived as read
    // (the list's name 'Reading' is the library's tag 'reading', which Pocket's file made: tags ignore case)
    expect(at('https://example.com/kk/page').tags).toEqual(['Physics', 'a', 'b', 'd', 'reading']);
    expect(at('https://example.com/kk/archived').readed).toBe(1);
    // Linkwarden: pinned starred, public collection public, the import date kept
    expect(at('https://example.com/lw/pinned')).toMatchObject({
      starred: 1,
      private: 1,
      created_at: 1_577_836_800,
    });
    expect(at('https://example.com/lw/top').private).toBe(0);
    // Wallabag: archived read, starred, its annotation a highlight with its comment
    expect(at('https://example.com/wb/archived').readed).toBe(1);
    expect(at('https://example.com/wb/starred').starred).toBe(1);
    expect(notesOf('https://example.com/wb/archived')['quick brown fox']).toEqual(['a comment']);
    // Hypothesis: the reply joins its thread's note; the quote-less annotation is the float note
    expect(notesOf('https://example.com/hy/page')['quick brown fox']).toEqual(['Nice point\n\nI agree']);
    expect(at('https://example.com/hy/page').annotations.find((a) => a.shape === 2)?.content).toBe(
      'A page note without a quote',
    );
    // Diigo: its date and tags, highlights with their sticky notes
    expect(at('https://example.com/dg/classic')).toMatchObject({ created_at: 1_546_398_245 });
    expect(at('https://example.com/dg/classic').tags).toEqual(['research', 'web']);
    expect(notesOf('https://example.com/dg/classic')['first quote']).toEqual(['note on first']);
    // the folders became outliners: Karakeep's Reading, Linkwarden's Top, Instapaper's Physics
    const { outliners } = (await dana.get('/outliner/list')).json().data;
    expect(outliners.map((o: { title: string }) => o.title).sort()).toEqual(['Physics', 'Reading', 'Top']);
  });

  it('refuses a file of no known format with the formats Folio reads, and an unknown format name', async () => {
    const erin = await t.signUp();
    const res = await startImport(erin, Buffer.from('just some text\n'), 'notes.txt');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNKNOWN_FORMAT_MESSAGE);
    const named = await startImport(erin, fixture('pocket.csv'), 'pocket.csv', 'myspace');
    expect(named.statusCode).toBe(400);
    const empty = await startImport(erin, Buffer.alloc(0), 'empty.csv');
    expect(empty.statusCode).toBe(400);
  });

  it("never shows or lists another user's import", async () => {
    const frank = await t.signUp();
    const grace = await t.signUp();
    const { job_id } = (await startImport(frank, fixture('pocket.csv'), 'pocket.csv')).json();
    expect((await grace.get(`/api/import/${job_id}`)).statusCode).toBe(404);
    expect((await grace.get('/api/import')).json().imports).toEqual([]);
    expect((await frank.get('/api/import')).json().imports.map((i: { job_id: number }) => i.job_id)).toEqual([
      job_id,
    ]);
    expect((await t.visitor().get(`/api/import/${job_id}`)).statusCode).toBe(401);
  });

  it('waits while another import of the user runs on another instance, and not for one whose instance stopped', async () => {
    const hana = await t.signUp();
    const first = (await startImport(hana, fixture('pocket.csv'), 'pocket.csv')).json().job_id;
    const second = (await startImport(hana, fixture('pinboard.json'), 'pinboard.json')).json().job_id;
    // the first is being run by another instance: its row running with a fresh heartbeat, its job taken
    const now = t.clock.now().toISOString();
    await t.database.db.execute(
      sql`UPDATE imports SET state = 'running', heartbeat_at = ${now}::timestamptz WHERE id = ${first}`,
    );
    await t.database.db.execute(
      sql`UPDATE jobs SET status = 'running', locked_until = ${now}::timestamptz + interval '1 hour'
          WHERE kind = 'import' AND payload->>'importId' = ${String(first)}`,
    );
    await t.jobs.runDueJobs();
    expect((await hana.get(`/api/import/${second}`)).json().state).toBe('queued');

    // that instance stopped: three minutes on, its heartbeat is stale and the second goes ahead
    t.clock.advance(3 * 60_000);
    await t.jobs.runDueJobs();
    expect((await hana.get(`/api/import/${second}`)).json()).toMatchObject({ state: 'done', added: 2 });
  });

  it("merges only into the importer's own library: another user's item of the same page is left alone", async () => {
    const ivy = await t.signUp();
    const jay = await t.signUp();
    await ivy.post('/item/save/bookmark', {
      url: 'https://example.com/cafe',
      title: 'Ivy keeps this',
      tags: 'mine',
    });
    const status = await imported(jay, fixture('pocket.csv'), 'pocket.csv');
    expect(status).toMatchObject({ added: 3, merged: 1 });
    const ivys = await library(ivy);
    expect(ivys.map((i) => [i.title, i.t_name])).toEqual([['Ivy keeps this', 'mine']]);
    expect((await library(jay)).find((i) => i.url === 'https://example.com/cafe')!.title).toBe(
      'Café culture',
    );
  });

  it("queues the captures of an import a second apart, after the user's captures already queued", async () => {
    const kim = await t.signUp();
    const now = t.clock.now().getTime();
    await imported(kim, fixture('pinboard.json'), 'pinboard.json');
    // the first was due at once and has run; the second waits a second
    expect(await captureTimes(kim.name!)).toEqual([now + 1_000]);
    // a second import's four queue behind it, a second apart
    await imported(kim, fixture('instapaper.csv'), 'instapaper.csv');
    expect(await captureTimes(kim.name!)).toEqual([1, 2, 3, 4, 5].map((k) => now + k * 1_000));
  });

  it('takes Kindle clippings and OPML outlines through the same import', async () => {
    const lee = await t.signUp();
    const kindle = await imported(
      lee,
      readFileSync(path.join(IMPORT_FIXTURES, '..', 'my-clippings.txt')),
      'My Clippings.txt',
    );
    expect(kindle).toMatchObject({ format: 'kindle', state: 'done', added: 3 });
    const opml =
      '<?xml version="1.0"?><opml version="2.0"><head><title>Plans</title></head><body><outline text="Garden"><outline text="Tomatoes"/></outline></body></opml>';
    expect(await imported(lee, Buffer.from(opml), 'plans.opml')).toMatchObject({
      format: 'opml',
      state: 'done',
      added: 1,
    });
    const { outliners } = (await lee.get('/outliner/list')).json().data;
    expect(outliners.map((o: { title: string }) => o.title)).toEqual(['Plans']);
  });
});

/** When the user's queued captures are due, in ms, earliest first. */
async function captureTimes(name: string): Promise<number[]> {
  const rows = await queryRows<{ run_at: string | Date }>(
    t.database.db,
    sql`SELECT j.run_at FROM jobs j JOIN users u ON u.id = j.user_id
        WHERE u.name = ${name} AND j.kind = 'capture' AND j.status = 'queued' ORDER BY j.run_at`,
  );
  return rows.map((r) => new Date(r.run_at).getTime());
}
