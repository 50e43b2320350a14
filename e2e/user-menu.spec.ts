import { expect, type Page, test } from '@playwright/test';
import { openUserMenu, SEEDED, signIn, signUp, uniqueName } from './seed.ts';

async function menuEntries(page: Page): Promise<string[]> {
  const menu = await openUserMenu(page);
  return (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
}

async function signInAs(page: Page, user: { name: string; password: string }) {
  await signIn(page, user.name, user.password);
  await page.waitForURL(`/user/${user.name}`);
}

test('a free user sees Support and Upgrade, not the premium entries', async ({ page }) => {
  await signUp(page, uniqueName('freeuser'));
  const entries = await menuEntries(page);
  expect(entries).toContain('Support');
  expect(entries).not.toContain('Premium Account');
  expect(entries).not.toContain('Priority Support');
  expect(entries).not.toContain('Teacher Console');
  await expect(page.getByRole('link', { name: 'Upgrade' })).toBeVisible();
});

test('a premium user sees Premium Account and Priority Support, and no Upgrade', async ({ page }) => {
  await signInAs(page, SEEDED.premium);
  const entries = await menuEntries(page);
  expect(entries).toContain('Premium Account');
  expect(entries).toContain('Priority Support');
  expect(entries).not.toContain('Support');
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
});

test('Priority Support opens the feedback form with the priority line', async ({ page }) => {
  await signInAs(page, SEEDED.premium);
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Priority Support' }).click();
  const panel = page.getByRole('dialog', { name: 'Send us feedback' });
  await expect(panel.getByText('As a premium member, you get priority support.')).toBeVisible();
});

test('a teacher sees the Teacher Console and not the educators link', async ({ page }) => {
  await signInAs(page, SEEDED.teacher);
  const entries = await menuEntries(page);
  expect(entries).toContain('Teacher Console');
  expect(entries).not.toContain('Resources for Educators');
});

test('an education-domain user who is not a teacher sees Resources for Educators', async ({ page }) => {
  await signInAs(page, SEEDED.student);
  const entries = await menuEntries(page);
  expect(entries).toContain('Resources for Educators');
  expect(entries).not.toContain('Teacher Console');
});

test('the user menu opens on hover and closes after the pointer leaves', async ({ page }) => {
  await signUp(page, uniqueName('hoverer'));
  const button = page.getByRole('button', { name: /^Account menu for/ });
  await expect(button).toBeVisible();
  // The pointer may already rest where the page rendered after sign-up: start from outside,
  // and retry the hover as one step so a pointer event lost during that render cannot fail it.
  await expect(async () => {
    await page.mouse.move(0, 400);
    await button.hover();
    await expect(page.getByRole('menu')).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name: 'Library' }).hover();
  await expect(page.getByRole('menu')).toBeHidden();
});
