import path from 'node:path';
// the independent bookmark parser (npm bookmarks-parser, jsdom underneath) has no types
// @ts-expect-error no declaration file
import parseBookmarks from 'bookmarks-parser';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { addHighlight } from '../../../../test/factories/annotations.ts';
import { saveBookmark, saveNote } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { BearerClient, makeToken } from '../../../../test/helpers/tokens.ts';
import { LIBRARY_EXPORT_MSG } from '../../../shared/schemas/library-export.ts';
import { queryRows } from '../../db/client.ts';
import { LocalBlobStore } from '../../platform/blob-store.ts';
import { queueBlobSweep } from '../../platform/blob-sweep.ts';
import { parseNetscape } from '../import/parsers/netscape.ts';
import { bytesFile } from '../import/source.ts';
import { READWISE_COLUMNS } from './readwise.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
const TRICKY = 'Tom & Jerry <"quoted"> \'single\'';

beforeAll(async () => {
  // sessions outlive the clock moved past an export's 24 hours
  t = await createTestApp({ SESSION_IDLE_MINUTES: '10000', SESSION_ABSOLUTE_HOURS: '1000' });
  alice = await t.signUp();
  bob = await t.signUp();
  const page = (
    await saveBookmark(alice, {
      url: 'https://example.com/a?x=1&y=2',
      title: TRICKY,
      tags: 'reading, café',
      description: 'Line one <b>bold</b> & more',
      unread: true,
    })
  ).link_id;
  await addHighlight(alice, page, { content: 'A passage, with "quotes"', note: 'My thought' });
  const second = (await saveBookmark(alice, { url: 'https://example.org/second', title: 'Second page' }))
    .link_id;
  await saveBookmark(alice, { url: 'https://example.net/loose', title: 'Loose page', private: true });
  await saveNote(alice, {
    title: 'My note',
    content:
      '<h2>Plan</h2><p>Read <strong>more</strong> and <a href="https://example.com/x">this</a></p><ul><li>one</li><li>two</li></ul>',
  });
  // an outliner holding two items, one of them under a text line (a tree two deep)
  const outliner = (await alice.post('/outliner/new', { title: 'Reading list' })).json().outliner.id;
  await alice.post('/ditem_outliner/add_to_outliner', { infos: String(page), list_id: outliner });
  const line = (await alice.post(`/api/outliners/${outliner}/entries`, { text: 'Later & soon' })).json().entry
    .id;
  expect(
    (await alice.post(`/api/outliners/${outliner}/entries`, { parent_id: line, link_id: second })).statusCode,
  ).toBe(200);
  await saveBookmark(bob, { url: 'https://bob.example/', title: 'Bob page' });
});
afterAll(() => t.close());

/** Starts an export, runs the job and answers its finished status. */
async function exportOf(client: TestClient, format: string) {
  const start = await client.post('/api/export/library', { format });
  expect(start.statusCode).toBe(200);
  const { job_id } = start.json();
  await t.jobs.runDueJobs();
  const status = await client.get(`/api/export/library/${job_id}`);
  expect(status.statusCode).toBe(200);
  return { job_id: job_id as number, status: status.json() };
}

async function download(client: TestClient, format: string) {
  const { status } = await exportOf(client, format);
  expect(status.state).toBe('ready');
  const res = await client.get(status.download_url);
  expect(res.statusCode).toBe(200);
  expect(Number(res.headers['content-length'] ?? res.rawPayload.length)).toBe(status.bytes);
  return res;
}

