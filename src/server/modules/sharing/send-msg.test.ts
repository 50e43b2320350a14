import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGroup, joinGroup } from '../../../../test/factories/groups.ts';
import { saveBookmark, userIdOf } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient, uniqueName } from '../../../../test/helpers/app.ts';
import { MAIL_RECIPIENTS_MAX, MAILS_PER_DAY } from '../../../shared/limits.ts';
import { MAIL_MSG } from '../../../shared/schemas/mail.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let carol: TestClient;
let carolId: number;
let readersName: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
  carol = await t.signUp();
  carolId = await userIdOf(t.database, carol.name!);
  // a team, "readers", of alice and carol
  const readers = await createGroup(alice, uniqueName('readers'));
  readersName = readers.g_name;
  await joinGroup(t, alice, readers, carol);
});
afterAll(() => t.close());
beforeEach(() => {
  t.inbox.length = 0;
});

const payload = (linkId: number, overrides: Record<string, unknown> = {}) => ({
  send_type: 'some',
  send_to: { friends: [], emails: ['friend@example.org'], lists: [], usernames: [] },
  message: 'Have a look',
  privacy: 'private',
  subject: 'A page for you',
  quotes: [],
  link_ids: [linkId],
  ...overrides,
});
const send = (client: TestClient, body: unknown) => client.post('/message_mana/send_msg', body);
const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

