import { expect, type Page, test } from '@playwright/test';
import { liveSocketOpen, saveBookmark as save } from './helpers.ts';
import { appOrigin, openUserMenu, SEEDED, signIn, signUp, signUpByApi, uniqueName } from './seed.ts';

const rows = (page: Page) => page.locator('article');

test('adds a bookmark by URL with tags; the title falls back to the URL', async ({ page }) => {
  const name = uniqueName('adder');
  await signUp(page, name);
  await expect(page.getByText('Whoops! No item yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Bookmark' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bookmark' });
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
  await dialog.getByLabel('URL').fill('https://example.org/articles/slow-web');
  await dialog.getByLabel('URL').press('Enter');
  await expect(dialog.getByLabel('Title')).toHaveValue('https://example.org/articles/slow-web');
  await dialog.getByRole('combobox', { name: 'Tags' }).fill('reading "slow web"');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();

  await expect(page.getByText('1 item saved to you Library.')).toBeVisible();
  const row = rows(page).first();
  await expect(row.getByRole('link', { name: 'https://example.org/articles/slow-web' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'reading' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'slow web' })).toBeVisible();
});

test('filters and searches with #tag and @host; the URL keeps the view across reload and back', async ({
  page,
}) => {
  const name = uniqueName('filter');
  await signUpByApi(page, name);
  await save(page, { url: 'https://news.example.com/a', title: 'Morning news', tags: 'daily', unread: true });
  await save(page, { url: 'https://blog.sample.org/b', title: 'Long essay', tags: 'essays daily' });
  await save(page, { url: 'https://sample.org/c', title: 'Recipe box', tags: 'food' });
  await page.goto(`/user/${name}`);
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('link', { name: /^Unread/ }).click();
  await expect(page).toHaveURL(/unread=yes/);
  await expect(rows(page)).toHaveCount(1);
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Morning news');
  await page.goBack();
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(/filter=bookmark/);
  await expect(page.getByRole('link', { name: 'Bookmarks' })).toHaveAttribute('aria-current', 'page');
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('link', { name: 'PDFs' }).click();
  await expect(page.getByText("There's no item! You can add one first")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/filter=bookmark/);
  await expect(rows(page)).toHaveCount(3);

  const search = page.getByRole('combobox', { name: 'Search your library' });
  await search.fill('#daily');
  await search.press('Enter');
  await expect(page).toHaveURL(/query=%23daily/);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText('Page 1 of 1 results for #daily')).toBeVisible();

  await search.fill('@sample.org');
  await search.press('Enter');
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText('Morning news')).toHaveCount(0);

  await search.fill('@sample.org NOT #daily');
  await search.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Recipe box');

  await search.fill('nothing-matches-this');
  await search.press('Enter');
  await expect(page.getByText("Sorry, we don't found what you want!")).toBeVisible();
});

test('suggests tags while typing in the search box', async ({ page }) => {
  const name = uniqueName('suggest');
  await signUpByApi(page, name);
  await save(page, { url: 'https://a.example/1', title: 'One', tags: 'design designer' });
  await page.goto(`/user/${name}`);
  const search = page.getByRole('combobox', { name: 'Search your library' });
  await search.fill('#desig');
  const options = page.getByRole('listbox', { name: 'Search your library suggestions' }).getByRole('option');
  await expect(options).toHaveText(['design', 'designer']);
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(search).toHaveValue('#"design" ');
});

test('pages through 30 items, 24 a page', async ({ page }) => {
  const name = uniqueName('pager');
  await signUpByApi(page, name);
  for (let i = 0; i < 30; i += 1) await save(page, { url: `https://pages.example/${i}`, title: `Item ${i}` });
  await page.goto(`/user/${name}`);
  await expect(rows(page)).toHaveCount(24);
  await expect(page.getByText('30 items')).toBeVisible();
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: '2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows(page)).toHaveCount(6);
  await page.getByLabel('Per page').selectOption('48');
  await expect(rows(page)).toHaveCount(30);
});

test('a first load names the page chunks and renders rows past the first 24', async ({ page }) => {
  const name = uniqueName('firstload');
  await signUpByApi(page, name);
  for (let i = 0; i < 26; i += 1)
    await save(page, { url: `https://first.example/${i}`, title: `First ${i}` });
  const response = await page.goto(`/user/${name}?count=48`);
  expect(await response!.text()).toMatch(
    /<link rel="modulepreload" crossorigin href="\/assets\/LibraryPage-[^"]+\.js"/,
  );
  await expect(rows(page)).toHaveCount(26);
  await expect(rows(page).last()).toContainText('First 0');
});

