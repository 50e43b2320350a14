import { expect, test } from '@playwright/test';

test("the footer's About, Terms and Privacy links open the site's pages", async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [link, heading, path] of [
    ['Terms of Service', 'Terms of Service', '/terms'],
    ['Privacy Policy', 'Privacy Policy', '/privacy'],
    ['About', 'About Folio', '/about'],
    ['Blog', 'Blog', '/blog'],
  ] as const) {
    await footer.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // a link inside a page moves within the app
  await page.goto('/about');
  await page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page).toHaveTitle('Privacy Policy · Folio');
});

test('the premium page speaks to the user, not of issues', async ({ page }) => {
  await page.goto('/premium');
  await expect(page.getByRole('heading', { name: 'Premium Plans', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('issue');
});
