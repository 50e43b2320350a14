import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { LiveSocket, listenLocally } from '../../../../test/helpers/live.ts';
import { BearerClient, makeToken } from '../../../../test/helpers/tokens.ts';
import { LIVE_PROTOCOL } from '../../../shared/schemas/system.ts';
import { TOKENS_MSG } from '../../../shared/schemas/tokens.ts';
import { personalTokens } from '../../db/schema.ts';
import { TOKEN_MSG } from '../../platform/auth/token-gate.ts';
import { POLICY_VIOLATION } from '../live/routes.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let reader: BearerClient;
let writer: BearerClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
  reader = new BearerClient(t.app, (await makeToken(alice, { scope: 'read' })).token);
  writer = new BearerClient(t.app, (await makeToken(alice, { scope: 'write' })).token);
});
afterAll(() => t.close());

const library = (client: TestClient | BearerClient) =>
  client.get('/interact_api/load_user_items', { username: alice.name! });

describe('/api/tokens', () => {
  it('makes a token shown once, lists tokens without secrets, and revokes one', async () => {
    const client = await t.signUp();
    const made = await client.post('/api/tokens', { name: 'Shortcuts', scope: 'write', expires_in_days: 30 });
    expect(made.statusCode).toBe(200);
    const { id, token, expires_at } = made.json();
    expect(token).toMatch(/^folio_pat_[\w-]{43}$/);
    expect(new Date(expires_at).getTime() - t.clock.now().getTime()).toBe(30 * 86_400_000);

    const listed = await client.get('/api/tokens');
    expect(listed.json().tokens).toEqual([
      {
        id,
        name: 'Shortcuts',
        scope: 'write',
        created_at: t.clock.now().toISOString(),
        expires_at,
        last_used_at: null,
      },
    ]);
    expect(listed.body).not.toContain(token);
    // only a keyed hash is kept
    const [row] = await t.database.db.select().from(personalTokens).where(eq(personalTokens.id, id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const gone = await client.request({ method: 'DELETE', url: `/api/tokens/${id}` });
    expect(gone.json()).toEqual({ code: 1 });
    expect((await client.get('/api/tokens')).json().tokens).toEqual([]);
  });

  it("refuses another user's token id with the same 404 as an unknown one, leaving it working", async () => {
    const { id, token } = await makeToken(bob, { scope: 'read' });
    for (const target of [id, 99_999_999]) {
      const res = await alice.request({ method: 'DELETE', url: `/api/tokens/${target}` });
      expect(res.statusCode).toBe(404);
    }
    expect((await alice.get('/api/tokens')).json().tokens.map((r: { id: number }) => r.id)).not.toContain(id);
    const bobs = new BearerClient(t.app, token);
    expect((await bobs.get('/interact_api/load_user_items', { username: bob.name! })).statusCode).toBe(200);
  });

  it.each([
    [{ name: '', scope: 'read' }, TOKENS_MSG.nameRequired],
    [{ name: 'x'.repeat(101), scope: 'read' }, TOKENS_MSG.nameTooLong],
    [{ name: 'n', scope: 'admin' }, TOKENS_MSG.scope],
    [{ name: 'n', scope: 'read', expires_in_days: 0 }, TOKENS_MSG.expiry],
    [{ name: 'n', scope: 'read', expires_in_days: 1.5 }, TOKENS_MSG.expiry],
  ])('answers 400 for %j', async (body, message) => {
    const res = await alice.post('/api/tokens', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('needs a session', async () => {
    expect((await t.visitor().get('/api/tokens')).statusCode).toBe(401);
  });
});

describe('Authorization: Bearer', () => {
  it('reads with a read token, and refuses it any change (403) before the change is made', async () => {
    const saved = await saveBookmark(alice, { title: 'Kept' });
    const listed = await library(reader);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((i: { link_id: number }) => i.link_id)).toContain(saved.link_id);

    const refused = await reader.post('/item/save/bookmark', { url: 'https://example.com/no', title: 'No' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TOKEN_MSG.readOnly);
    const deleted = await reader.post('/ditem_mana2/delete_b', { link_id: String(saved.link_id) });
    expect(deleted.statusCode).toBe(403);
    expect((await library(alice)).json().items.map((i: { link_id: number }) => i.link_id)).toContain(
      saved.link_id,
    );
  });

  it('changes with a write token, with no cross-site check and no cookie made', async () => {
    const res = await writer.post(
      '/item/save/bookmark',
      { url: 'https://example.com/by-token', title: 'By token', tags: 'api' },
      { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json().items[0]).toMatchObject({ title: 'By token', user_name: alice.name });
    // the same request with the session cookie instead is refused as cross-site
    const cookie = await alice.post(
      '/item/save/bookmark',
      { url: 'https://example.com/by-cookie', title: 'By cookie' },
      { origin: 'https://elsewhere.example' },
    );
    expect(cookie.statusCode).toBe(403);
  });

  it('speaks for its own user only: a cookie beside it is ignored', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tokens',
      headers: {
        authorization: `Bearer ${reader.token}`,
        cookie: [...bob.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    // GET /api/tokens is a session's alone: the token is refused rather than Bob's cookie read
    expect(res.statusCode).toBe(403);
  });

  it('refuses what only a browser session may do: tokens, password, e-mail, two-factor, deletion, paying, sign-in', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', '/api/tokens', { name: 'again', scope: 'write' }],
      ['GET', '/api/tokens', undefined],
      ['DELETE', '/api/tokens/1', undefined],
      ['POST', '/api/settings/setPassword', { old_password: 'secret123', new_password: 'other123' }],
      ['POST', '/api/settings/setEmail', { email: 'new@example.com' }],
      ['POST', '/api/settings/two-factor/setup', {}],
      ['POST', '/api/settings/deleteUser', { password: 'secret123' }],
      ['POST', '/api/premium/payment', {}],
      ['GET', '/api/settings/sessions', undefined],
      ['POST', '/api/auth/sign-in', { name: alice.name, password: 'secret123' }],
      ['POST', '/api/auth/sign-out', {}],
    ];
    for (const [method, url, payload] of calls) {
      const res = await writer.request({ method: method as 'GET', url, payload: payload as object });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      expect(res.json().message).toBe(TOKEN_MSG.notForTokens);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await alice.get('/api/tokens')).statusCode).toBe(200);
  });

  it('meets a missing call with the usual 404', async () => {
    const res = await writer.post('/api/no-such-call', {});
    expect(res.statusCode).toBe(404);
  });

  it('refuses an unknown, malformed or revoked token with 401, not as a visitor', async () => {
    for (const token of ['folio_pat_nothing', 'nonsense', '']) {
      const res = await new BearerClient(t.app, token).get('/interact_api/load_user_items', {
        username: alice.name!,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(TOKEN_MSG.invalid);
    }
    const { id, token } = await makeToken(alice, { scope: 'read' });
    const client = new BearerClient(t.app, token);
    expect((await library(client)).statusCode).toBe(200);
    await alice.request({ method: 'DELETE', url: `/api/tokens/${id}` });
    expect((await library(client)).statusCode).toBe(401);
  });

  it('records when it was last used, at most once a minute', async () => {
    const client = await t.signUp();
    const { token } = await makeToken(client, { scope: 'read' });
    const bearer = new BearerClient(t.app, token);
    const lastUsed = async () => (await client.get('/api/tokens')).json().tokens[0].last_used_at;
    expect(await lastUsed()).toBeNull();
    const first = t.clock.now().toISOString();
    await bearer.get('/interact_api/load_user_items', { username: client.name! });
    expect(await lastUsed()).toBe(first);
    t.clock.advance(30_000);
    await bearer.get('/interact_api/load_user_items', { username: client.name! });
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31_000);
    await bearer.get('/interact_api/load_user_items', { username: client.name! });
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
  });

  it("keeps another user's data out of reach exactly as a session does", async () => {
    const theirs = await saveBookmark(bob, { private: true, title: 'Bob only' });
    const id = String(theirs.link_id);
    const reads: [string, Record<string, string>][] = [
      ['/interact_api/load_user_item', { link_id: id }],
      ['/interact_api/load_user_items', { username: bob.name! }],
      ['/api/items/reader', { link_id: id }],
      ['/api/annotations/list', { link_id: id }],
      ['/api/import/1', {}],
    ];
    for (const [url, query] of reads) {
      const res = await writer.get(url, query);
      expect(res.body, url).not.toContain('Bob only');
      if (url !== '/interact_api/load_user_items') expect([400, 404], url).toContain(res.statusCode);
    }
    const writes: [string, object][] = [
      ['/ditem_mana2/delete_b', { link_id: id }],
      ['/ditem_mana2/mark_readed', { link_id: id, readed: 1 }],
      ['/ditem_mana2/convert_mode', { link_id: id, mode: 'public' }],
      ['/item/save/bookmark', { link_id: id, url: 'https://example.com/taken', title: 'Taken' }],
      [
        '/annotation_mana/post_sticky_note',
        { link_id: id, content: 'note', fromtop: 0, fromleft: 0, color: 'yellow' },
      ],
    ];
    for (const [url, body] of writes) {
      const res = await writer.post(url, body);
      expect([400, 404], `${url} ${res.body}`).toContain(res.statusCode);
    }
    const still = await bob.get('/interact_api/load_user_item', { link_id: id });
    expect(still.json().items[0]).toMatchObject({ title: 'Bob only', private: 1 });
  });
});

describe('GET /websocket with a token', () => {
  let base: string;
  beforeAll(async () => {
    base = await listenLocally(t.app);
  });

  it('streams the changes to a socket opened with ?access_token= or a subprotocol, from any origin', async () => {
    const viaQuery = new LiveSocket(base, {
      origin: 'chrome-extension://abcdef',
      query: { access_token: reader.token },
    });
    const viaProtocol = new LiveSocket(base, {
      origin: 'chrome-extension://abcdef',
      protocols: [LIVE_PROTOCOL, reader.token],
    });
    await Promise.all([viaQuery.opened, viaProtocol.opened]);
    expect(viaProtocol.protocol).toBe(LIVE_PROTOCOL);
    const saved = await saveBookmark(alice, { title: 'Seen live' });
    for (const socket of [viaQuery, viaProtocol]) {
      const [event] = await socket.waitFor(1);
      expect(event!.link_id).toBe(saved.link_id);
    }
    await Promise.all([viaQuery.close(), viaProtocol.close()]);
  });

  it("refuses an unknown token, and one asking for another user's name", async () => {
    const unknown = new LiveSocket(base, { query: { access_token: 'folio_pat_unknown' } });
    expect((await unknown.closed).code).toBe(POLICY_VIOLATION);
    const other = new LiveSocket(base, { name: bob.name, query: { access_token: reader.token } });
    expect((await other.closed).code).toBe(POLICY_VIOLATION);
  });
});

// last: a day passes, so every session of this file has gone idle
describe('an expiring token', () => {
  it('stops at its expiry', async () => {
    const client = await t.signUp();
    const { token } = await makeToken(client, { scope: 'read', expires_in_days: 1 });
    const bearer = new BearerClient(t.app, token);
    const mine = () => bearer.get('/interact_api/load_user_items', { username: client.name! });
    expect((await mine()).statusCode).toBe(200);
    t.clock.advance(86_400_000);
    expect((await mine()).statusCode).toBe(401);
  });
});