test('bulk marks read and deletes, with the spec notifications', async ({ page }) => {
  const name = uniqueName('bulker');
  await signUpByApi(page, name);
  await save(page, { url: 'https://bulk.example/1', title: 'First', unread: true });
  await save(page, { url: 'https://bulk.example/2', title: 'Second', unread: true });
  await save(page, { url: 'https://bulk.example/3', title: 'Third', unread: true });
  await page.goto(`/user/${name}`);

  await page.getByRole('button', { name: 'Bulk Edit' }).click();
  await expect(page.getByText('Click item to select')).toBeVisible();
  await page.getByLabel('Select First').check();
  await page.getByLabel('Select Second').check();
  await expect(page.getByText('2 item(s) selected')).toBeVisible();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Mark as read' }).click();
  await expect(page.getByText('2 item(s) have been marked as read')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Unread/ })).toContainText('1');

  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 item(s) deleted')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  await page.keyboard.press('Escape');
  await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toHaveCount(0);
});

test('a second tab updates live when the first adds an item', async ({ page, context }) => {
  const name = uniqueName('twotabs');
  await signUp(page, name);
  const second = await context.newPage();
  await second.goto(`/user/${name}`);
  await expect(second.getByText('Whoops! No item yet')).toBeVisible();
  // a change made once the socket is open reaches it (the server subscribes as it opens)
  await liveSocketOpen(second);
  await save(page, { url: 'https://live.example/x', title: 'Arrives live' });
  await expect(second.getByText('Arrives live')).toBeVisible();
});

test('free plans see the house ads with a Remove link; premium plans see none', async ({ page }) => {
  const name = uniqueName('adviewer');
  await signUpByApi(page, name);
  // the banner waits for the first save (first-minute.spec.ts)
  await save(page, { url: 'https://ads.example/1', title: 'Something saved' });
  await page.goto(`/user/${name}`);
  const banner = page.getByRole('complementary', { name: 'Advertisement' }).first();
  await expect(banner).toContainText('Folio Premium');
  await expect(banner.getByRole('link', { name: 'Remove' })).toHaveAttribute('href', '/premium?f=ads');

  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
  // signing out reloads the welcome page; navigating before it has loaded would abort it
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await signIn(page, SEEDED.premium.name, SEEDED.premium.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Advertisement' })).toHaveCount(0);
});

test('keyboard: j/k move between rows, x selects, Escape leaves bulk mode', async ({ page }) => {
  const name = uniqueName('keys');
  await signUpByApi(page, name);
  await save(page, { url: 'https://keys.example/1', title: 'Older' });
  await save(page, { url: 'https://keys.example/2', title: 'Newer' });
  await page.goto(`/user/${name}`);
  await rows(page).first().getByRole('link', { name: 'Newer' }).focus();
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: 'Older' })).toBeFocused();
  await page.keyboard.press('x');
  await expect(page.getByText('1 item(s) selected')).toBeVisible();
  await page.keyboard.press('k');
  await expect(page.getByRole('link', { name: 'Newer' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toHaveCount(0);
});

test('at 360 px the filters open in a drawer that closes on a pick', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const name = uniqueName('narrow');
  await signUpByApi(page, name);
  await save(page, { url: 'https://narrow.example/1', title: 'Unread one', unread: true });
  await save(page, { url: 'https://narrow.example/2', title: 'Read one' });
  await page.goto(`/user/${name}`);
  await expect(page.getByRole('navigation', { name: 'Library filters' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await drawer.getByRole('link', { name: /^Unread/ }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(/unread=yes/);
  await expect(rows(page)).toHaveCount(1);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});

test('the sidebar Top 300 cloud filters the library by the picked tag', async ({ page }) => {
  const name = uniqueName('cloudlib');
  await signUpByApi(page, name);
  await save(page, { url: 'https://cloud.example/1', title: 'Tagged', tags: 'alpha beta' });
  await save(page, { url: 'https://cloud.example/2', title: 'Other', tags: 'gamma' });
  await page.goto(`/user/${name}`);
  await page.getByRole('button', { name: 'Top 300' }).click();
  await page
    .getByRole('dialog', { name: 'Top 300' })
    .getByRole('button', { name: /^alpha,/ })
    .click();
  await expect(page).toHaveURL(/query=%23%22alpha%22/);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Related tags' }).getByText('alpha')).toBeVisible();
});

test('Add > Note opens a new local note in the editor', async ({ page }) => {
  const name = uniqueName('noter');
  await signUp(page, name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Note' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${name}/b/new-\\d+\\?redirect=1$`));
});

test('a long note completes and collapses in its row', async ({ page }) => {
  await signUp(page, uniqueName('longnote'));
  const origin = appOrigin();
  const body = `${'word '.repeat(80)}THE-END`;
  const res = await page.request.post('/item/save/note', {
    data: {
      title: 'Long one',
      content: `<p>${body}</p>`,
      note_type: 'rich',
      mode: 'private',
      tags: '',
      local_id: `new-${Date.now()}`,
    },
    headers: { origin },
  });
  expect(res.ok()).toBe(true);
  await page.reload();
  const row = rows(page).first();
  await expect(row).not.toContainText('THE-END');
  await row.getByRole('button', { name: 'Complete' }).click();
  await expect(row).toContainText('THE-END');
  await row.getByRole('button', { name: 'Collapse' }).click();
  await expect(row).not.toContainText('THE-END');
});
