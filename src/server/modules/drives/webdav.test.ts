import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveExportItems } from '../../../../test/factories/exports.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { startWebdavPeer, type WebdavPeer } from '../../../../test/helpers/webdav-peer.ts';
import { WEBDAV_MSG } from '../../../shared/schemas/drives.ts';
import { queryRows } from '../../db/client.ts';
import { open } from '../../platform/secret-box.ts';

/** A real WebDAV server on 127.0.0.1, its files on disk in `root`. */
let dav: WebdavPeer;
let davUrl: string;
let root: string;
let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let page: number;
let note: number;
let bobs: number;

beforeAll(async () => {
  dav = await startWebdavPeer();
  davUrl = dav.url;
  root = dav.root;

  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1' });
  alice = await t.signUp();
  bob = await t.signUp();
  ({ page, note, others: bobs } = await saveExportItems(alice, bob));
});
afterAll(async () => {
  await t.close();
  await dav.close();
});

const files = () => readdirSync(root).sort();
const docXml = (name: string) =>
  new TextDecoder().decode(
    unzipSync(new Uint8Array(readFileSync(path.join(root, name))))['word/document.xml'],
  );

describe('WebDAV connection', () => {
  it('refuses a wrong app password with a clear message and stores nothing', async () => {
    const res = await alice.post('/api/drives/webdav', { url: davUrl, username: 'ann', password: 'wrong' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: WEBDAV_MSG.badLogin, field: 'password' });
    expect((await alice.get('/api/drives/webdav')).json()).toMatchObject({ connected: false });
  });

  it('answers 400 for bad input and stores nothing', async () => {
    for (const body of [
      { url: 'ftp://x/', username: 'ann', password: 'p' },
      { url: davUrl, username: '', password: 'p' },
      { url: davUrl, username: 'ann', password: '' },
      { url: '', username: '', password: '' },
    ]) {
      const res = await alice.post('/api/drives/webdav', body);
      expect(res.statusCode).toBe(400);
    }
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM webdav_connections`,
    );
    expect(row!.n).toBe(0);
  });

  it('saves a working folder with the password sealed, and never sends it back', async () => {
    const res = await alice.post('/api/drives/webdav', {
      url: davUrl.slice(0, -1),
      username: 'ann',
      password: 'app-pass-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 1,
      connected: true,
      url: davUrl,
      username: 'ann',
      message: WEBDAV_MSG.connected,
    });
    const [row] = await queryRows<{ password_sealed: string }>(
      t.database.db,
      sql`SELECT password_sealed FROM webdav_connections`,
    );
    expect(row!.password_sealed).not.toContain('app-pass-1');
    expect(open(t.config.secretsKey, row!.password_sealed)).toBe('app-pass-1');
    const status = await alice.get('/api/drives/webdav');
    expect(status.json()).toEqual({ code: 1, connected: true, url: davUrl, username: 'ann' });
    expect(status.body).not.toContain('app-pass');
    // "" keeps the stored password
    expect(
      (await alice.post('/api/drives/webdav', { url: davUrl, username: 'ann', password: '' })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/export/webdav', () => {
  it('writes one item as a real .docx named after it', async () => {
    const res = await alice.post('/api/export/webdav', { link_ids: String(page) });
    expect(res.statusCode).toBe(200);
    const name = 'Résumé a b page_via Folio.docx';
    expect(res.json()).toEqual({
      code: 0,
      message: WEBDAV_MSG.saved,
      data: { webViewLink: `${davUrl}${encodeURIComponent(name)}`, fileName: name },
    });
    expect(files()).toContain(name);
    const xml = docXml(name);
    expect(xml).toContain('A passage worth keeping');
    expect(xml).toContain('My thought');
  });

  it('writes several items as export_via Folio.docx', async () => {
    const res = await alice.post('/api/export/webdav', { link_ids: `${page},${note}` });
    expect(res.statusCode).toBe(200);
    expect(docXml('export_via Folio.docx')).toContain('Note body שלום');
  });

  it("refuses another user's items and writes nothing", async () => {
    const before = files();
    const res = await alice.post('/api/export/webdav', { link_ids: `${page},${bobs}` });
    expect(res.statusCode).toBe(404);
    expect(files()).toEqual(before);
  });

  it('answers 400 for bad input and writes nothing', async () => {
    const before = files();
    for (const body of [{ link_ids: '' }, { link_ids: 'abc' }, {}, { link_ids: '-1' }]) {
      expect((await alice.post('/api/export/webdav', body)).statusCode).toBe(400);
    }
    expect(files()).toEqual(before);
  });

  it('answers 400 when no folder is connected', async () => {
    const res = await bob.post('/api/export/webdav', { link_ids: String(bobs) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WEBDAV_MSG.notConnected);
  });

  it('forgets the connection on delete', async () => {
    const res = await alice.post('/api/drives/webdav/delete', {});
    expect(res.json()).toEqual({ code: 1, message: WEBDAV_MSG.removed });
    expect((await alice.get('/api/drives/webdav')).json()).toMatchObject({ connected: false });
  });

  it('asks for a session', async () => {
    expect((await t.visitor().post('/api/export/webdav', { link_ids: '1' })).statusCode).toBe(401);
  });
});

describe('in the production configuration', () => {
  it('refuses a WebDAV folder on a private address', async () => {
    const prod = await createTestApp();
    try {
      const carol = await prod.signUp();
      const res = await carol.post('/api/drives/webdav', {
        url: davUrl,
        username: 'ann',
        password: 'app-pass-1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Refused to fetch 127\.0\.0\.1/);
      const [row] = await queryRows<{ n: number }>(
        prod.database.db,
        sql`SELECT count(*)::int AS n FROM webdav_connections`,
      );
      expect(row!.n).toBe(0);
    } finally {
      await prod.close();
    }
  });
});
