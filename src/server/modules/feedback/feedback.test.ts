import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { MSG } from '../../../shared/messages.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@folio.test' });
});
afterAll(() => t.close());

describe('POST /common/contact', () => {
  it('stores the message and mails it to support over SMTP, replying to the user', async () => {
    const client = await t.signUp();
    const res = await client.post('/common/contact', {
      subject: 'Export is slow',
      message: 'It took a minute.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, email: `${client.name}@example.com` });

    const mail = t.inbox.find((m) => m.raw.includes('Export is slow'))!;
    expect(mail.to).toEqual(['help@folio.test']);
    expect(mail.raw).toMatch(/Reply-To: .*@example\.com/);
    expect(mail.raw).toContain('It took a minute.');

    const rows = await queryRows<{ subject: string; email: string }>(
      t.database.db,
      sql`SELECT subject, email FROM contact_messages WHERE subject = 'Export is slow'`,
    );
    expect(rows).toEqual([{ subject: 'Export is slow', email: `${client.name}@example.com` }]);
  });

  it('takes a visitor message without an e-mail', async () => {
    const res = await t.visitor().post('/common/contact', { subject: 'Hello', message: 'From a visitor' });
    expect(res.json()).toEqual({ code: 1, email: null });
  });

  it.each([
    [{ subject: '  ', message: 'x' }, MSG.feedbackSubjectRequired, 'subject'],
    [{ message: 'x' }, MSG.feedbackSubjectRequired, 'subject'],
    [{ subject: 'x', message: '' }, MSG.feedbackMessageRequired, 'message'],
  ])('refuses %j with 400 and stores nothing', async (payload, message, field) => {
    const [before] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM contact_messages`,
    );
    const res = await t.visitor().post('/common/contact', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message, field });
    const [after] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM contact_messages`,
    );
    expect(after!.n).toBe(before!.n);
  });
});
