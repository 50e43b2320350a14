import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHighlight } from '../../../../test/factories/annotations.ts';
import { saveBookmark, saveNote } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { makeToken } from '../../../../test/helpers/tokens.ts';
import { TOKEN_MSG } from '../../platform/auth/token-gate.ts';
import { MCP_MSG } from './routes.ts';

let t: TestApp;
let base: URL;
let alice: TestClient;
let bob: TestClient;
let readToken: string;
let writeToken: string;
const clients: Client[] = [];

/** The official MCP client over Streamable HTTP, as an assistant connects. */
async function connect(token?: string): Promise<Client> {
  const client = new Client({ name: 'folio-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', base), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  return { isError: result.isError ?? false, text, json: () => JSON.parse(text) };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  alice = await t.signUp();
  bob = await t.signUp();
  readToken = (await makeToken(alice, { scope: 'read' })).token;
  writeToken = (await makeToken(alice, { scope: 'write' })).token;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await t.close();
});

describe('the MCP server at /mcp', () => {
  it('lists its tools to a token', async () => {
    const client = await connect(readToken);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'add_note',
      'get_item',
      'list_highlights',
      'save_bookmark',
      'search_library',
    ]);
    const search = tools.find((tool) => tool.name === 'search_library')!;
    expect(search.inputSchema.required).toEqual(['query']);
  });

  it('refuses a client without a token, or with an unknown one', async () => {
    await expect(connect()).rejects.toThrow(MCP_MSG.tokenNeeded);
    await expect(connect('folio_pat_unknown')).rejects.toThrow(TOKEN_MSG.invalid);
    // a browser session is not enough either
    const res = await alice.post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    // stateless: no stream to open
    const stream = await t.app.inject({ url: '/mcp', headers: { authorization: `Bearer ${readToken}` } });
    expect(stream.statusCode).toBe(405);
    expect(stream.headers.allow).toBe('POST');
  });

  it('searches, reads an item with its highlights and notes, and lists highlights', async () => {
    const saved = await saveBookmark(alice, {
      title: 'Tidal power explained',
      description: 'How tides turn turbines',
      tags: 'energy,sea',
    });
    await addHighlight(alice, saved.link_id, { content: 'the moon pulls the sea', note: 'check this' });
    await saveBookmark(alice, { title: 'Unrelated page' });
    const client = await connect(readToken);

    const found = await call(client, 'search_library', { query: 'tidal', limit: 5 });
    expect(found.isError).toBe(false);
    expect(found.json().items).toEqual([
      {
        link_id: saved.link_id,
        title: 'Tidal power explained',
        url: saved.url,
        tags: ['energy', 'sea'],
        snippet: 'How tides turn turbines',
      },
    ]);
    const byTag = await call(client, 'search_library', { query: '#sea' });
    expect(byTag.json().items.map((i: { link_id: number }) => i.link_id)).toEqual([saved.link_id]);

    const item = (await call(client, 'get_item', { link_id: saved.link_id })).json();
    expect(item).toMatchObject({
      link_id: saved.link_id,
      title: 'Tidal power explained',
      tags: ['energy', 'sea'],
      type: 'bookmark',
      highlights: [{ text: 'the moon pulls the sea', notes: ['check this'], kind: 'highlight' }],
      notes: [],
    });
    expect(typeof item.text).toBe('string');

    const highlights = (await call(client, 'list_highlights', { query: 'moon', tag: 'energy' })).json();
    expect(highlights.highlights).toEqual([
      expect.objectContaining({
        link_id: saved.link_id,
        text: 'the moon pulls the sea',
        item_title: 'Tidal power explained',
      }),
    ]);
    const none = await call(client, 'list_highlights', { tag: 'nothing-tagged' });
    expect(none.json().highlights).toEqual([]);
    const future = await call(client, 'list_highlights', { since: '2999-01-01' });
    expect(future.json().highlights).toEqual([]);
    const bad = await call(client, 'list_highlights', { since: 'soon' });
    expect(bad).toMatchObject({ isError: true, text: 'since must be an ISO 8601 date.' });
  });

  it("reads a note's own text", async () => {
    const noteId = await saveNote(alice, { title: 'Plans', content: '<p>Buy <b>seeds</b> in spring</p>' });
    const client = await connect(readToken);
    const note = (await call(client, 'get_item', { link_id: noteId })).json();
    expect(note).toMatchObject({ type: 'note', text: 'Buy seeds in spring', capture_status: null });
  });

  it('saves a bookmark and adds a float note with a write token', async () => {
    const client = await connect(writeToken);
    const saved = await call(client, 'save_bookmark', {
      url: 'https://example.com/from-assistant',
      title: 'From an assistant',
      tags: ['ai', 'later'],
    });
    expect(saved.isError).toBe(false);
    const { link_id } = saved.json();
    const listed = await alice.get('/interact_api/load_user_item', { link_id: String(link_id) });
    expect(listed.json().items[0]).toMatchObject({
      title: 'From an assistant',
      t_name: 'ai,later',
      private: 0,
      readed: 1,
    });

    const note = await call(client, 'add_note', { link_id, text: 'Read before Friday' });
    expect(note.json()).toMatchObject({ kind: 'note', text: 'Read before Friday', link_id });
    const item = (await call(client, 'get_item', { link_id })).json();
    expect(item.notes).toEqual([expect.objectContaining({ text: 'Read before Friday' })]);

    const refused = await call(client, 'save_bookmark', { url: 'ftp://example.com/x' });
    expect(refused.isError).toBe(true);
  });

  it('refuses the write tools to a read token, changing nothing', async () => {
    const client = await connect(readToken);
    const target = await saveBookmark(alice, { title: 'Left alone' });
    const save = await call(client, 'save_bookmark', { url: 'https://example.com/read-only' });
    expect(save).toEqual({ isError: true, text: TOKEN_MSG.readOnly, json: expect.any(Function) });
    const note = await call(client, 'add_note', { link_id: target.link_id, text: 'no' });
    expect(note.isError).toBe(true);
    const item = (await call(client, 'get_item', { link_id: target.link_id })).json();
    expect(item.notes).toEqual([]);
    const search = (await call(client, 'search_library', { query: 'read-only' })).json();
    expect(search.items).toEqual([]);
  });

  it("refuses another user's item on every tool that takes one", async () => {
    const theirs = await saveBookmark(bob, { title: 'Bob private', private: true });
    const public_ = await saveBookmark(bob, { title: 'Bob public', private: false });
    const client = await connect(writeToken);
    for (const link_id of [theirs.link_id, 99_999_999]) {
      expect(await call(client, 'get_item', { link_id })).toMatchObject({
        isError: true,
        text: 'Not found.',
      });
    }
    // a public item may be read, as the calls allow, but never changed
    expect((await call(client, 'get_item', { link_id: public_.link_id })).isError).toBe(false);
    for (const link_id of [theirs.link_id, public_.link_id]) {
      const note = await call(client, 'add_note', { link_id, text: 'mine now' });
      expect(note.isError).toBe(true);
    }
    const search = (await call(client, 'search_library', { query: 'Bob' })).json();
    expect(search.items).toEqual([]);
    const highlights = (await call(client, 'list_highlights', { query: 'mine now' })).json();
    expect(highlights.highlights).toEqual([]);
    const bobItems = await bob.get('/interact_api/load_user_item', { link_id: String(public_.link_id) });
    expect(bobItems.json().items[0].annotation_count).toBe(0);
  });
});
