import { createServer } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '../../../../test/factories/groups.ts';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { type PagePeer, startPagePeer } from '../../../../test/helpers/page-peer.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let peer: PagePeer;
let hooks: { body: string }[];
let alice: TestClient;
let bob: TestClient;
let outlinerId: number;
let groupId: number;

/** The item as its owner's library shows it. */
async function item(client: TestClient, linkId: number) {
  const res = await client.get('/interact_api/load_user_item', { link_id: String(linkId) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items[0] as {
    t_name: string;
    starred: number;
    readed: number;
    private: number;
    ouliner_id: number[];
  };
}

const tagsOf = async (client: TestClient, linkId: number) =>
  (await item(client, linkId)).t_name.split(',').filter(Boolean).sort();

const makeRule = (client: TestClient, body: unknown) => client.post('/api/rules', body);

beforeAll(async () => {
  peer = await startPagePeer('127.0.0.1');
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1' });
  alice = await t.signUp();
  bob = await t.signUp();
  outlinerId = (await alice.post('/outliner/new', { title: 'Reading' })).json().outliner.outliner_id;
  groupId = (await createGroup(alice)).group_id;
  hooks = [];
  // the webhook's receiver
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hooks.push({ body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as { port: number }).port;
  hookUrl = `http://127.0.0.1:${port}/hook`;
  closeReceiver = () => new Promise((resolve) => receiver.close(() => resolve()));
}, 120_000);
let hookUrl: string;
let closeReceiver: () => Promise<void>;
afterAll(async () => {
  await t.close();
  await peer.close();
  await closeReceiver();
});

describe('rules', () => {
  let newsRule: number;

  it('refuses malformed rules, and outliners, groups and addresses the user may not use', async () => {
    const base = { name: 'r', query: 'what=%23news' };
    expect((await makeRule(alice, { ...base, actions: [] })).statusCode).toBe(400);
    expect((await makeRule(alice, { ...base, actions: [{ type: 'explode' }] })).statusCode).toBe(400);
    expect((await makeRule(alice, { ...base, actions: [{ type: 'add_tags', tags: '' }] })).statusCode).toBe(
      400,
    );
    const badQuery = await makeRule(alice, { ...base, query: 'unread=maybe', actions: [{ type: 'star' }] });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().message).toContain('The search is not one the library takes');
    const bobOutliner = (await bob.post('/outliner/new', { title: 'Bob' })).json().outliner.outliner_id;
    const outliner = await makeRule(alice, {
      ...base,
      actions: [{ type: 'add_to_outliner', outliner_id: bobOutliner }],
    });
    expect(outliner.statusCode).toBe(400);
    expect(outliner.json().field).toBe('outliner_id');
    const group = await makeRule(bob, { ...base, actions: [{ type: 'share_to_group', group_id: groupId }] });
    expect(group.statusCode).toBe(400);
    expect(group.json().field).toBe('group_id');
    const hook = await makeRule(alice, {
      ...base,
      actions: [{ type: 'webhook', url: 'http://169.254.169.254/latest/meta-data' }],
    });
    expect(hook.statusCode).toBe(400);
    expect(hook.json().field).toBe('url');
    expect((await alice.get('/api/rules')).json().rules).toEqual([]);
  });

  it('applies rules to a saved bookmark, through each service, never looping', async () => {
    const news = await makeRule(alice, {
      name: 'News',
      query: 'what=%23news',
      actions: [{ type: 'add_tags', tags: 'auto, later' }, { type: 'star' }],
    });
    expect(news.statusCode, news.body).toBe(200);
    newsRule = news.json().id;
    // would match only if the first rule's tag triggered rules again
    await makeRule(alice, {
      name: 'Second',
      query: 'what=%23auto',
      actions: [{ type: 'add_tags', tags: ['second'] }],
    });
    const ferns = await makeRule(alice, {
      name: 'Ferns',
      query: 'what=ferns&type=bookmark',
      actions: [
        { type: 'mark_read' },
        { type: 'set_private', private: 0 },
        { type: 'remove_tags', tags: 'inbox' },
        { type: 'add_to_outliner', outliner_id: outlinerId },
        { type: 'share_to_group', group_id: groupId },
        { type: 'webhook', url: hookUrl },
      ],
    });
    expect(ferns.statusCode, ferns.body).toBe(200);
    // bob's rule over everything never reaches alice's items
    await makeRule(bob, { name: 'All', query: '', actions: [{ type: 'add_tags', tags: 'bobs' }] });

    const saved = await saveBookmark(alice, { url: peer.url('/news'), title: 'Daily', tags: 'news' });
    const fern = await saveBookmark(alice, {
      url: peer.url('/ferns'),
      title: 'Ferns in shade',
      tags: 'inbox, plants',
      unread: true,
      private: true,
    });
    await t.jobs.runDueJobs();

    expect(await tagsOf(alice, saved.link_id)).toEqual(['auto', 'later', 'news']);
    expect((await item(alice, saved.link_id)).starred).toBe(1);
    const fernNow = await item(alice, fern.link_id);
    expect(fernNow.t_name).toBe('plants');
    expect(fernNow.readed).toBe(1);
    expect(fernNow.private).toBe(0);
    expect(fernNow.ouliner_id).toEqual([outlinerId]);
    const shared = await queryRows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM group_items WHERE item_id = ${fern.link_id}`,
    );
    expect(Number(shared[0]!.n)).toBe(1);
    expect(hooks).toHaveLength(1);
    const hook = JSON.parse(hooks[0]!.body);
    expect(hook).toMatchObject({
      event: 'rule.matched',
      rule_id: ferns.json().id,
      item: { link_id: fern.link_id },
    });
    // nothing an action did queued rules again
    const queued = await queryRows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM jobs WHERE kind = 'rules' AND status = 'queued'`,
    );
    expect(Number(queued[0]!.n)).toBe(0);
  });

  it('applies rules to imported bookmarks', async () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><A HREF="${peer.url('/imported')}" ADD_DATE="1700000000" TAGS="news">Imported news</A>
<DT><A HREF="${peer.url('/other')}" ADD_DATE="1700000000" TAGS="misc">Other</A>
</DL>`;
    const { payload, headers } = multipartBody([
      { name: 'format', value: '' },
      { name: 'file', value: Buffer.from(html), filename: 'bookmarks.html', contentType: 'text/html' },
    ]);
    const res = await alice.request({ method: 'POST', url: '/api/import', payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.runDueJobs();
    const rows = await queryRows<{ id: string; url: string }>(
      t.database.db,
      sql`SELECT id, url FROM items WHERE url IN (${peer.url('/imported')}, ${peer.url('/other')})`,
    );
    const idOf = (p: string) => Number(rows.find((r) => r.url === peer.url(p))!.id);
    expect(await tagsOf(alice, idOf('/imported'))).toEqual(['auto', 'later', 'news']);
    expect(await tagsOf(alice, idOf('/other'))).toEqual(['misc']);
  });

  it('counts what a query would match, and applies a rule to existing items on demand', async () => {
    const tried = await alice.post('/api/rules/try', { query: 'what=%23news' });
    expect(tried.json()).toEqual({ matched: 2 });
    expect((await alice.post('/api/rules/try', { query: 'unread=maybe' })).statusCode).toBe(400);
    const plain = await saveBookmark(alice, { url: peer.url('/plain'), title: 'Plain', tags: 'misc' });
    await t.jobs.runDueJobs();
    const misc = await makeRule(alice, { name: 'Misc', query: 'what=%23misc', actions: [{ type: 'star' }] });
    const applied = await alice.post(`/api/rules/${misc.json().id}/apply`);
    expect(applied.json()).toEqual({ matched: 2 });
    expect((await item(alice, plain.link_id)).starred).toBe(1);
  });

  it("lists only one's own rules and refuses another user's rule ids", async () => {
    const mine = (await alice.get('/api/rules')).json().rules;
    expect(mine.map((r: { name: string }) => r.name)).toEqual(['News', 'Second', 'Ferns', 'Misc']);
    expect(mine[0].actions).toEqual([{ type: 'add_tags', tags: ['auto', 'later'] }, { type: 'star' }]);
    expect((await bob.get('/api/rules')).json().rules.map((r: { name: string }) => r.name)).toEqual(['All']);
    expect((await bob.request({ method: 'DELETE', url: `/api/rules/${newsRule}` })).statusCode).toBe(404);
    expect((await bob.post(`/api/rules/${newsRule}/apply`)).statusCode).toBe(404);
    expect((await alice.request({ method: 'DELETE', url: '/api/rules/abc' })).statusCode).toBe(400);
    const deleted = await alice.request({ method: 'DELETE', url: `/api/rules/${newsRule}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().rules.map((r: { name: string }) => r.name)).toEqual(['Second', 'Ferns', 'Misc']);
    expect((await t.visitor().get('/api/rules')).statusCode).toBe(401);
  });
});
