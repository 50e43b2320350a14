import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { IMPORT_FIXTURES } from '../../../../test/helpers/import-files.ts';
import { mailText } from '../../../../test/helpers/mail-links.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { startTestSite, type TestSite } from '../../../../test/helpers/test-site.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/helpers/webhook-receiver.ts';
import { WEBHOOK_FAILURES_TO_DISABLE, WEBHOOKS_MAX } from '../../../shared/limits.ts';
import { WEBHOOK_EVENTS } from '../../../shared/schemas/webhooks.ts';
import { queryRows } from '../../db/client.ts';

// The receiver listens on 127.0.0.1, so this file needs the fetcher's test switch; webhooks-guard.test.ts
// proves private addresses are refused without it.
let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let receiver: WebhookReceiver;
let site: TestSite;
type Verify = (secret: string, header: string, body: string, now?: number) => boolean;
let verify: Verify;

/** The README's verification snippet, run as a receiver would run it: independent of the server's code. */
async function readmeVerifier(): Promise<Verify> {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
  const block = readme.match(/<!-- webhook-verify:start -->\s*```js\n([\s\S]*?)```/);
  if (!block) throw new Error('README has no webhook verification snippet');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'folio-verify-')), 'verify.mjs');
  writeFileSync(file, block[1]!);
  return (await import(pathToFileURL(file).href)).verifyFolioSignature;
}

beforeAll(async () => {
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1' });
  alice = await t.signUp();
  bob = await t.signUp();
  receiver = await startWebhookReceiver();
  site = await startTestSite();
  verify = await readmeVerifier();
});
afterAll(async () => {
  await receiver.close();
  await site.close();
  await t.close();
});

const create = (client: TestClient, body: unknown) => client.post('/api/webhooks', body);
const list = async (client: TestClient) => (await client.get('/api/webhooks')).json().webhooks;
const del = (client: TestClient, id: number) =>
  client.request({ method: 'DELETE', url: `/api/webhooks/${id}` });
const sendTest = (client: TestClient, id: number) => client.post(`/api/webhooks/${id}/test`);

