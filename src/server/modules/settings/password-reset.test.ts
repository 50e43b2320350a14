import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueName } from '../../../../test/helpers/app.ts';
import { linkIn } from '../../../../test/helpers/mail-links.ts';
import { queryRows } from '../../db/client.ts';
import { RESET_PASSWORD_TTL_MS } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signIn = (name: string, password: string) =>
  t.visitor().post('/api/auth/sign-in', { name_or_email: name, password });

/** The reset mails queued and not yet sent. */
const queuedResetMails = async () =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.database.db,
        sql`SELECT count(*) AS n FROM jobs WHERE kind = 'password-reset-mail' AND status = 'queued'`,
      )
    )[0]!.n,
  );
const mailsTo = (email: string) => t.inbox.filter((m) => m.to.includes(email)).length;

describe('forgotten password', () => {
  it('does the same work for a known and an unknown address: it queues the mail, which a job sends', async () => {
    const name = uniqueName();
    await t.signUp({ name });
    const known = `${name}@example.com`.toLowerCase();
    const unknown = `nobody-${name}@example.com`.toLowerCase();
    const queued = await queuedResetMails();
    const replies = [];
    for (const email of [known, unknown]) {
      const res = await t.visitor().post('/api/auth/forgot-password', { email });
      replies.push(res.json());
      // nothing waits on the SMTP peer in the request, for either address
      expect(mailsTo(email)).toBe(0);
    }
    expect(replies[0]).toEqual(replies[1]);
    expect(await queuedResetMails()).toBe(queued + 2);
    await t.jobs.runDueJobs();
    expect(mailsTo(known)).toBe(1);
    expect(mailsTo(unknown)).toBe(0);
    expect(await queuedResetMails()).toBe(0);
  });

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const name = uniqueName();
    const c = await t.signUp({ name });
    const email = `${name}@example.com`.toLowerCase();
    const sent = t.inbox.length;
    const res = await t.visitor().post('/api/auth/forgot-password', { email });
    expect(res.json()).toEqual({
      code: 1,
      message: 'If an account uses this address, we have sent it a link to reset the password.',
    });
    expect(t.inbox.length).toBe(sent);
    await t.jobs.runDueJobs();
    expect(t.inbox.length).toBe(sent + 1);
    const { url } = linkIn(t.inbox, email, '/reset-password?token=');
    const token = url.searchParams.get('token')!;
    const reset = await t.visitor().post('/api/auth/reset-password', { token, password: 'brandnew1' });
    expect(reset.json().code).toBe(1);
    expect((await c.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    expect((await signIn(name, 'brandnew1')).statusCode).toBe(200);
    expect((await signIn(name, 'secret123')).statusCode).toBe(400);
    const again = await t.visitor().post('/api/auth/reset-password', { token, password: 'another12' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This link is no longer valid. Please ask for a new one.');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const sent = t.inbox.length;
    const res = await t.visitor().post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'If an account uses this address, we have sent it a link to reset the password.',
    );
    await t.jobs.runDueJobs();
    expect(t.inbox.length).toBe(sent);
    expect(
      (await t.visitor().post('/api/auth/forgot-password', { email: 'not an address' })).statusCode,
    ).toBe(400);
  });

  it('refuses an expired link, and a weak password without using the link', async () => {
    const name = uniqueName();
    await t.signUp({ name });
    const email = `${name}@example.com`.toLowerCase();
    await t.visitor().post('/api/auth/forgot-password', { email });
    await t.jobs.runDueJobs();
    const token = linkIn(t.inbox, email, '/reset-password?token=').url.searchParams.get('token')!;
    const weak = await t.visitor().post('/api/auth/reset-password', { token, password: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Your password should be at least 6 characters, and not over 32.');
    t.clock.advance(RESET_PASSWORD_TTL_MS + 1000);
    const late = await t.visitor().post('/api/auth/reset-password', { token, password: 'brandnew1' });
    expect(late.statusCode).toBe(400);
    expect((await signIn(name, 'secret123')).statusCode).toBe(200);
  });
});
