import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { apiPost, waitForCapture } from './helpers.ts';
import { appOrigin, SEEDED, signIn, signUpByApi, uniqueName } from './seed.ts';

// The page to highlight comes from a real HTTP server on 127.0.0.1 (the app runs with FETCH_ALLOW_PRIVATE=1).
const PARAGRAPHS = [
  'Balcony gardens reward patience. The first tomatoes ripen in midsummer, and the basil follows soon after.',
  'Water the pots in the evening so the roots drink before the sun returns. A saucer under each pot keeps the balcony clean.',
  'Prune the side shoots every week. A tomato plant that grows wild gives leaves instead of fruit.',
  'Compost is patience made visible: kitchen scraps become dark soil after a season of turning.',
  'When autumn comes, save seeds from the best fruit and dry them on paper for next spring.',
];
/** The page changed: a paragraph added above, one sentence reworded, one paragraph gone. */
const CHANGED = [
  'A new first paragraph about balcony light, wind and the neighbours who share the view.',
  PARAGRAPHS[0],
  PARAGRAPHS[1]!.replace('in the evening', 'late in the evening'),
  PARAGRAPHS[2],
  PARAGRAPHS[4],
];
const page = (
  paragraphs: (string | undefined)[],
) => `<!doctype html><html><head><title>Balcony Garden Notes</title></head><body>
<header><nav><a href="/">Home</a></nav></header>
<main><article><h1>Balcony Garden Notes</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</article></main>
</body></html>`;

let site: Server;
let siteUrl = '';
test.beforeAll(async () => {
  site = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page(req.url?.includes('v=2') ? CHANGED : PARAGRAPHS));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

/** Saves the test page as the signed-in user (or moves a bookmark to it) and waits for its reader copy. */
async function saveAndCapture(page: Page, path: string, linkId?: number): Promise<number> {
  const url = `${siteUrl}${path}`;
  const reply = await apiPost(
    page,
    '/item/save/bookmark',
    linkId ? { link_id: linkId, new_url: url } : { url, title: 'Balcony Garden Notes', private: false },
  );
  const saved = reply.items[0].link_id as number;
  await waitForCapture(page, saved);
  return saved;
}

/** Selects a phrase of the reader text the way a mouse does, ending with the pointer released. */
async function select(page: Page, phrase: string) {
  await page.evaluate((phrase) => {
    const article = document.querySelector('article[aria-label="Page text"]')!;
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      const at = n.data.indexOf(phrase);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + phrase.length);
      const selection = getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      n.parentElement!.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
      return;
    }
    throw new Error(`"${phrase}" is not in the article`);
  }, phrase);
}

const mark = (page: Page, text: string) =>
  page.getByRole('article', { name: 'Page text' }).locator('mark', { hasText: text }).first();

