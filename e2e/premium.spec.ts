import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { mailWith } from './helpers.ts';
import { SEEDED, signIn, signUpByApi, uniqueName } from './seed.ts';

/**
 * Premium plans and billing (issue 20) through the pages and the sandbox gateway: 4242 4242 4242 4242
 * is a Visa card that the sandbox charges.
 */
const FIXTURES = path.join(import.meta.dirname, '..', 'test', 'fixtures', 'uploads');
const CARD_YEAR = String(new Date().getFullYear() + 2);

async function payByCard(page: Page, button = 'Confirm and Pay') {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration month').selectOption('04');
  await page.getByLabel('Expiration year').selectOption(CARD_YEAR);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: button }).click();
}

/** The payment page is left for the server's redirect_to once the charge succeeded. */
async function leftPaymentPage(page: Page, from: string) {
  await page.waitForURL((url) => url.pathname !== from);
}

async function expectPlan(page: Page, plan: string) {
  await page.goto('/premium');
  await expect(page.getByRole('columnheader', { name: `${plan} (your plan)` })).toBeVisible();
}

test('a free user at the PDF quota goes premium by card and uploads again', async ({ page }) => {
  const user = SEEDED.payQuota;
  await signIn(page, user.name, user.password);
  await page.waitForURL(`/user/${user.name}`);
  await expect(page.getByRole('link', { name: 'Upgrade' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'PDF', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Account Limit Reached' })
    .getByRole('button', { name: 'Go upgrade' })
    .click();
  await expect(page).toHaveURL('/premium');

  await page.getByRole('link', { name: 'Upgrade: Professional' }).click();
  await expect(page).toHaveURL('/premium/pay?p=professional');
  // the §5 order: the card number first
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await payByCard(page);
  await leftPaymentPage(page, '/premium/pay');
  await expectPlan(page, 'Professional');

  await page.goto(`/user/${user.name}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'PDF', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload PDF' });
  await dialog.getByLabel('Choose PDF files').setInputFiles(path.join(FIXTURES, 'field-guide.pdf'));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Upload of field-guide.pdf' })).toHaveAttribute(
    'aria-valuetext',
    'Uploaded',
  );
});

test('a card payment declined shows the message; Standard is bought, upgraded to Professional, then cancelled', async ({
  page,
}) => {
  const name = uniqueName('upgrade');
  await signUpByApi(page, name);
  await page.goto('/premium/pay?p=standard');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiration month').selectOption('04');
  await page.getByLabel('Expiration year').selectOption(CARD_YEAR);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

  await payByCard(page);
  await leftPaymentPage(page, '/premium/pay');
  await expectPlan(page, 'Standard');

  await page.getByRole('link', { name: 'Upgrade: Professional' }).click();
  await expect(page).toHaveURL('/premium/upgrade?p=professional');
  await expect(page.getByTestId('upgrade-fee')).toHaveText(/^\$\d+(\.\d\d)?$/);
  // the stored card of the same term pays: no card entry
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
  await leftPaymentPage(page, '/premium/upgrade');
  await expectPlan(page, 'Professional');

  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
  await expect(dialog).toContainText('Your next billing date is');
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Your subscription has been cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send feedback' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  // premium stays until the end of the term, and resubscribing is offered
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Professional (your plan)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Resubscribe' })).toBeVisible();
});

test('a signed-out visitor chooses a plan and is sent to sign up, then to pay', async ({ page }) => {
  await page.goto('/premium');
  await expect(page.getByRole('columnheader', { name: 'Free' })).toBeVisible();
  await expect(page.getByText('Save 33.3%')).toBeVisible();
  await page.getByRole('link', { name: 'Choose plan: Standard' }).click();
  await expect(page).toHaveURL('/sign-up?plan=standard');
  const name = uniqueName('visitor');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Email').fill(`${name}@example.com`);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL('/premium/pay?p=standard');
  await expect(page.getByRole('heading', { name: 'Go Standard' })).toBeVisible();
});

test('a gift is bought, mailed and redeemed for a year of Professional', async ({ page }) => {
  const recipient = uniqueName('giftee');
  const buyer = uniqueName('giver');
  await signUpByApi(page, buyer);
  await page.goto('/premium');
  await page.getByRole('link', { name: 'Give one year of Professional as a gift' }).click();
  await expect(page).toHaveURL('/premium/gift');
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  await expect(page.getByLabel("Recipient's email")).toBeFocused();
  await page.getByLabel("Recipient's email").fill(`${recipient}@example.com`);
  await payByCard(page);
  await leftPaymentPage(page, '/premium/gift');

  // the buyer's settings list the gift
  await page.goto('/setting');
  const gifts = page.getByRole('region', { name: 'Gift' });
  await expect(gifts).toContainText(`${recipient}@example.com`);

  const mail = await mailWith(`${recipient}@example.com`, '/premium/gift/redeem?code=');
  const link = mail.match(/https?:\/\/\S+\/premium\/gift\/redeem\?code=[\w-]+/)![0];

  await page.context().clearCookies();
  await signUpByApi(page, recipient);
  // the mail's link shows the gift; its button redeems it
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('button', { name: 'Redeem gift' }).click();
  await page.waitForURL('/premium?gift=redeemed');
  await expect(page.getByText('Your gift has been redeemed: one year of Professional.')).toBeVisible();
  await expectPlan(page, 'Professional');
});