async function register(client: TestClient, events: string[], pathname: string) {
  const res = await create(client, { url: receiver.url(pathname), events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; secret: string };
}
const deliveriesTo = (pathname: string) => receiver.received.filter((d) => d.path === pathname);
const eventsTo = (pathname: string) => deliveriesTo(pathname).map((d) => JSON.parse(d.body).event);

describe('registering', () => {
  it('answers the secret once, keeps it only sealed, and lists webhooks without it', async () => {
    const { id, secret } = await register(alice, ['item.created', 'item.created'], '/listed');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await queryRows<{ secret_sealed: string }>(
      t.database.db,
      sql`SELECT secret_sealed FROM webhooks WHERE id = ${id}`,
    );
    expect(row!.secret_sealed).not.toContain(secret.slice(6));
    const listed = (await list(alice)).find((w: { id: number }) => w.id === id);
    expect(listed).toMatchObject({ url: receiver.url('/listed'), events: ['item.created'], enabled: true });
    expect(JSON.stringify(await list(alice))).not.toContain(secret);
    await del(alice, id);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = (await list(alice)).length;
    const cases: [unknown, RegExp][] = [
      [{ url: 'ftp://example.com/x', events: ['item.created'] }, /http:\/\/ or https:\/\//],
      [{ url: 'javascript:alert(1)', events: ['item.created'] }, /http:\/\/ or https:\/\//],
      [{ url: receiver.url('/x'), events: [] }, /at least one event/],
      [{ url: receiver.url('/x'), events: ['item.exploded'] }, /events must be among/],
      [{ url: `https://example.com/${'a'.repeat(2000)}`, events: ['item.created'] }, /longer than/],
      [{ url: 'http://user:pw@127.0.0.1/x', events: ['item.created'] }, /.+/],
    ];
    for (const [body, message] of cases) {
      const res = await create(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await list(alice)).length).toBe(before);
  });

  it(`keeps at most ${WEBHOOKS_MAX} webhooks a user`, async () => {
    const carol = await t.signUp();
    for (let i = 0; i < WEBHOOKS_MAX; i++) await register(carol, ['item.deleted'], `/many/${i}`);
    const res = await create(carol, { url: receiver.url('/one-too-many'), events: ['item.deleted'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(`at most ${WEBHOOKS_MAX} webhooks`);
  });

  it("keeps another user's webhooks out of sight and refuses their ids", async () => {
    const { id } = await register(alice, ['item.deleted'], '/alice-only');
    expect((await list(bob)).some((w: { id: number }) => w.id === id)).toBe(false);
    expect((await del(bob, id)).statusCode).toBe(404);
    expect((await sendTest(bob, id)).statusCode).toBe(404);
    await t.jobs.runDueJobs();
    expect(deliveriesTo('/alice-only')).toHaveLength(0);
    expect((await list(alice)).some((w: { id: number }) => w.id === id)).toBe(true);
    expect((await del(alice, id)).statusCode).toBe(200);
    expect((await del(alice, id)).statusCode).toBe(404);
  });

  it('asks for a session', async () => {
    expect((await t.visitor().get('/api/webhooks')).statusCode).toBe(401);
  });
});

describe('deliveries', () => {
  it('sends a signed test delivery the README snippet verifies, and logs it', async () => {
    const { id, secret } = await register(alice, ['item.created'], '/test');
    expect((await sendTest(alice, id)).json()).toEqual({ ok: true });
    await t.jobs.runDueJobs();
    const [d] = deliveriesTo('/test');
    expect(d).toBeDefined();
    const body = JSON.parse(d!.body);
    expect(body).toMatchObject({ event: 'webhook.test', data: { webhook_id: id } });
    expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'event', 'id']);
    expect(d!.headers['content-type']).toBe('application/json');
    expect(d!.headers['x-folio-event']).toBe('webhook.test');
    expect(d!.headers['x-folio-delivery']).toBe(body.id);
    const header = String(d!.headers['x-folio-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const now = t.clock.now().getTime();
    expect(verify(secret, header, d!.body, now)).toBe(true);
    // a changed body, another secret or an old delivery does not pass
    expect(verify(secret, header, d!.body.replace('test', 'tost'), now)).toBe(false);
    expect(verify(`${secret}x`, header, d!.body, now)).toBe(false);
    expect(verify(secret, header, d!.body, now + 10 * 60_000)).toBe(false);
    const [hook] = (await list(alice)).filter((w: { id: number }) => w.id === id);
    expect(hook.deliveries).toEqual([
      {
        event_id: body.id,
        event: 'webhook.test',
        status_code: 200,
        error: null,
        attempt: 1,
        at: expect.any(String),
      },
    ]);
    await del(alice, id);
  });

  it('retries a delivery answered 500, first within a minute, with the same id and body', async () => {
    const { id, secret } = await register(alice, ['item.created'], '/retry');
    receiver.answerWith(500);
    await saveBookmark(alice, { url: site.url('/article.html?retry') });
    await t.jobs.runDueJobs();
    expect(deliveriesTo('/retry')).toHaveLength(1);
    let [hook] = (await list(alice)).filter((w: { id: number }) => w.id === id);
    expect(hook.deliveries[0]).toMatchObject({ event: 'item.created', status_code: 500, attempt: 1 });
    expect(hook.failure_count).toBe(1);

    t.clock.advance(60_000);
    await t.jobs.runDueJobs();
    const [first, second] = deliveriesTo('/retry');
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['x-folio-delivery']).toBe(first!.headers['x-folio-delivery']);
    expect(
      verify(secret, String(second!.headers['x-folio-signature']), second!.body, t.clock.now().getTime()),
    ).toBe(true);
    [hook] = (await list(alice)).filter((w: { id: number }) => w.id === id);
    expect(hook.deliveries.map((d: { status_code: number }) => d.status_code)).toEqual([200, 500]);
    expect(hook.deliveries[0].attempt).toBe(2);
    expect(hook.failure_count).toBe(0);
    await del(alice, id);
  });

  it(`turns a webhook off after ${WEBHOOK_FAILURES_TO_DISABLE} failures in a row and mails its owner once`, async () => {
    const dave = await t.signUp();
    const { id } = await register(dave, ['item.deleted'], '/failing');
    receiver.answerWith(...Array(WEBHOOK_FAILURES_TO_DISABLE).fill(503));
    for (let i = 0; i < WEBHOOK_FAILURES_TO_DISABLE; i++) {
      await sendTest(dave, id);
      await t.jobs.runDueJobs();
    }
    let [hook] = await list(dave);
    expect(hook).toMatchObject({ enabled: false, failure_count: WEBHOOK_FAILURES_TO_DISABLE });
    const mails = t.inbox.filter((m) => m.to.includes(`${dave.name}@example.com`.toLowerCase()));
    expect(mails).toHaveLength(1);
    expect(mailText(mails[0]!)).toContain('Subject: Folio turned off one of your webhooks');
    expect(mailText(mails[0]!)).toContain(receiver.url('/failing'));

    // turned off: events are no longer sent
    const item = await saveBookmark(dave, { url: site.url('/article.html?off') });
    await dave.post('/ditem_mana2/delete_b', { link_id: [item.link_id] });
    await t.jobs.runDueJobs();
    expect(eventsTo('/failing').filter((e) => e === 'item.deleted')).toHaveLength(0);

    // a test that succeeds turns it back on, without another mail
    await sendTest(dave, id);
    await t.jobs.runDueJobs();
    [hook] = await list(dave);
    expect(hook).toMatchObject({ enabled: true, failure_count: 0 });
    expect(t.inbox.filter((m) => m.to.includes(`${dave.name}@example.com`.toLowerCase()))).toHaveLength(1);
  });

  it('keeps the newest 50 attempts in the log', async () => {
    const { id } = await register(alice, ['item.created'], '/log');
    for (let i = 0; i < 52; i++) await sendTest(alice, id);
    await t.jobs.runDueJobs();
    const [hook] = (await list(alice)).filter((w: { id: number }) => w.id === id);
    expect(hook.deliveries).toHaveLength(50);
    await del(alice, id);
  });

  it('drops the deliveries still queued for a deleted webhook', async () => {
    const { id } = await register(alice, ['item.created'], '/deleted');
    await saveBookmark(alice, { url: site.url('/article.html?deleted') });
    await del(alice, id);
    await t.jobs.runDueJobs();
    expect(deliveriesTo('/deleted')).toHaveLength(0);
  });
});

describe('events from the real service paths', () => {
  it('sends each event type to a webhook subscribed to all of them', async () => {
    const erin = await t.signUp();
    await register(erin, [...WEBHOOK_EVENTS], '/all');
    const other = await register(erin, ['annotation.created'], '/annotations-only');
    const bodies = () => deliveriesTo('/all').map((d) => JSON.parse(d.body));

    // item.created and capture.finished: a bookmark saved and its page captured
    const item = await saveBookmark(erin, { url: site.url('/article.html?events'), title: 'Events' });
    await t.jobs.runDueJobs();
    const created = bodies().find((b) => b.event === 'item.created');
    expect(created.data).toMatchObject({ link_id: item.link_id, title: 'Events', url: item.url });
    expect(bodies().find((b) => b.event === 'capture.finished').data).toEqual({
      link_id: item.link_id,
      status: 'done',
      error: null,
    });

    // item.updated: marked unread, then tagged
    await erin.post('/ditem_mana2/mark_readed', { link_id: [item.link_id], readed: 0 });
    await erin.post('/interact_api/edit_item_tags', {
      link_id: [item.link_id],
      editTags: 'hooked',
      editTagOption: 0,
    });
    await t.jobs.runDueJobs();
    // deliveries may arrive in any order
    const itemUpdates = bodies().filter((b) => b.event === 'item.updated');
    expect(itemUpdates.map((b) => b.data.t_name).sort()).toEqual(['', 'hooked']);
    for (const u of itemUpdates) expect(u.data).toMatchObject({ link_id: item.link_id, readed: 0 });

    // annotation.created, .updated (colour, sticky note), .deleted
    const added = await erin.post('/annotation_mana/add_annotation', {
      link_id: item.link_id,
      shape: 0,
      content: 'a highlight',
      color: 'yellow',
      selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: 'a highlight', prefix: '', suffix: '' }]),
    });
    expect(added.statusCode, added.body).toBe(200);
    const annotation = added.json().annotation;
    await erin.post('/annotation_mana/change_annotation_color', {
      ann_id: annotation.id,
      link_id: item.link_id,
      color: 'green',
    });
    await erin.post('/annotation_mana/post_sticky_note', {
      sContent: 'a note on it',
      link_id: item.link_id,
      ann_id: annotation.id,
    });
    await erin.post('/annotation_mana/remove_annotation', { ann_id: annotation.id, link_id: item.link_id });
    await t.jobs.runDueJobs();
    const ofAnnotation = bodies().filter((b) => b.event.startsWith('annotation.'));
    expect(ofAnnotation.map((b) => b.event).sort()).toEqual([
      'annotation.created',
      'annotation.deleted',
      'annotation.updated',
      'annotation.updated',
    ]);
    expect(ofAnnotation.find((b) => b.event === 'annotation.created').data).toEqual(annotation);
    const updates = ofAnnotation.filter((b) => b.event === 'annotation.updated').map((b) => b.data);
    expect(updates.map((u) => u.extra.color)).toEqual(['green', 'green']);
    expect(updates.some((u) => u.stickyNotes[0]?.content === 'a note on it')).toBe(true);
    expect(ofAnnotation.find((b) => b.event === 'annotation.deleted').data).toEqual({
      id: annotation.id,
      link_id: item.link_id,
    });
    // a webhook gets only the events it asked for
    expect(eventsTo('/annotations-only')).toEqual(['annotation.created']);
    expect(other.id).toBeGreaterThan(0);

    // item.deleted
    await erin.post('/ditem_mana2/delete_b', { link_id: [item.link_id] });
    await t.jobs.runDueJobs();
    expect(bodies().find((b) => b.event === 'item.deleted').data).toEqual({ link_id: item.link_id });

    // import.finished (its entries' captures fail: their pages are on example.com, unreachable here)
    const { payload, headers } = multipartBody([
      { name: 'format', value: '' },
      {
        name: 'file',
        value: readFileSync(path.join(IMPORT_FIXTURES, 'pinboard.json')),
        filename: 'pinboard.json',
        contentType: 'application/json',
      },
    ]);
    const started = await erin.request({ method: 'POST', url: '/api/import', payload, headers });
    expect(started.statusCode, started.body).toBe(200);
    await t.jobs.runDueJobs();
    const finished = bodies().find((b) => b.event === 'import.finished');
    expect(finished.data).toMatchObject({ job_id: started.json().job_id, state: 'done', format: 'pinboard' });

    // no other user's deliveries reach this webhook, and every event type has come
    expect(new Set(bodies().map((b) => b.event))).toEqual(new Set(WEBHOOK_EVENTS));
  });

  it("sends item.created for a note, and for a copy of another user's public item", async () => {
    const frank = await t.signUp();
    await register(frank, ['item.created'], '/frank');
    const note = await frank.post('/item/save/note', {
      local_id: `local-${Date.now()}`,
      title: 'A note',
      content: '<p>Words</p>',
      note_type: 'rich',
    });
    expect(note.statusCode, note.body).toBe(200);
    const source = await saveBookmark(alice, { url: site.url('/article.html?copied'), private: false });
    const copied = await frank.post('/interact_api/copy_item', {
      link_id: source.link_id,
      copy_annotations: '',
    });
    expect(copied.statusCode, copied.body).toBe(200);
    await t.jobs.runDueJobs();
    const created = deliveriesTo('/frank').map((d) => JSON.parse(d.body).data);
    expect(created.map((d) => d.link_id).sort()).toEqual(
      [note.json().items[0].link_id, copied.json().items[0].link_id].sort(),
    );
    expect(created.find((d) => d.type_name === 'note')).toMatchObject({
      title: 'A note',
      user_name: frank.name,
    });
  });

  it('sends nothing to another user for these changes', async () => {
    const { id } = await register(bob, [...WEBHOOK_EVENTS], '/bob');
    await saveBookmark(alice, { url: site.url('/article.html?alice') });
    await t.jobs.runDueJobs();
    expect(deliveriesTo('/bob')).toHaveLength(0);
    await del(bob, id);
  });
});
