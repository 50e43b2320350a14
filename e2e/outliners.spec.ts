import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  apiPost,
  dragBelow,
  dragOnto,
  pageSite,
  saveBookmark,
  selectText,
  waitForCapture,
} from './helpers.ts';
import { appOrigin, signUpByApi, uniqueName } from './seed.ts';

// The page to highlight comes from a real HTTP server on 127.0.0.1 (the app runs with FETCH_ALLOW_PRIVATE=1).
const ARTICLE = `<!doctype html><html><head><title>Seed Saving</title></head><body><main><article>
<h1>Seed Saving</h1>
<p>Save seeds from the best fruit and dry them on paper for next spring.</p>
<p>Label every envelope with the variety and the year, then keep them somewhere cool and dark.</p>
</article></main></body></html>`;

const CLIPPINGS = path.resolve('test/fixtures/kindle/My Clippings.txt');

const site = pageSite(ARTICLE);

/** The shown rows as 'label@level', in order. */
const treeShape = (tree: Locator) =>
  tree
    .getByRole('treeitem')
    .evaluateAll((rows) =>
      rows.map((r) => `${r.getAttribute('aria-label')}@${r.getAttribute('aria-level')}`),
    );

/** Waits for the entry call a step must send. */
const entrySaved = (page: Page) =>
  page.waitForResponse(
    (r) => /\/api\/outliners\/\d+\/entries/.test(r.url()) && r.request().method() === 'POST',
  );