describe('the export calls', () => {
  it('refuses an unknown format with a clear 400 and writes nothing', async () => {
    for (const format of ['docx', '', 'FOLIO']) {
      const unknown = await alice.post('/api/export/library', { format });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ message: LIBRARY_EXPORT_MSG.unknownFormat, field: 'format' });
    }
    expect((await alice.post('/api/export/library', {})).statusCode).toBe(400);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM library_exports`,
    );
    expect(row!.n).toBe(0);
  });

  it('answers 401 without a session', async () => {
    expect((await t.visitor().post('/api/export/library', { format: 'netscape' })).statusCode).toBe(401);
    expect((await t.visitor().get('/api/export/netscape')).statusCode).toBe(401);
  });

  it('queues, runs and lists an export; a second start while queued answers the same job', async () => {
    const first = (await alice.post('/api/export/library', { format: 'readwise' })).json();
    const again = (await alice.post('/api/export/library', { format: 'readwise' })).json();
    expect(again.job_id).toBe(first.job_id);
    const queued = (await alice.get(`/api/export/library/${first.job_id}`)).json();
    expect(queued).toMatchObject({ state: 'queued', bytes: 0, download_url: null, format: 'readwise' });
    await t.jobs.runDueJobs();
    const ready = (await alice.get(`/api/export/library/${first.job_id}`)).json();
    expect(ready).toMatchObject({
      state: 'ready',
      download_url: `/api/export/library/${first.job_id}/download`,
      scheduled: false,
    });
    expect(ready.bytes).toBeGreaterThan(0);
    expect(Date.parse(ready.expires_at) - Date.parse(ready.finished_at)).toBe(24 * 3_600_000);
    const list = (await alice.get('/api/export/library')).json();
    expect(list.formats.map((f: { name: string }) => f.name)).toEqual([
      'folio',
      'netscape',
      'markdown',
      'opml',
      'readwise',
      'annotations',
    ]);
    expect(list.exports[0]).toEqual(ready);
    expect((await bob.get('/api/export/library')).json().exports).toEqual([]);
  });

  it("refuses another user's job id, for the status and the download", async () => {
    const { job_id, status } = await exportOf(alice, 'opml');
    expect((await bob.get(`/api/export/library/${job_id}`)).statusCode).toBe(404);
    expect((await bob.get(status.download_url)).statusCode).toBe(404);
    expect((await alice.get('/api/export/library/abc')).statusCode).toBe(400);
    expect((await alice.get('/api/export/library/999999')).statusCode).toBe(404);
  });

  it('sends the download as an attachment its owner alone may fetch, with a byte range', async () => {
    const res = await download(alice, 'netscape');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="folio-netscape-\d{4}-\d\d-\d\d\.html"/,
    );
    expect(res.headers['cache-control']).toContain('private');
    const { status } = await exportOf(alice, 'netscape');
    const part = await alice.request({
      method: 'GET',
      url: status.download_url,
      headers: { range: 'bytes=0-8' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('<!DOCTYPE');
  });

  it('expires 24 hours after it is ready, and the blob sweep removes the file', async () => {
    const { job_id, status } = await exportOf(alice, 'markdown');
    const [row] = await queryRows<{ blob_key: string }>(
      t.database.db,
      sql`SELECT blob_key FROM library_exports WHERE id = ${job_id}`,
    );
    const blobs = new LocalBlobStore(path.join(t.config.dataDir, 'files'));
    expect(await blobs.exists(row!.blob_key)).toBe(true);
    t.clock.advance(24 * 3_600_000 - 60_000);
    expect((await alice.get(status.download_url)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const expired = (await alice.get(`/api/export/library/${job_id}`)).json();
    expect(expired).toMatchObject({ state: 'expired', download_url: null });
    const gone = await alice.get(status.download_url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(LIBRARY_EXPORT_MSG.expired);
    // the sweep keeps what unexpired runs hold and removes the rest
    const fresh = await exportOf(alice, 'opml');
    const [kept] = await queryRows<{ blob_key: string }>(
      t.database.db,
      sql`SELECT blob_key FROM library_exports WHERE id = ${fresh.job_id}`,
    );
    t.clock.advance(60_000);
    await queueBlobSweep(t.jobs, t.database.db);
    await t.jobs.runDueJobs();
    expect(await blobs.exists(row!.blob_key)).toBe(false);
    expect(await blobs.exists(kept!.blob_key)).toBe(true);
    expect((await alice.get(fresh.status.download_url)).statusCode).toBe(200);
  });
});

interface Bookmark {
  url: string;
  title: string;
  folder: string[];
}

/** bookmarks-parser's tree as a flat list (its "Menu" root is the file's top level). */
function flatten(
  nodes: { type?: string; title: string; url?: string; children?: unknown[] }[],
  folder: string[],
): Bookmark[] {
  return nodes.flatMap((n) =>
    n.url
      ? [{ url: n.url, title: n.title, folder }]
      : flatten(
          n.children as typeof nodes,
          n.title === 'Menu' && folder.length === 0 ? [] : [...folder, n.title],
        ),
  );
}

describe('Netscape bookmarks', () => {
  it('reads back the same entries through Folio’s importer and through bookmarks-parser', async () => {
    const res = await alice.get('/api/export/netscape');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="folio-bookmarks-/);
    const html = res.body;
    expect(html.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(true);
    expect(html).not.toContain('Bob page');
    expect(html).toContain('Tom &amp; Jerry &lt;&quot;quoted&quot;&gt; &#39;single&#39;');
    expect(html).toContain('HREF="https://example.com/a?x=1&amp;y=2"');

    const ours: (Bookmark & { tags: string[]; description: string; read?: boolean; private?: boolean })[] =
      [];
    for await (const parsed of parseNetscape(bytesFile(html))) {
      if ('problem' in parsed) throw new Error(parsed.problem);
      const e = parsed.entry;
      ours.push({
        url: e.url!,
        title: e.title,
        folder: e.folder,
        tags: e.tags,
        description: e.description,
        read: e.read,
        private: e.private,
      });
    }
    const theirs: Bookmark[] = await new Promise((resolve, reject) =>
      parseBookmarks(html, (err: Error | null, out: { parser: string; bookmarks: never[] }) => {
        if (err) return reject(err);
        expect(out.parser).toBe('netscape');
        resolve(flatten(out.bookmarks, []));
      }),
    );
    const plain = (list: Bookmark[]) =>
      list
        .map(({ url, title, folder }) => ({ url, title, folder }))
        .sort((a, b) => a.url.localeCompare(b.url));
    expect(plain(theirs)).toEqual(plain(ours));
    expect(plain(ours)).toEqual([
      { url: 'https://example.com/a?x=1&y=2', title: TRICKY, folder: ['Reading list'] },
      { url: 'https://example.net/loose', title: 'Loose page', folder: [] },
      { url: 'https://example.org/second', title: 'Second page', folder: ['Reading list'] },
    ]);
    const tricky = ours.find((b) => b.title === TRICKY)!;
    expect(tricky).toMatchObject({
      tags: ['reading', 'café'],
      description: 'Line one <b>bold</b> & more',
      read: false,
    });
    expect(ours.find((b) => b.title === 'Loose page')).toMatchObject({ private: true, read: true });
  });

  it('is read by a script with a read token', async () => {
    const { token } = await makeToken(alice, { scope: 'read' });
    const script = new BearerClient(t.app, token);
    const res = await script.get('/api/export/netscape');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe((await alice.get('/api/export/netscape')).body);
    // starting an export changes something: a read token may not
    expect((await script.post('/api/export/library', { format: 'netscape' })).statusCode).toBe(403);
  });

  it('writes the same file as a job', async () => {
    const direct = (await alice.get('/api/export/netscape')).body;
    expect((await download(alice, 'netscape')).body).toBe(direct);
  });
});

describe('Markdown vault', () => {
  it('holds a file per item with YAML front matter, highlights, notes and wiki links to its outliners', async () => {
    const zip = unzipSync(new Uint8Array((await download(alice, 'markdown')).rawPayload));
    const names = Object.keys(zip).sort();
    expect(names).toEqual([
      'Items/Loose page.md',
      'Items/Second page.md',
      "Items/Tom & Jerry quoted 'single'.md",
      'Notes/My note.md',
      'Outliners/Reading list/Reading list.md',
    ]);
    const text = (name: string) => new TextDecoder().decode(zip[name]);
    const frontMatter = (name: string) => {
      const m = /^---\n([\s\S]*?)\n---\n/.exec(text(name));
      expect(m, name).not.toBeNull();
      return parseYaml(m![1]!);
    };
    for (const name of names) expect(() => frontMatter(name)).not.toThrow();
    const page = "Items/Tom & Jerry quoted 'single'.md";
    expect(frontMatter(page)).toMatchObject({
      title: TRICKY,
      url: 'https://example.com/a?x=1&y=2',
      type: 'bookmark',
      tags: ['reading', 'café'],
      read: false,
      starred: false,
      outliners: ['[[Reading list]]'],
    });
    expect(typeof frontMatter(page).created).toBe('string');
    expect(text(page)).toContain('> A passage, with "quotes"\n\n- **Note:** My thought');
    expect(text(page)).toContain('In [[Reading list]]');
    expect(text('Notes/My note.md')).toContain(
      '## Plan\n\nRead **more** and [this](https://example.com/x)\n\n- one\n- two',
    );
    const outline = text('Outliners/Reading list/Reading list.md');
    // a line made without a place goes first
    expect(outline).toContain("- Later & soon\n  - [[Second page]]\n- [[Tom & Jerry quoted 'single']]");
  });
});

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: '#root', attrs: {}, children: [], text: '' };
  const stack = [root];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const node = { name, attrs, children: [], text: '' };
        stack[stack.length - 1]!.children.push(node);
        stack.push(node);
      },
      ontext(text) {
        stack[stack.length - 1]!.text += text;
      },
      onclosetag() {
        stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return root;
}

describe('OPML', () => {
  it('is OPML 2.0: head with title and an RFC 822 dateCreated, body outlines each with text', async () => {
    const xml = (await download(alice, 'opml')).body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const [opml] = parseXml(xml).children.filter((n) => n.name !== '?xml');
    expect(opml).toMatchObject({ name: 'opml', attrs: { version: '2.0' } });
    expect(opml!.children.map((c) => c.name)).toEqual(['head', 'body']);
    const [head, body] = opml!.children;
    const field = (name: string) => head!.children.find((c) => c.name === name)?.text;
    expect(field('title')).toBeTruthy();
    // RFC 822 (with a four-digit year, as OPML 2.0's examples): "Sat, 28 Nov 2026 06:40:00 GMT"
    expect(field('dateCreated')).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/,
    );
    expect(Number.isNaN(Date.parse(field('dateCreated')!))).toBe(false);
    const outlines: XmlNode[] = [];
    const walk = (n: XmlNode) => {
      for (const c of n.children) {
        expect(c.name).toBe('outline');
        outlines.push(c);
        walk(c);
      }
    };
    walk(body!);
    for (const o of outlines) expect(typeof o.attrs.text).toBe('string');
    expect(body!.children.map((o) => o.attrs.text)).toEqual(['Reading list']);
    const [list] = body!.children;
    expect(list!.children.map((o) => o.attrs.text)).toEqual(['Later & soon', TRICKY]);
    expect(list!.children[1]!.attrs).toMatchObject({ type: 'link', url: 'https://example.com/a?x=1&y=2' });
    expect(list!.children[0]!.children.map((o) => o.attrs.text)).toEqual(['Second page']);
  });
});

describe('Readwise CSV', () => {
  it("has Readwise's import columns, one row per highlight with its note", async () => {
    const rows = parseCsv((await download(alice, 'readwise')).body, { columns: true }) as Record<
      string,
      string
    >[];
    expect(Object.keys(rows[0]!)).toEqual([...READWISE_COLUMNS]);
    expect(rows).toEqual([
      {
        Highlight: 'A passage, with "quotes"',
        Title: TRICKY,
        Author: '',
        URL: 'https://example.com/a?x=1&y=2',
        Note: 'My thought',
        Location: '',
        Date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
    ]);
  });
});

describe('deleting the account', () => {
  it('removes its exports with it', async () => {
    const carol = await t.signUp();
    await saveBookmark(carol, { url: 'https://example.com/carol', title: 'Carol page' });
    const { job_id } = await exportOf(carol, 'netscape');
    const [row] = await queryRows<{ blob_key: string }>(
      t.database.db,
      sql`SELECT blob_key FROM library_exports WHERE id = ${job_id}`,
    );
    const blobs = new LocalBlobStore(path.join(t.config.dataDir, 'files'));
    expect(await blobs.exists(row!.blob_key)).toBe(true);
    const res = await carol.post('/api/settings/deleteUser', { password: 'secret123' });
    expect(res.json().code).toBe(1);
    expect(await blobs.exists(row!.blob_key)).toBe(false);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM library_exports WHERE id = ${job_id}`,
    );
    expect(left!.n).toBe(0);
  });
});