/** The decoded text of a quoted-printable or base64 MIME part is not needed: nodemailer keeps short ASCII lines as they are. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('POST /message_mana/send_msg', () => {
  it('mails each recipient an HTML and a text part with the share link, escaping what the user wrote', async () => {
    const item = await saveBookmark(alice, { title: 'Tom & <Jerry>', private: true });
    const res = await send(
      alice,
      payload(item.link_id, {
        send_to: { friends: [], emails: ['Friend@Example.org'], lists: [readersName], usernames: [bob.name] },
        message: 'See <script>alert(1)</script> here',
        subject: 'Look <b>now</b>',
        quotes: ['a "quoted" <i>line</i>'],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: MAIL_MSG.sent, sent: 3 });

    const to = t.inbox.flatMap((m) => m.to).sort();
    expect(to).toEqual([`${bob.name}@example.com`, `${carol.name}@example.com`, 'friend@example.org'].sort());
    const raw = unfold(t.inbox[0]!.raw);
    const html = raw.slice(raw.indexOf('Content-Type: text/html'));
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('Subject: Look <b>now</b>');
    expect(raw).toMatch(/Reply-To: .*@example\.com/);
    // the HTML part: every user string escaped
    expect(html).toContain('See &lt;script&gt;alert(1)&lt;/script&gt; here');
    expect(html).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(html).toContain('a &quot;quoted&quot; &lt;i&gt;line&lt;/i&gt;');
    expect(html).toContain('<title>Look &lt;b&gt;now&lt;/b&gt;</title>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<Jerry>');
    // the text part keeps the words as written
    expect(raw.slice(0, raw.indexOf('Content-Type: text/html'))).toContain(
      'See <script>alert(1)</script> here',
    );
    // the share link opens the private item for the recipient
    const link = /http:\/\/localhost:3000\/s\/([A-Za-z0-9_-]{22})/.exec(raw)!;
    const shared = await t.visitor().get(`/api/sharing/shared/${link[1]}`);
    expect(shared.json().item.title).toBe('Tom & <Jerry>');
  });

  it('accepts the original client body: the object as JSON in the field json, lists as strings', async () => {
    const item = await saveBookmark(alice);
    const body = payload(item.link_id, {
      send_to: { friends: '', emails: 'one@example.org,two@example.org', lists: '', usernames: '' },
      link_ids: String(item.link_id),
    });
    const res = await send(alice, { json: JSON.stringify(body) });
    expect(res.statusCode).toBe(200);
    expect(t.inbox.flatMap((m) => m.to).sort()).toEqual(['one@example.org', 'two@example.org']);
  });

  it('remembers the addresses mailed as contacts, and lists fellow group members', async () => {
    const item = await saveBookmark(alice);
    await send(alice, payload(item.link_id, { send_to: { emails: ['pal@example.org'] } }));
    const res = await alice.get('/interact_api/load_contacts');
    expect(res.statusCode).toBe(200);
    const contacts = res.json().contacts as { id: string; email: string; kind: string; name: string }[];
    const pal = contacts.find((c) => c.email === 'pal@example.org')!;
    expect(pal).toMatchObject({ kind: 'mailed' });
    expect(contacts).toContainEqual({ id: `m${carolId}`, name: carol.name, email: '', kind: 'member' });
    // a usernames recipient's address is never listed
    expect(contacts.some((c) => c.email === `${bob.name}@example.com`)).toBe(false);

    // contacts and fellow members can be mailed by id
    t.inbox.length = 0;
    const again = await send(alice, payload(item.link_id, { send_to: { friends: [pal.id, `m${carolId}`] } }));
    expect(again.statusCode).toBe(200);
    expect(t.inbox.flatMap((m) => m.to).sort()).toEqual(
      [`${carol.name}@example.com`, 'pal@example.org'].sort(),
    );
    // bob's contacts are his own
    expect(
      (await bob.get('/interact_api/load_contacts'))
        .json()
        .contacts.some((c: { email: string }) => c.email === 'pal@example.org'),
    ).toBe(false);
    expect(
      (await send(bob, payload((await saveBookmark(bob)).link_id, { send_to: { friends: [pal.id] } })))
        .statusCode,
    ).toBe(400);
  });

  it("refuses another user's item with 404, sending nothing", async () => {
    const item = await saveBookmark(alice, { private: false });
    const before = await count('sent_messages');
    const res = await send(bob, payload(item.link_id));
    expect(res.statusCode).toBe(404);
    expect(t.inbox).toHaveLength(0);
    expect(await count('sent_messages')).toBe(before);
  });

  it.each([
    ['no subject', { subject: '' }, MAIL_MSG.subjectRequired, 'subject'],
    ['a blank subject', { subject: '   ' }, MAIL_MSG.subjectRequired, 'subject'],
    ['no recipient', { send_to: { emails: [] } }, MAIL_MSG.recipientRequired, 'send_to'],
    [
      'an invalid address',
      { send_to: { emails: ['not-an-address'] } },
      MAIL_MSG.recipientRequired,
      'send_to.emails',
    ],
    [
      'an unknown user name',
      { send_to: { usernames: ['nobody_here'] } },
      MAIL_MSG.unknownUser('nobody_here'),
      'send_to',
    ],
    [
      'a group with no one else',
      { send_to: { lists: ['strangers'] } },
      MAIL_MSG.recipientRequired,
      'send_to',
    ],
    ['an unknown contact', { send_to: { friends: ['c999999'] } }, MAIL_MSG.unknownContact, 'send_to'],
    ['no item', { link_ids: [] }, MAIL_MSG.itemRequired, 'link_ids'],
    ['a bad send_type', { send_type: 'all' }, undefined, 'send_type'],
  ])('refuses %s with 400 and writes nothing', async (_what, overrides, message, field) => {
    const item = await saveBookmark(alice);
    const before = [
      await count('sent_messages'),
      await count('mail_contacts'),
      await count('item_share_links'),
    ];
    const res = await send(alice, payload(item.link_id, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().message).toBe(message);
    expect(t.inbox).toHaveLength(0);
    expect([
      await count('sent_messages'),
      await count('mail_contacts'),
      await count('item_share_links'),
    ]).toEqual(before);
  });

  it(`refuses more than ${MAIL_RECIPIENTS_MAX} recipients`, async () => {
    const item = await saveBookmark(alice);
    const emails = Array.from({ length: MAIL_RECIPIENTS_MAX + 1 }, (_, i) => `r${i}@example.org`);
    const res = await send(alice, payload(item.link_id, { send_to: { emails } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MAIL_MSG.tooManyRecipients);
    // exactly the limit passes, and duplicates count once
    const ok = await send(
      alice,
      payload(item.link_id, {
        send_to: { emails: [...emails.slice(0, MAIL_RECIPIENTS_MAX), 'R0@example.org'] },
      }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().sent).toBe(MAIL_RECIPIENTS_MAX);
  });

  it(`allows ${MAILS_PER_DAY} mails a day per user, then refuses until a day has passed`, async () => {
    const dave = await t.signUp();
    const item = await saveBookmark(dave);
    for (let i = 0; i < MAILS_PER_DAY; i++) {
      expect((await send(dave, payload(item.link_id))).statusCode).toBe(200);
    }
    const refused = await send(dave, payload(item.link_id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MAIL_MSG.dailyLimit);
    expect(t.inbox).toHaveLength(MAILS_PER_DAY);
    // another user is not affected
    expect((await send(alice, payload((await saveBookmark(alice)).link_id))).statusCode).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    // (a day idle ends the session: sign in again)
    await dave.post('/api/auth/sign-in', { name_or_email: dave.name, password: 'secret123' });
    expect((await send(dave, payload(item.link_id))).statusCode).toBe(200);
  });

  it('asks a visitor to sign in', async () => {
    expect((await send(t.visitor(), payload(1))).statusCode).toBe(401);
    expect((await t.visitor().get('/interact_api/load_contacts')).statusCode).toBe(401);
  });
});
