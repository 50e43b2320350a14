import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveExportItems } from '../../../../test/factories/exports.ts';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { PEER_CLIENT_ID, startGoogleDrivePeer } from '../../../../test/helpers/google-drive.ts';
import { NOTE_CONTENT_MAX } from '../../../shared/limits.ts';
import { GDRIVE_MSG } from '../../../shared/schemas/drives.ts';
import { TITLE_MAX } from '../../../shared/schemas/items.ts';
import { queryRows } from '../../db/client.ts';
import { open, seal } from '../../platform/secret-box.ts';

const GOOGLE_DOC = 'application/vnd.google-apps.document';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let peer: Awaited<ReturnType<typeof startGoogleDrivePeer>>;
let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let page: number;
let note: number;
let bobs: number;

beforeAll(async () => {
  // access tokens last 10 minutes, so moving the clock past them keeps the 30-minute session
  peer = await startGoogleDrivePeer({ expiresIn: 600 });
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1', ...peer.env });
  alice = await t.signUp();
  bob = await t.signUp();
  ({ page, note, others: bobs } = await saveExportItems(alice, bob));
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

/** The browser's part of the consent: connect, follow Google's redirect, land on the callback. */
async function consent(client: TestClient, returnTo = '/library') {
  const start = await client.post('/api/drives/google/connect', { return_to: returnTo });
  expect(start.statusCode).toBe(200);
  const atGoogle = await fetch(start.json().url, { redirect: 'manual' });
  expect(atGoogle.status).toBe(302);
  const back = new URL(atGoogle.headers.get('location') ?? '');
  return { start: start.json().url as string, back };
}

async function connect(client: TestClient) {
  const { back } = await consent(client);
  const res = await client.request({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(res.statusCode).toBe(302);
  return res.headers.location as string;
}

const connections = async () =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM google_drive_connections`,
    )
  )[0]!.n;
const docXml = (body: Buffer) =>
  new TextDecoder().decode(unzipSync(new Uint8Array(body))['word/document.xml']);

describe('connecting Google Drive', () => {
  it('answers 400 for a return path off the site and stores nothing', async () => {
    for (const return_to of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil',
      'library',
      '/a b',
      // each of these normalises to //evil.example, which a browser reads as another site
      '/.//evil.example',
      '/..//evil.example',
      '/a/..//evil.example',
      '/%2e%2e//evil.example',
      '/.%2e//evil.example',
      '/.\\/evil.example',
      '/./\\evil.example',
      '/\t/evil.example',
    ]) {
      const res = await alice.post('/api/drives/google/connect', { return_to });
      expect(res.statusCode, return_to).toBe(400);
      expect(res.json().message).toBe('return_to must be a path on this site.');
    }
    expect(await connections()).toBe(0);
  });

  it('a return path that leaves the site once normalised comes back to / instead', async () => {
    for (const returnTo of ['/.//evil.example', '/%2e%2e/\\evil.example', 'https://evil.example/']) {
      const { back } = await consent(alice);
      // a pending state sealed with such a path (as one sealed before this check was)
      const pending = JSON.parse(open(t.config.secretsKey, alice.cookies.get('folio_gdrive')!));
      alice.cookies.set('folio_gdrive', seal(t.config.secretsKey, JSON.stringify({ ...pending, returnTo })));
      back.searchParams.delete('code');
      back.searchParams.set('error', 'access_denied');
      const res = await alice.request({ method: 'GET', url: `${back.pathname}${back.search}` });
      expect(res.headers.location, returnTo).toBe('/?google_drive=failed');
    }
  });

  it("sends the browser to Google's consent with PKCE S256, the drive.file scope and the callback", async () => {
    const res = await alice.post('/api/drives/google/connect', { return_to: '' });
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe(peer.env.GOOGLE_DRIVE_AUTH_URL);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: PEER_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/api/drives/google/callback',
      scope: 'https://www.googleapis.com/auth/drive.file',
      code_challenge_method: 'S256',
      access_type: 'offline',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    // the verifier never leaves the server in clear: the cookie is sealed
    const cookie = res.cookies.find((c) => c.name === 'folio_gdrive');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(() => open(t.config.secretsKey, cookie!.value)).not.toThrow();
  });

  it('refuses a callback whose state is not the one this browser was given', async () => {
    const { back } = await consent(alice);
    back.searchParams.set('state', 'x'.repeat(32));
    const res = await alice.request({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(res.headers.location).toBe('/library?google_drive=failed');
    expect(await connections()).toBe(0);
  });

  it("refuses alice's consent landing in another user's session (no pending cookie of theirs)", async () => {
    const { back } = await consent(alice);
    const res = await bob.request({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(res.headers.location).toBe('/?google_drive=failed');
    // nor with alice's pending cookie carried into bob's session
    const stolen = alice.cookies.get('folio_gdrive')!;
    const bobSession = [...bob.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res2 = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${bobSession}; folio_gdrive=${stolen}` },
    });
    expect(res2.headers.location).toBe('/library?google_drive=failed');
    expect(await connections()).toBe(0);
  });

  it('a denied consent connects nothing', async () => {
    const { back } = await consent(alice);
    back.searchParams.delete('code');
    back.searchParams.set('error', 'access_denied');
    const res = await alice.request({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(res.headers.location).toBe('/library?google_drive=failed');
    expect(await connections()).toBe(0);
  });

  it('the peer refuses a code without its PKCE verifier (the check the app relies on)', async () => {
    const { back } = await consent(alice);
    const res = await fetch(peer.env.GOOGLE_DRIVE_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: 'http://localhost:3000/api/drives/google/callback',
        client_id: PEER_CLIENT_ID,
        client_secret: peer.env.GOOGLE_DRIVE_CLIENT_SECRET,
        code_verifier: 'a'.repeat(43),
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_grant');
  });

  it('connects: the code and verifier are traded for tokens stored sealed', async () => {
    expect(await connect(alice)).toBe('/library?google_drive=connected');
    expect((await alice.get('/api/drives/google')).json()).toEqual({
      code: 1,
      configured: true,
      connected: true,
    });
    const [row] = await queryRows<{ access_token_sealed: string; refresh_token_sealed: string }>(
      t.database.db,
      sql`SELECT access_token_sealed, refresh_token_sealed FROM google_drive_connections`,
    );
    expect(row!.access_token_sealed).not.toContain('ya29.');
    expect(open(t.config.secretsKey, row!.access_token_sealed)).toMatch(/^ya29\./);
    expect(open(t.config.secretsKey, row!.refresh_token_sealed)).toMatch(/^[0-9a-f]{32}$/);
    // the pending cookie is spent
    expect(alice.cookies.has('folio_gdrive')).toBe(false);
    expect((await bob.get('/api/drives/google')).json()).toMatchObject({ connected: false });
  });
});

describe('POST /api/export/google-drive/report', () => {
  const sendReport = (client: TestClient, body: Record<string, unknown>) =>
    client.post('/api/export/google-drive/report', body);

  it("uploads the report as edited: a Google Doc '{title}_via Folio' made from its HTML", async () => {
    const before = peer.files.length;
    const res = await sendReport(alice, {
      title: 'Weekly <report>: a/b',
      content:
        '<p>Edited <strong>conclusion</strong> שלום</p><script>alert(1)</script><p onclick="x()">End</p>',
    });
    expect(res.statusCode).toBe(200);
    expect(peer.files.length).toBe(before + 1);
    const file = peer.files.at(-1)!;
    expect(file).toMatchObject({
      name: 'Weekly report a b_via Folio',
      mimeType: GOOGLE_DOC,
      mediaType: 'text/html; charset=UTF-8',
      uploadType: 'multipart',
      grant: 1,
    });
    expect(res.json()).toEqual({
      code: 0,
      message: GDRIVE_MSG.sent,
      data: {
        webViewLink: `https://docs.google.com/document/d/${file.id}/edit?usp=drivesdk`,
        fileName: 'Weekly report a b_via Folio',
      },
    });
    const html = file.body.toString('utf8');
    expect(html).toContain('<h1>Weekly &lt;report&gt;: a/b</h1>');
    expect(html).toContain('<p>Edited <strong>conclusion</strong> שלום</p>');
    // kept to the note editor's formatting, as the report was written with it
    expect(html).not.toContain('script');
    expect(html).not.toContain('onclick');
  });

  it("never uses another user's connection: bob is not connected and nothing is uploaded", async () => {
    const before = peer.files.length;
    const res = await sendReport(bob, { title: 'Bob report', content: '<p>Mine</p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GDRIVE_MSG.notConnected);
    expect(peer.files.length).toBe(before);
  });

  it('answers 400 for bad input and uploads nothing', async () => {
    const before = peer.files.length;
    for (const body of [
      {},
      { title: 'No content' },
      { content: '<p>No title</p>' },
      { title: '  ', content: '<p>x</p>' },
      { title: 'Bell\u0007', content: '<p>x</p>' },
      { title: 'x'.repeat(TITLE_MAX + 1), content: '<p>x</p>' },
      { title: 'Too long', content: 'x'.repeat(NOTE_CONTENT_MAX + 1) },
      { title: 'Not text', content: { html: '<p>x</p>' } },
    ]) {
      expect((await sendReport(alice, body)).statusCode).toBe(400);
    }
    expect(peer.files.length).toBe(before);
  });
});

describe('POST /api/export/google-drive', () => {
  it("uploads one item as a Google Doc named '{title}_via Folio' with a Drive v3 multipart request", async () => {
    const before = peer.files.length;
    const res = await alice.post('/api/export/google-drive', { link_ids: String(page) });
    expect(res.statusCode).toBe(200);
    const file = peer.files[before]!;
    expect(res.json()).toEqual({
      code: 0,
      message: GDRIVE_MSG.sent,
      data: {
        webViewLink: `https://docs.google.com/document/d/${file.id}/edit?usp=drivesdk`,
        fileName: file.name,
      },
    });
    expect(file).toMatchObject({
      name: 'Résumé a b page_via Folio',
      mimeType: GOOGLE_DOC,
      mediaType: DOCX,
      uploadType: 'multipart',
      grant: 1,
    });
    expect(docXml(file.body)).toContain('A passage worth keeping');
    expect(docXml(file.body)).toContain('My thought');
  });

  it('uploads a PDF or Markdown export as a file of that type', async () => {
    const pdf = await alice.post('/api/export/google-drive', { link_ids: `${page},${note}`, format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    const pdfFile = peer.files.at(-1)!;
    expect(pdfFile).toMatchObject({
      name: 'export_via Folio.pdf',
      mimeType: undefined,
      mediaType: 'application/pdf',
    });
    expect(pdfFile.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.json().data.webViewLink).toBe(
      `https://drive.google.com/file/d/${pdfFile.id}/view?usp=drivesdk`,
    );

    const md = await alice.post('/api/export/google-drive', { link_ids: String(note), format: 'md' });
    expect(md.statusCode).toBe(200);
    const mdFile = peer.files.at(-1)!;
    expect(mdFile.name).toBe('My note_via Folio.md');
    expect(mdFile.mediaType).toMatch(/^text\/markdown/);
    expect(mdFile.body.toString('utf8')).toContain('Note body שלום');
  });

  it('refreshes an access token that has ended before uploading', async () => {
    const refreshes = peer.stats.refreshes;
    t.clock.advance(11 * 60_000);
    const res = await alice.post('/api/export/google-drive', { link_ids: String(note) });
    expect(res.statusCode).toBe(200);
    expect(peer.stats.refreshes).toBe(refreshes + 1);
    // the new token is kept: the next send needs no refresh
    expect((await alice.post('/api/export/google-drive', { link_ids: String(note) })).statusCode).toBe(200);
    expect(peer.stats.refreshes).toBe(refreshes + 1);
  });

  it('refreshes and retries once when Google refuses the access token early', async () => {
    const before = peer.files.length;
    const rejected = peer.stats.rejectedUploads;
    peer.expireAccessTokens();
    const res = await alice.post('/api/export/google-drive', { link_ids: String(note) });
    expect(res.statusCode).toBe(200);
    expect(peer.stats.rejectedUploads).toBe(rejected + 1);
    expect(peer.files.length).toBe(before + 1);
  });

  it("never uses another user's connection: bob is not connected, then his own grant is used", async () => {
    const before = peer.files.length;
    const res = await bob.post('/api/export/google-drive', { link_ids: String(bobs) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GDRIVE_MSG.notConnected);
    expect(peer.files.length).toBe(before);

    const grants = peer.grantCount();
    expect(await connect(bob)).toBe('/library?google_drive=connected');
    expect((await bob.post('/api/export/google-drive', { link_ids: String(bobs) })).statusCode).toBe(200);
    expect(peer.files.at(-1)).toMatchObject({ name: 'Bob page_via Folio', grant: peer.grantCount() });
    expect(peer.grantCount()).toBe(grants + 1);
  });

  it("refuses another user's items and uploads nothing", async () => {
    const before = peer.files.length;
    expect((await alice.post('/api/export/google-drive', { link_ids: `${page},${bobs}` })).statusCode).toBe(
      404,
    );
    expect((await bob.post('/api/export/google-drive', { link_ids: String(page) })).statusCode).toBe(404);
    expect(peer.files.length).toBe(before);
  });

  it('answers 400 for bad input and uploads nothing', async () => {
    const before = peer.files.length;
    for (const body of [
      { link_ids: '' },
      { link_ids: 'abc' },
      {},
      { link_ids: '-1' },
      { link_ids: String(page), format: 'exe' },
    ]) {
      expect((await alice.post('/api/export/google-drive', body)).statusCode).toBe(400);
    }
    expect(peer.files.length).toBe(before);
  });

  it('a revoked grant answers the spec message, forgets the connection and uploads nothing', async () => {
    const before = peer.files.length;
    peer.revoke(1);
    peer.expireAccessTokens();
    const res = await alice.post('/api/export/google-drive', { link_ids: String(page) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${GDRIVE_MSG.failed} ${GDRIVE_MSG.reconnect}`);
    expect(peer.files.length).toBe(before);
    expect((await alice.get('/api/drives/google')).json()).toMatchObject({ connected: false });
    // bob's own connection is untouched
    expect((await bob.get('/api/drives/google')).json()).toMatchObject({ connected: true });
  });

  it('forgets the connection on delete', async () => {
    const res = await bob.post('/api/drives/google/delete', {});
    expect(res.json()).toEqual({ code: 1, message: GDRIVE_MSG.removed });
    expect((await bob.get('/api/drives/google')).json()).toMatchObject({ connected: false });
    expect(await connections()).toBe(0);
  });

  it('asks for a session', async () => {
    expect((await t.visitor().post('/api/export/google-drive', { link_ids: '1' })).statusCode).toBe(401);
    expect(
      (await t.visitor().post('/api/export/google-drive/report', { title: 'x', content: 'x' })).statusCode,
    ).toBe(401);
    expect((await t.visitor().post('/api/drives/google/connect', {})).statusCode).toBe(401);
    expect((await t.visitor().get('/api/drives/google')).statusCode).toBe(401);
  });
});

describe('without an OAuth client in the configuration', () => {
  it('says Google Drive is not configured and offers nothing', async () => {
    const bare = await createTestApp();
    try {
      const carol = await bare.signUp();
      expect((await carol.get('/api/drives/google')).json()).toEqual({
        code: 1,
        configured: false,
        connected: false,
      });
      const start = await carol.post('/api/drives/google/connect', {});
      expect(start.statusCode).toBe(400);
      expect(start.json().message).toBe(GDRIVE_MSG.notConfigured);
      const id = (await saveBookmark(carol, { title: 'Carol page' })).link_id;
      const send = await carol.post('/api/export/google-drive', { link_ids: String(id) });
      expect(send.statusCode).toBe(400);
      expect(send.json().message).toBe(GDRIVE_MSG.notConfigured);
      const report = await carol.post('/api/export/google-drive/report', { title: 'R', content: '<p>R</p>' });
      expect(report.statusCode).toBe(400);
      expect(report.json().message).toBe(GDRIVE_MSG.notConfigured);
    } finally {
      await bare.close();
    }
  });
});
