import { expect, type Page, test } from '@playwright/test';
import { startTestSite, type TestSite } from '../test/helpers/test-site.ts';
import { saveBookmark, waitForCapture } from './helpers.ts';
import { SEEDED, signIn, signUp, uniqueName } from './seed.ts';

// Pages come from a real HTTP server on 127.0.0.1 (the app runs with FETCH_ALLOW_PRIVATE=1 for this).
let site: TestSite;
// captures run in the server's job poller; the machine may be busy
test.describe.configure({ timeout: 90_000 });
test.beforeAll(async () => {
  site = await startTestSite();
});
test.afterAll(async () => {
  await site.close();
});

const ARTICLE_TITLE = 'Growing Tomatoes on a Balcony';
/** a word only the article's body contains: not its title, description, URL or tags */
const BODY_ONLY_WORD = 'zymurgical';

/** Saves through the API with the page's session, as a browser extension would. */
const save = async (page: Page, data: Record<string, unknown>): Promise<number> =>
  (await saveBookmark(page, data)).link_id;

test('saves a page, reads it, moves through the list and opens the cached copy', async ({ page }) => {
  const name = uniqueName('reader');
  await signUp(page, name);
  // her own tag 'tomatoes' makes the article's title recommend it
  await save(page, { url: site.url('/no-title.html'), title: 'Migrating birds', tags: 'tomatoes' });
  await save(page, { url: site.url('/latin1.html'), title: 'Café crème' });

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Bookmark' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bookmark' });
  await dialog.getByLabel('URL').fill(site.url('/article.html'));
  await dialog.getByLabel('URL').press('Enter');
  await expect(dialog.getByLabel('Title')).toHaveValue(ARTICLE_TITLE);
  await expect(dialog.getByRole('combobox', { name: 'Tags' })).toHaveValue('tomatoes ');
  await expect(dialog.getByLabel('Description')).toHaveValue(
    'How to grow tomatoes in pots on a small city balcony, from seed to harvest.',
  );
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('1 item saved to you Library.')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();

  // open it from the Bookmarks list: the list's query rides along
  await page.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(/filter=bookmark/);
  await page.getByRole('link', { name: ARTICLE_TITLE }).click();
  await expect(page).toHaveURL(/\/b\/\d+\?filter=bookmark$/);
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Sungold', { timeout: 20_000 });
  await expect(article).toContainText(BODY_ONLY_WORD);
  await expect(article).not.toContainText('injected by script');

  // the newest item is first: nothing before it, the next one is the latin-1 page, and back
  const bar = page.getByRole('navigation', { name: 'Reader' });
  await expect(bar.getByRole('button', { name: 'Previous item' })).toBeDisabled();
  await bar.getByRole('link', { name: 'Next item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Café crème' })).toBeVisible();
  await expect(page).toHaveURL(/filter=bookmark/);
  await bar.getByRole('link', { name: 'Next item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Migrating birds' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Next item' })).toBeDisabled();
  await bar.getByRole('link', { name: 'Previous item' }).click();
  await bar.getByRole('link', { name: 'Previous item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: ARTICLE_TITLE }).first()).toBeVisible();

  // read state
  await bar.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(page.getByText('marked as unread', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await bar.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByText('1 item(s) has been marked as read')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(bar.getByRole('button', { name: 'Mark as unread' })).toBeVisible();

  // the top bar: fixed and hidden going down, shown again going up
  await page.setViewportSize({ width: 1000, height: 400 });
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(bar).toHaveAttribute('data-fixed', 'true');
  await expect(bar).toHaveAttribute('data-visible', 'false');
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect(bar).toHaveAttribute('data-visible', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toHaveAttribute('data-fixed', 'false');
  await expect(bar).toHaveAttribute('data-visible', 'true');
  await page.setViewportSize({ width: 1280, height: 720 });

  // the cached copy opens in a new tab, sandboxed, with a banner; the page's scripts never run
  const dialogs: string[] = [];
  const [copy] = await Promise.all([
    page.waitForEvent('popup'),
    bar.getByRole('link', { name: 'Cached copy' }).click(),
  ]);
  copy.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const response = await copy.waitForLoadState().then(() => copy.request.get(copy.url()));
  expect(response.headers()['content-security-policy']).toMatch(/^sandbox;/);
  await expect(copy.getByRole('note')).toContainText(`This is a copy of ${site.url('/article.html')}`);
  await expect(copy.getByText(BODY_ONLY_WORD, { exact: false })).toBeVisible();
  await expect(copy.locator('body')).not.toContainText('injected by script');
  expect(await copy.evaluate(() => (window as unknown as { stolen?: string }).stolen)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await copy.close();
});

test('a premium user finds a saved page by a word only its body contains', async ({ page }) => {
  await signIn(page, SEEDED.premium.name, SEEDED.premium.password);
  await page.waitForURL(`/user/${SEEDED.premium.name}`);
  const linkId = await save(page, { url: site.url('/article.html'), title: '' });
  await waitForCapture(page, linkId);

  await page.goto(`/user/${SEEDED.premium.name}`);
  const search = page.getByRole('combobox', { name: 'Search your library' });
  // the plain search does not read page text
  await search.fill(BODY_ONLY_WORD);
  await search.press('Enter');
  await expect(page.getByText("Sorry, we don't found what you want!")).toBeVisible();

  await search.fill('');
  await search.fill(BODY_ONLY_WORD);
  await page
    .getByRole('listbox', { name: 'Search your library suggestions' })
    .getByRole('option', { name: `Fulltext: ${BODY_ONLY_WORD}` })
    .click();
  await expect(page).toHaveURL(/snapshot=yes/);
  await expect(page.getByRole('link', { name: ARTICLE_TITLE })).toBeVisible();
});
