import { expect, test } from '@playwright/test';
import { mailWith } from './helpers.ts';
import { signUp, uniqueName } from './seed.ts';

test('feedback is sent, confirmed with the e-mail line, and mailed to support', async ({ page }) => {
  const name = uniqueName('writer');
  await signUp(page, name);
  const subject = `Feedback from ${name}`;

  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = page.getByRole('dialog', { name: 'Send us feedback' });
  await panel.getByLabel('Subject').fill(subject);
  await panel.getByLabel('Message').fill('The reader view is lovely.');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(panel.getByText('Message sent!')).toBeVisible();
  await expect(panel.getByText(`We'll be in touch through ${name}@example.com`)).toBeVisible();

  // one mail, found by its subject (journeys running beside this one mail too)
  const mail = await mailWith(subject);
  expect(mail).toContain('The reader view is lovely.');

  await panel.getByRole('button', { name: 'Send us another message' }).click();
  await expect(panel.getByLabel('Subject')).toHaveValue('');
});

test('a blank subject or message is warned and nothing is sent', async ({ page }) => {
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/common/contact')) sent += 1;
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = page.getByRole('dialog', { name: 'Send us feedback' });

  await panel.getByLabel('Message').fill('Only a message');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByLabel('Subject')).toHaveAccessibleDescription('Please fill the subject.');

  await panel.getByLabel('Subject').fill('Only a subject');
  await panel.getByLabel('Message').fill('   ');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByLabel('Subject')).not.toHaveAttribute('aria-invalid', 'true');
  expect(sent).toBe(0);
});

test('a visitor gets the confirmation without an e-mail line', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const panel = page.getByRole('dialog', { name: 'Send us feedback' });
  await panel.getByLabel('Subject').fill('Hello from a visitor');
  await panel.getByLabel('Message').fill('Is there an import from Pocket?');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByText('Message sent!')).toBeVisible();
  await expect(panel.getByText(/We'll be in touch through/)).toHaveCount(0);
});
