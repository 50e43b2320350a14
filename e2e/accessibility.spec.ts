import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { saveBookmark } from './helpers.ts';
import { signUp, uniqueName } from './seed.ts';

/**
 * axe-core on every screen in both themes: no serious or critical violation anywhere. Each screen
 * is checked once it shows its content; the violations of all screens are reported together.
 */
type Found = { screen: string; rule: string; impact: string; targets: string[] };

async function audit(page: Page, screen: string, found: Found[]) {
  // label-content-name-mismatch is experimental in axe, so off unless asked for: the name must hold the visible text
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    found.push({
      screen,
      rule: `${v.id}: ${v.help}`,
      impact: v.impact,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.trim()),
    });
  }
}

for (const theme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violations in the ${theme} theme`, async ({ page }) => {
    // about twenty axe runs: under a loaded machine (docs/testing.md) one theme took over 240 s
    test.setTimeout(480_000);
    await page.emulateMedia({ colorScheme: theme });
    const found: Found[] = [];

    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await audit(page, 'sign-in', found);
    await page.goto('/sign-up');
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
    await audit(page, 'sign-up', found);

    const name = uniqueName(`a11y${theme[0]}`);
    await signUp(page, name);
    await expect(page.getByText('Whoops! No item yet')).toBeVisible();
    await audit(page, 'library, empty', found);

    const item = await saveBookmark(page, {
      url: 'https://a11y.example/read',
      title: 'An article to read',
      tags: 'reading "long form"',
      description: 'A description with enough words to wrap.',
      unread: true,
    });
    await saveBookmark(page, { url: 'https://a11y.example/other', title: 'Another one', tags: 'reading' });
    await page.reload();
    await expect(page.locator('article')).toHaveCount(2);
    await audit(page, 'library', found);

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Bookmark' }).click();
    await expect(page.getByRole('dialog', { name: 'Add bookmark' })).toBeVisible();
    await audit(page, 'add bookmark dialog', found);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: 'PDF' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, 'upload PDF dialog', found);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: /Kindle/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, 'Kindle import dialog', found);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.keyboard.press('ControlOrMeta+k');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    await audit(page, 'command palette', found);
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await audit(page, 'shortcut list', found);
    await page.keyboard.press('Escape');

    await page.goto(`/user/${name}/b/${item.link_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, 'item reader', found);

    await page.goto(`/user/${name}/tags`);
    await expect(page.getByRole('link', { name: /reading/ }).first()).toBeVisible();
    await audit(page, 'tags', found);

    await page.goto(`/user/${name}/b/new-${Date.now()}?redirect=1`);
    await expect(page.locator('[contenteditable="true"]').first()).toBeVisible();
    await audit(page, 'note editor', found);

    await page.goto(`/user/${name}?filter=kindle`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, 'library, Kindle filter', found);

    for (const path of [
      '/outliners',
      '/setting',
      '/premium',
      '/premium/pay?p=standard',
      '/premium/thanksgiving',
      '/premium/gift',
      '/groups',
      `/profile/${name}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit(page, path, found);
    }
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, 'not found', found);

    expect(found).toEqual([]);
  });
}
