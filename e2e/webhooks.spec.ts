import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '../test/helpers/webhook-receiver.ts';
import { signUpByApi, uniqueName } from './seed.ts';

// The receiver listens on 127.0.0.1 on a free port (the e2e server runs with FETCH_ALLOW_PRIVATE=1).
let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test('adding a webhook in Settings, copying its secret once, and seeing its test delivery in the log', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpByApi(page, uniqueName('hook'));
  await page.goto('/setting');
  const developer = page.getByRole('region', { name: 'Developer' });
  await expect(developer.getByText('No webhooks yet.')).toBeVisible();

  await developer.getByLabel('URL').fill(receiver.url('/journey'));
  await developer.getByLabel('item.deleted').check();
  await developer.getByRole('button', { name: 'Add webhook' }).click();

  const secret = (await developer.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  await developer.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(developer.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await developer.getByRole('button', { name: 'Done' }).click();
  await expect(developer.getByTestId('webhook-secret')).toHaveCount(0);

  const hook = developer.getByRole('listitem', { name: receiver.url('/journey') });
  await expect(hook).toContainText('item.created, item.deleted');
  await expect(hook).toContainText('No deliveries yet.');
  await hook.getByRole('button', { name: 'Send test' }).click();

  // the jobs poller sends it; the log shows the receiver's answer
  const row = hook.getByRole('row').filter({ hasText: 'webhook.test' });
  await expect(row).toContainText('200');
  await receiver.waitFor(1);
  const [delivery] = receiver.received;
  const [, t, v1] = String(delivery!.headers['x-folio-signature']).match(/^t=(\d+),v1=([0-9a-f]{64})$/) ?? [];
  expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${delivery!.body}`).digest('hex'));

  // deleting asks first
  await hook.getByRole('button', { name: 'Delete' }).click();
  await hook.getByRole('button', { name: 'Delete webhook' }).click();
  await expect(developer.getByText('No webhooks yet.')).toBeVisible();
});
