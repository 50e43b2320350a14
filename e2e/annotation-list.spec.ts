import { expect, type Page, test } from '@playwright/test';
import { apiPost } from './helpers.ts';
import { signUp, uniqueName } from './seed.ts';

const post = apiPost;

/** Highlights made through the API, as the reader (or the extension) makes them. */
async function highlight(page: Page, linkId: number, content: string) {
  const selector = [{ type: 'TextQuoteSelector', exact: content }];
  return (
    await post(page, '/annotation_mana/add_annotation', { link_id: linkId, shape: 0, content, selector })
  ).annotation;
}

const QUOTES = [
  'Alpha: the garden wakes early',
  'Bravo: roots go deep',
  'Charlie: pruning is kindness',
  'Delta: water in the evening',
  'Echo: compost is patience',
];

test('a row lists 3 annotations, shows more or less, follows the search; sticky notes, colours and deletes', async ({
  page,
}) => {
  const name = uniqueName('annlist');
  await signUp(page, name);
  const item = (
    await post(page, '/item/save/bookmark', {
      url: 'https://garden.example/notes',
      title: 'Garden notes',
      private: false,
    })
  ).items[0];
  await post(page, '/item/save/bookmark', { url: 'https://plain.example/', title: 'Plain page' });
  for (const quote of QUOTES) await highlight(page, item.link_id, quote);
  await page.reload();

  const row = page.locator('article', { hasText: 'Garden notes' });
  const annotations = row.getByRole('list', { name: 'Annotations' }).locator(':scope > li');
  await expect(annotations).toHaveCount(3);
  await expect(annotations.first()).toContainText('Alpha');
  await row.getByRole('button', { name: 'Show 2 more annotation(s)' }).click();
  await expect(annotations).toHaveCount(5);
  await row.getByRole('button', { name: 'Show less' }).click();
  await expect(annotations).toHaveCount(3);

  // the Annotated filter keeps the annotated bookmark only
  await page.getByRole('link', { name: 'Annotated' }).click();
  await expect(page).toHaveURL(/ann=yes/);
  await expect(page.locator('article')).toHaveCount(1);
  await expect(page.locator('article')).toContainText('Garden notes');
  await page.getByRole('link', { name: 'All', exact: true }).click();
  await expect(page.locator('article')).toHaveCount(2);

  // Collapse All hides the lists, Expand All brings them back
  await page.getByRole('button', { name: 'Collapse All' }).click();
  await expect(row.getByRole('list', { name: 'Annotations' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand All' }).click();
  await expect(annotations).toHaveCount(3);

  // a search shows the annotations matching it; clearing it returns to the first three
  const search = page.getByRole('combobox', { name: 'Search your library' });
  await search.fill('compost');
  await search.press('Enter');
  await expect(page.locator('article')).toHaveCount(1);
  await expect(annotations).toHaveCount(1);
  await expect(annotations.first()).toContainText('Echo: compost is patience');
  await expect(row.getByRole('button', { name: 'Show 4 more annotation(s)' })).toBeVisible();
  await search.fill('');
  await search.press('Enter');
  await expect(annotations).toHaveCount(3);
  await expect(row.getByRole('button', { name: 'Show 2 more annotation(s)' })).toBeVisible();

  // add a sticky note (Enter saves), edit it (leaving the field saves), Escape cancels, delete it
  const alpha = annotations.first();
  await alpha.getByRole('button', { name: 'Add sticky note' }).click();
  await alpha.getByRole('textbox', { name: 'Sticky note' }).fill('Plant the beans first');
  await alpha.getByRole('textbox', { name: 'Sticky note' }).press('Enter');
  await expect(alpha.getByText('Plant the beans first')).toBeVisible();
  await expect(alpha.getByRole('button', { name: 'Add sticky note' })).toHaveCount(0);
  await page.reload();
  await expect(alpha.getByText('Plant the beans first')).toBeVisible();

  await alpha.getByRole('button', { name: 'Edit' }).click();
  await alpha.getByRole('textbox', { name: 'Sticky note' }).fill('Plant the peas first');
  await page.getByRole('heading', { name: 'My Library' }).click();
  await expect(alpha.getByText('Plant the peas first')).toBeVisible();
  await alpha.getByRole('button', { name: 'Edit' }).click();
  await alpha.getByRole('textbox', { name: 'Sticky note' }).fill('thrown away');
  await alpha.getByRole('textbox', { name: 'Sticky note' }).press('Escape');
  await expect(alpha.getByText('Plant the peas first')).toBeVisible();
  await page.reload();
  await expect(alpha.getByText('Plant the peas first')).toBeVisible();

  await alpha.getByRole('button', { name: 'Delete sticky note' }).click();
  await expect(page.getByText('Remove the sticky note successfully.')).toBeVisible();
  await expect(alpha.getByText('Plant the peas first')).toHaveCount(0);
  await expect(alpha.getByRole('button', { name: 'Add sticky note' })).toBeVisible();

  // change a colour; it stays after a reload
  const bravo = annotations.nth(1);
  await bravo.getByRole('button', { name: 'Change color (now yellow)' }).click();
  await page.getByRole('menuitem', { name: 'Pink' }).click();
  await expect(bravo).toHaveAttribute('data-color', 'pink');
  await page.reload();
  await expect(annotations.nth(1)).toHaveAttribute('data-color', 'pink');

  // delete one: the list moves up
  await annotations.nth(2).getByRole('button', { name: 'Delete highlight' }).click();
  await expect(page.getByText('Delete annotation done')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Show 1 more annotation(s)' })).toBeVisible();
  await expect(row).not.toContainText('Charlie');

  // a highlight opens its item at that highlight
  await annotations.first().getByRole('link', { name: 'Alpha: the garden wakes early' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${name}/b/${item.link_id}\\?ann_md5=[0-9a-f]+`));
});

test('visitors see a public item’s annotations read-only', async ({ page, browser }) => {
  const name = uniqueName('annview');
  await signUp(page, name);
  const item = (
    await post(page, '/item/save/bookmark', {
      url: 'https://open.example/',
      title: 'Open page',
      private: false,
    })
  ).items[0];
  await highlight(page, item.link_id, 'Shared with everyone');

  const visitor = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await visitor.goto(`/user/${name}`);
  const row = visitor.locator('article', { hasText: 'Open page' });
  await expect(row.getByText('Shared with everyone')).toBeVisible();
  await expect(row.getByRole('img', { name: 'Yellow' })).toBeVisible();
  await expect(row.getByRole('button', { name: /Change color|Delete|Add sticky note/ })).toHaveCount(0);
  await visitor.close();
});