test('highlights in two colours, writes, edits and deletes a sticky note, and sees it all again after a reload', async ({
  page,
}) => {
  const name = uniqueName('highlight');
  await signUpByApi(page, name);
  const linkId = await saveAndCapture(page, '/garden.html');
  await page.goto(`/user/${name}/b/${linkId}`);
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Balcony gardens reward patience');

  // a yellow highlight
  await select(page, 'The first tomatoes ripen in midsummer');
  const toolbar = page.getByRole('toolbar', { name: 'Highlight selection' });
  await expect(toolbar.getByRole('button', { name: 'Add sticky note' })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Yellow' }).click();
  await expect(mark(page, 'The first tomatoes ripen')).toHaveAttribute('class', /yellow/);
  await expect(toolbar).toBeHidden();

  // a green one across a sentence boundary; Escape first closes a toolbar without saving
  await select(page, 'Prune the side shoots');
  await expect(toolbar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toolbar).toBeHidden();
  await select(page, 'every week. A tomato plant');
  await page
    .getByRole('toolbar', { name: 'Highlight selection' })
    .getByRole('button', { name: 'Green' })
    .click();
  await expect(mark(page, 'every week. A tomato plant')).toHaveAttribute('class', /green/);

  // a sticky note straight from a selection
  await select(page, 'Compost is patience made visible');
  await toolbar.getByRole('button', { name: 'Add sticky note' }).click();
  const noteBox = page.getByRole('toolbar', { name: 'Sticky note' });
  await noteBox.getByLabel('Sticky note').fill('Start a worm bin');
  await noteBox.getByRole('button', { name: 'Save' }).click();
  await expect(noteBox).toBeHidden();
  const compost = mark(page, 'Compost is patience');
  await expect(compost).toHaveAttribute(
    'aria-label',
    'Highlight: Compost is patience made visible (sticky note: Start a worm bin)',
  );

  // edit it from the highlight's menu
  await compost.click();
  const menu = page.getByRole('toolbar', { name: 'Highlight' });
  await expect(menu).toContainText('Start a worm bin');
  await menu.getByRole('button', { name: 'Edit sticky note' }).click();
  await noteBox.getByLabel('Sticky note').fill('Start a worm bin in March');
  await noteBox.getByRole('button', { name: 'Save' }).click();
  await expect(compost).toHaveAttribute('aria-label', /sticky note: Start a worm bin in March/);

  // change the first highlight's colour from its menu, with the keyboard
  await mark(page, 'The first tomatoes ripen').focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('button', { name: 'Yellow' })).toBeFocused();
  await menu.getByRole('button', { name: 'Pink' }).click();
  await expect(mark(page, 'The first tomatoes ripen')).toHaveAttribute('class', /pink/);

  // after a reload every highlight is drawn again, with its colour and note
  await page.reload();
  await expect(mark(page, 'The first tomatoes ripen')).toHaveAttribute('class', /pink/);
  await expect(mark(page, 'every week. A tomato plant')).toHaveAttribute('class', /green/);
  await expect(mark(page, 'Compost is patience')).toHaveAttribute(
    'aria-label',
    /sticky note: Start a worm bin in March/,
  );
  await expect(page.getByRole('heading', { name: 'Orphaned highlights' })).toHaveCount(0);

  // delete the sticky note, then a highlight
  await mark(page, 'Compost is patience').click();
  await menu.getByRole('button', { name: 'Delete sticky note' }).click();
  await expect(page.getByText('Remove the sticky note successfully.')).toBeVisible();
  await expect(mark(page, 'Compost is patience')).toHaveAttribute(
    'aria-label',
    'Highlight: Compost is patience made visible',
  );
  await mark(page, 'every week. A tomato plant').click();
  await menu.getByRole('button', { name: 'Delete highlight' }).click();
  await expect(page.getByText('Delete annotation done')).toBeVisible();
  await expect(article.locator('mark', { hasText: 'every week' })).toHaveCount(0);
  await expect(article).toContainText('Prune the side shoots every week. A tomato plant that grows wild');

  // the library row lists what is left
  const items = await (await page.request.get(`/interact_api/load_user_item?link_id=${linkId}`)).json();
  expect(items.items[0].annotations.map((a: { content: string }) => a.content)).toEqual([
    'The first tomatoes ripen in midsummer',
    'Compost is patience made visible',
  ]);

  // ?ann_md5= brings a highlight into view
  const md5 = items.items[0].annotations[1].ann_md5;
  await page.goto(`/user/${name}/b/${linkId}?ann_md5=${md5}`);
  await expect(mark(page, 'Compost is patience')).toBeInViewport();
});

test('re-anchors highlights when the page copy changes, and lists the one it cannot find', async ({
  page,
}) => {
  const name = uniqueName('reanchor');
  await signUpByApi(page, name);
  const linkId = await saveAndCapture(page, '/changing.html?v=1');
  await page.goto(`/user/${name}/b/${linkId}`);
  await expect(page.getByRole('article', { name: 'Page text' })).toContainText(
    'Balcony gardens reward patience',
  );
  const toolbar = page.getByRole('toolbar', { name: 'Highlight selection' });
  for (const [quote, color] of [
    ['The first tomatoes ripen in midsummer', 'Yellow'],
    ['Water the pots in the evening so the roots drink', 'Blue'],
    ['Compost is patience made visible', 'Green'],
  ] as const) {
    await select(page, quote);
    await toolbar.getByRole('button', { name: color }).click();
    await expect(mark(page, quote.slice(0, 20))).toBeVisible();
  }

  // the page is captured again from its new version
  await saveAndCapture(page, '/changing.html?v=2', linkId);
  await page.reload();
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('A new first paragraph');
  // moved: found where it went
  await expect(mark(page, 'The first tomatoes ripen in midsummer')).toHaveAttribute('class', /yellow/);
  // reworded: found by fuzzy matching, covering the new wording
  const reworded = article.locator('mark[class*="blue"]');
  await expect(reworded).toHaveText('Water the pots late in the evening so the roots drink');
  // gone: listed, not lost
  const orphans = page.getByRole('region', { name: 'Orphaned highlights' });
  await expect(orphans).toContainText('Compost is patience made visible');
  await expect(article.locator('mark[class*="green"]')).toHaveCount(0);
  await orphans.getByRole('button', { name: 'Delete highlight: Compost is patience made visible' }).click();
  await expect(page.getByText('Delete annotation done')).toBeVisible();
  await expect(orphans).toBeHidden();
});