test('organises items into an outliner, edits the tree by keyboard and drag, and keeps it after a reload', async ({
  page,
}) => {
  // the longest journey: on the shared two cores it has run past the default 90 s
  test.slow();
  const name = uniqueName('outline');
  await signUpByApi(page, name);
  for (const title of ['First', 'Second', 'Third']) {
    await saveBookmark(page, { url: `https://outline.example/${title}`, title });
  }

  // create it on /outliners
  await page.goto('/outliners');
  await expect(page).toHaveTitle('Outliners');
  await page.getByRole('button', { name: 'New outliner' }).click();
  const create = page.getByRole('dialog', { name: 'Create an outliner' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Please enter a title.')).toBeVisible();
  await create.getByLabel('Title').fill('Reading list');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/o\/[0-9a-z]+\/Reading%20list$/);
  const outlinerUrl = page.url();

  // the three items, from the bulk bar
  await page.goto(`/user/${name}`);
  await page.getByRole('button', { name: 'Bulk Edit' }).click();
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bar.getByRole('button', { name: 'Organize in Outliner' })).toBeDisabled();
  for (const title of ['First', 'Second', 'Third']) await page.getByLabel(`Select ${title}`).check();
  await bar.getByRole('button', { name: 'Organize in Outliner' }).click();
  const organize = page.getByRole('dialog', { name: 'Organize in Outliner' });
  // nothing is sent before an outliner is chosen
  await expect(organize.getByRole('button', { name: 'Add' })).toBeDisabled();
  await organize.getByLabel('Search outliners').fill('nothing like it');
  await expect(organize.getByText('No Result.')).toBeVisible();
  await organize.getByLabel('Search outliners').fill('Reading');
  await organize.getByRole('option', { name: 'Reading list' }).click();
  await organize.getByRole('button', { name: 'Add to Reading list' }).click();
  await expect(page.getByText('3 item(s) added to Reading list')).toBeVisible();
  // the rows say where they are
  await expect(page.getByRole('list', { name: 'In outliners' }).first()).toContainText('Reading list');

  // text, indented and outdented by keyboard
  await page.goto(outlinerUrl);
  const tree = page.getByRole('tree', { name: 'Reading list' });
  // in the order the library listed them (newest first)
  await expect.poll(() => treeShape(tree)).toEqual(['Item: Third@1', 'Item: Second@1', 'Item: First@1']);
  await tree.getByRole('treeitem', { name: 'Item: First' }).locator('[data-entry-focus]').focus();
  let saved = entrySaved(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('My thoughts');
  await saved;
  saved = entrySaved(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('A detail');
  await saved;
  await page.keyboard.press('Tab');
  await expect.poll(() => treeShape(tree)).toContain('A detail@2');
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => treeShape(tree)).toContain('A detail@1');
  await page.keyboard.press('Tab');
  await expect
    .poll(() => treeShape(tree))
    .toEqual(['Item: Third@1', 'Item: Second@1', 'Item: First@1', 'My thoughts@1', 'A detail@2']);
  // an empty entry goes with Backspace
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect.poll(() => treeShape(tree)).toContain('Empty entry@2');
  await page.keyboard.press('Backspace');
  await expect.poll(() => treeShape(tree)).not.toContain('Empty entry@2');
  await expect(page.getByRole('status').filter({ hasText: /^Saved at / })).toBeVisible();

  // reorder by drag: Third below Second
  saved = entrySaved(page);
  await dragBelow(
    page,
    tree.getByRole('treeitem', { name: 'Item: Third' }),
    tree.getByRole('treeitem', { name: 'Item: Second' }),
  );
  await saved;
  const expected = ['Item: Second@1', 'Item: Third@1', 'Item: First@1', 'My thoughts@1', 'A detail@2'];
  await expect.poll(() => treeShape(tree)).toEqual(expected);
  await expect(page.getByRole('status').filter({ hasText: /^Saved at / })).toBeVisible();

  // moved by Alt+arrows with its child, the entry keeps the focus (typing goes on in it)
  const thoughts = tree.getByRole('treeitem', { name: 'My thoughts' }).getByLabel('Entry text');
  await thoughts.focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect
    .poll(() => treeShape(tree))
    .toEqual(['Item: Second@1', 'Item: Third@1', 'My thoughts@1', 'A detail@2', 'Item: First@1']);
  await expect(thoughts).toBeFocused();
  saved = entrySaved(page);
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => treeShape(tree)).toEqual(expected);
  await expect(thoughts).toBeFocused();
  await saved;
  await expect(page.getByRole('status').filter({ hasText: /^Saved at / })).toBeVisible();

  await page.reload();
  await expect.poll(() => treeShape(page.getByRole('tree', { name: 'Reading list' }))).toEqual(expected);

  // the title: Escape reverts, Enter saves
  const title = page.getByLabel('Outliner title');
  await title.fill('Renamed');
  await title.press('Escape');
  await expect(title).toHaveValue('Reading list');
  await title.fill('Reading / 2026');
  await title.press('Enter');
  await expect(page).toHaveURL(/\/o\/[0-9a-z]+\/Reading%20-%202026$/);

  // a wrong code is the not-found page
  await page.goto('/o/zz/Nothing');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('shares an outliner by secret link, read signed out, then takes it back', async ({ page, browser }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpByApi(page, uniqueName('sharer'));
  const made = (await apiPost(page, '/outliner/new', { title: 'Shared plan' })).outliner;
  await apiPost(page, `/api/outliners/${made.id}/entries`, { text: 'Visible to the link' });
  await page.goto(made.url);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share outliner' });
  await dialog.getByRole('button', { name: 'Create a secret link' }).click();
  const link = await dialog.getByLabel('Secret link').inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/outliner_shared\/.+/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();

  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Shared plan' })).toBeVisible();
  await expect(other.getByRole('treeitem', { name: 'Visible to the link' })).toBeVisible();
  await expect(other.getByLabel('Entry text')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Deactivate the link' }).click();
  await expect(dialog.getByRole('button', { name: 'Create a secret link' })).toBeVisible();
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Outliner not found' })).toBeVisible();
  await visitor.close();
});

test('opens the side area in the reader and drops a highlight into it', async ({ page }) => {
  const name = uniqueName('sidearea');
  await signUpByApi(page, name);
  const item = await saveBookmark(page, { url: `${site.url}/seeds.html`, title: 'Seed Saving' });
  await waitForCapture(page, item.link_id);
  await apiPost(page, '/outliner/new', { title: 'Garden notes' });
  await page.goto(`/user/${name}/b/${item.link_id}`);
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Save seeds from the best fruit');

  // a highlight, as the reader makes one
  await selectText(page, 'article[aria-label="Page text"]', 'Label every envelope');
  await page
    .getByRole('toolbar', { name: 'Highlight selection' })
    .getByRole('button', { name: 'Yellow' })
    .click();
  const mark = article.locator('mark', { hasText: 'Label every envelope' }).first();
  await expect(mark).toBeVisible();

  // the first open hides the tip and sets the guide cookies
  await expect(page.getByRole('note').filter({ hasText: 'Outline while you read' })).toBeVisible();
  await page.getByRole('button', { name: 'Outliner', exact: true }).click();
  // a region of the reader's second area, which has the title and the close button
  const area = page.getByRole('region', { name: 'Outliner side area' });
  await expect(page.getByRole('note').filter({ hasText: 'Outline while you read' })).toHaveCount(0);
  const cookies = (await page.context().cookies()).map((c) => c.name);
  expect(cookies).toEqual(expect.arrayContaining(['GUIDE_READING_1', 'GUIDE_READING_2']));
  await area.getByRole('option', { name: 'Garden notes' }).click();
  await expect(area.getByLabel('Outliner title')).toHaveValue('Garden notes');

  // the drag's events, carrying one DataTransfer from the mark to the area (the reader's own pointer
  // handlers on marks keep Playwright's mouse from starting a native drag there)
  await expect(mark).toHaveAttribute('draggable', 'true');
  const transfer = await page.evaluateHandle(() => new DataTransfer());
  await mark.dispatchEvent('dragstart', { dataTransfer: transfer });
  const drop = area.getByText('Drag a highlight or selected text here to add it.');
  await drop.dispatchEvent('dragover', { dataTransfer: transfer });
  await drop.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByText('Highlight add to outliner successfully!')).toBeVisible();
  await expect(area.getByRole('treeitem', { name: /Label every envelope/ })).toBeVisible();

  // closed and opened again: the same outliner comes back
  await page
    .getByRole('complementary', { name: 'Outliner' })
    .getByRole('button', { name: 'Close outliner' })
    .click();
  await page.getByRole('button', { name: 'Outliner', exact: true }).click();
  await expect(area.getByLabel('Outliner title')).toHaveValue('Garden notes');
  await expect(area.getByRole('treeitem', { name: /Label every envelope/ })).toBeVisible();
});

test('drags a Kindle highlight and selected text into the side area; a gone highlight fails', async ({
  page,
}) => {
  const name = uniqueName('kindleol');
  await signUpByApi(page, name);
  const origin = appOrigin();
  const imported = await page.request.post('/item/import/kindle', {
    headers: { origin },
    multipart: {
      file: { name: 'My Clippings.txt', mimeType: 'text/plain', buffer: readFileSync(CLIPPINGS) },
    },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  await apiPost(page, '/outliner/new', { title: 'Book notes' });
  await page.goto(`/user/${name}?filter=kindle`);
  await page
    .getByRole('link', { name: /The Pragmatic Programmer/ })
    .first()
    .click();
  const highlights = page.getByRole('list', { name: 'Highlights' });
  const craft = highlights.getByRole('link', { name: /^Care about your craft/ });
  await expect(craft).toBeVisible();

  await page.getByRole('button', { name: 'Outliner', exact: true }).click();
  const area = page.getByRole('complementary', { name: 'Outliner side area' });
  await area.getByRole('option', { name: 'Book notes' }).click();
  await expect(area.getByLabel('Outliner title')).toHaveValue('Book notes');
  await expect(area.getByText('Drag a highlight or selected text here to add it.')).toBeVisible();
  // the drop lands on the area's heading (the hint sits at the window's edge, where a drag scrolls)
  const drop = area.getByRole('heading', { name: 'Outliner', exact: true });

  // a highlight, dragged by the mouse (Chromium's own drag: dragstart, dragover, drop)
  await expect(craft).toHaveAttribute('draggable', 'true');
  await dragOnto(page, craft, drop);
  await expect(page.getByText('Highlight add to outliner successfully!')).toBeVisible();
  const added = area.getByRole('treeitem', { name: /Care about your craft/ });
  await expect(added).toBeVisible();

  // selected text (the book's title), dragged the same way
  await selectText(page, 'h1', 'Pragmatic Programmer');
  const words = await page.evaluate(() => {
    const r = getSelection()!.getRangeAt(0).getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await dragOnto(page, words, drop);
  await expect(area.getByRole('treeitem', { name: 'Pragmatic Programmer' })).toBeVisible();

  // a highlight deleted elsewhere while it is being dragged: the drop is refused, and said so
  const windows = highlights.getByRole('link', { name: /^Don't live with broken windows/ });
  const annId = Number(await windows.getAttribute('data-ann-id'));
  const itemId = Number(new URL(page.url()).pathname.split('/').pop());
  await dragOnto(page, windows, drop, async () => {
    await apiPost(page, '/annotation_mana/remove_annotation', { ann_id: annId, link_id: itemId });
  });
  await expect(page.getByText('Highlight add to outliner failed')).toBeVisible();
  await expect(area.getByRole('treeitem', { name: /broken windows/ })).toHaveCount(0);
});

test('a free account at its outliner quota is shown Account Limit Reached', async ({ page }) => {
  await signUpByApi(page, uniqueName('quotaol'));
  for (const title of ['One', 'Two', 'Three']) await apiPost(page, '/outliner/new', { title });
  const refused = await page.request.post('/outliner/new', {
    data: { title: 'Four' },
    headers: { origin: appOrigin() },
  });
  expect(refused.status()).toBe(402);
  expect((await refused.json()).code).toBe('0');

  await page.goto('/outliners');
  await expect(page.getByRole('list', { name: 'Outliners' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'New outliner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account Limit Reached' });
  await expect(dialog).toContainText('Free');
  await expect(dialog).toContainText('3 outliners');
  await expect(dialog.locator('dd').nth(2)).toHaveText('3');

  // deleting one frees a place
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete One' }).click();
  await page.getByRole('dialog', { name: 'Delete outliner' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 outliner deleted')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Outliners' }).getByRole('listitem')).toHaveCount(2);
});
