import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/helpers/webhook-receiver.ts';
import { WEBHOOK_MESSAGES } from '../../../shared/schemas/webhooks.ts';
import { queryRows } from '../../db/client.ts';

// The fetcher's test switch stays off here: private and loopback addresses are refused as in production.
let t: TestApp;
let alice: TestClient;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhooks to private addresses', () => {
  it('refuses a private, loopback or metadata address at registration with a clear 400', async () => {
    for (const url of [
      receiver.url('/hook'),
      'http://localhost:8080/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const res = await alice.post('/api/webhooks', { url, events: ['item.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ message: WEBHOOK_MESSAGES.privateAddress, field: 'url' });
    }
    expect((await alice.get('/api/webhooks')).json().webhooks).toEqual([]);
  });

  it('refuses the delivery when the address has become private since, and does not retry it', async () => {
    // a public address when registered (an address literal: no DNS answer needed)
    const res = await alice.post('/api/webhooks', {
      url: 'http://93.184.215.14/hook',
      events: ['item.created'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json();
    // ...that now points at this machine (as a rebinding DNS name would)
    await t.database.db.execute(sql`UPDATE webhooks SET url = ${receiver.url('/hook')} WHERE id = ${id}`);
    await alice.post(`/api/webhooks/${id}/test`);
    const ran = await t.jobs.runDueJobs();
    expect(ran.failed).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const [hook] = (await alice.get('/api/webhooks')).json().webhooks;
    expect(hook.deliveries[0]).toMatchObject({ status_code: null, error: expect.stringMatching(/loopback/) });
    const [job] = await queryRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM jobs WHERE kind = 'webhook-delivery' ORDER BY id DESC LIMIT 1`,
    );
    expect(job!.status).toBe('failed');
  });
});