test('places a float note, and a visitor sees the highlights read-only', async ({ page, browser }) => {
  const name = uniqueName('floatnote');
  await signUpByApi(page, name);
  const linkId = await saveAndCapture(page, '/float.html');
  await page.goto(`/user/${name}/b/${linkId}`);
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Balcony gardens reward patience');

  await select(page, 'save seeds from the best fruit');
  await page
    .getByRole('toolbar', { name: 'Highlight selection' })
    .getByRole('button', { name: 'Blue' })
    .click();
  await expect(mark(page, 'save seeds')).toHaveAttribute('class', /blue/);

  // reaching the passage scrolled the page down and the reader's bar out of sight: scroll back up
  await page.mouse.wheel(0, -2000);
  await expect(page.getByRole('button', { name: 'Add float note' })).toBeInViewport();
  await page.getByRole('button', { name: 'Add float note' }).click();
  const box = (await article.boundingBox())!;
  await page.getByRole('button', { name: 'Place the float note here' }).click({
    position: { x: box.width * 0.8, y: box.height * 0.5 },
  });
  const editor = page.getByRole('toolbar', { name: 'Float note' });
  await editor.getByLabel('Float note').fill('Check the drainage holes');
  await editor.getByRole('button', { name: 'Save' }).click();
  const pin = page.getByRole('button', { name: 'Float note: Check the drainage holes' });
  await expect(pin).toBeVisible();
  await page.reload();
  await expect(pin).toBeVisible();

  // a visitor (signed out) sees the highlight and the note, and cannot change them
  const visitor = await browser.newPage();
  await visitor.goto(`/user/${name}/b/${linkId}`);
  await expect(mark(visitor, 'save seeds')).toHaveAttribute('class', /blue/);
  await visitor.getByRole('button', { name: 'Float note: Check the drainage holes' }).click();
  await expect(visitor.getByRole('toolbar', { name: 'Float note' })).toContainText(
    'Check the drainage holes',
  );
  await expect(visitor.getByRole('button', { name: 'Delete float note' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Add float note' })).toHaveCount(0);
  await select(visitor, 'Water the pots in the evening');
  await expect(visitor.getByRole('toolbar', { name: 'Highlight selection' })).toHaveCount(0);
  await visitor.close();
});

test('a free user at the highlight quota gets the Over quota dialog instead of a highlight', async ({
  page,
}) => {
  await signIn(page, SEEDED.quota.name, SEEDED.quota.password);
  await page.waitForURL(`/user/${SEEDED.quota.name}`);
  const linkId = await saveAndCapture(page, '/quota.html');
  await page.goto(`/user/${SEEDED.quota.name}/b/${linkId}`);
  await expect(page.getByRole('article', { name: 'Page text' })).toContainText(
    'Balcony gardens reward patience',
  );

  // the 100th highlight of the free plan is still allowed
  await select(page, 'Balcony gardens reward patience');
  await page
    .getByRole('toolbar', { name: 'Highlight selection' })
    .getByRole('button', { name: 'Yellow' })
    .click();
  await expect(mark(page, 'Balcony gardens reward patience')).toBeVisible();

  // the next one opens the dialog and saves nothing
  await select(page, 'Water the pots in the evening');
  await page
    .getByRole('toolbar', { name: 'Highlight selection' })
    .getByRole('button', { name: 'Pink' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Over quota' });
  await expect(dialog).toContainText('Your highlight number is over quota');
  await expect(dialog.getByRole('link', { name: 'Upgrade Now!' })).toHaveAttribute('href', '/premium');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Page text' }).locator('mark')).toHaveCount(1);

  // the server refuses it too, whatever the page believes
  const origin = appOrigin();
  const refused = await page.request.post('/annotation_mana/add_annotation', {
    data: {
      link_id: linkId,
      shape: 0,
      content: 'Water the pots',
      color: 'pink',
      selector: [{ type: 'TextQuoteSelector', exact: 'Water the pots' }],
    },
    headers: { origin },
  });
  expect(refused.ok()).toBe(false);
  expect((await refused.json()).message).toBe('Your highlight number is over quota');
});
