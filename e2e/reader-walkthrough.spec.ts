import { expect, type Page, test } from '@playwright/test';
import { apiPost, pageSite, waitForCapture } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

// What a new user hit in the reader and in a new outliner (issue 27, the walk-through).

const PARAGRAPH =
  'Tomatoes want a deep pot, a sunny wall and water at the roots in the morning, never on the leaves. ' +
  'Pinch out the side shoots each week so the plant puts its strength into the fruit.';
const ARTICLE = `<!doctype html><html><head><title>Growing Tomatoes</title></head><body>
<main><article><h1>Growing Tomatoes</h1>
${Array.from({ length: 30 }, (_, i) => `<p>Week ${i + 1}. ${PARAGRAPH}</p>`).join('\n')}
</article></main></body></html>`;

const site = pageSite(ARTICLE);

/** Saves the article under an address of its own (each save its own item) and waits for its copy. */
async function saveArticle(page: Page, title = 'Growing Tomatoes'): Promise<number> {
  const reply = await apiPost(page, '/item/save/bookmark', {
    url: `${site.url}/tomatoes-${Math.random().toString(36).slice(2)}.html`,
    title,
    tags: '',
    private: false,
  });
  const linkId = reply.items[0].link_id as number;
  await waitForCapture(page, linkId);
  return linkId;
}

/** Waits for the entry call that carries `text`. */
const entrySavedWith = (page: Page, text: string) =>
  page.waitForResponse(
    (r) =>
      /\/api\/outliners\/\d+\/entries/.test(r.url()) &&
      r.request().method() === 'POST' &&
      (r.request().postData() ?? '').includes(text),
  );

test('a new outliner opens with the caret in its first entry; Enter makes the next; both are kept', async ({
  page,
}) => {
  await signUpByApi(page, uniqueName('firstentry'));
  await page.goto('/outliners');
  await page.getByRole('button', { name: 'New outliner' }).click();
  const create = page.getByRole('dialog', { name: 'Create an outliner' });
  await create.getByLabel('Title').fill('Garden plan');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/o\/[0-9a-z]+\/Garden%20plan$/);

  const tree = page.getByRole('tree', { name: 'Garden plan' });
  const first = tree.getByRole('treeitem').first().getByLabel('Entry text');
  await expect(first).toBeFocused();
  let saved = entrySavedWith(page, 'Sow the beans');
  await page.keyboard.type('Sow the beans');
  await saved;
  saved = entrySavedWith(page, 'Water them');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Water them');
  await saved;
  await expect(tree.getByRole('treeitem')).toHaveCount(2);

  await page.reload();
  const rows = page.getByRole('tree', { name: 'Garden plan' }).getByRole('treeitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAccessibleName('Sow the beans');
  await expect(rows.nth(1)).toHaveAccessibleName('Water them');
});

test("the reader's outliner area fits its 250 px and names itself once", async ({ page }) => {
  const name = uniqueName('sidefit');
  await signUpByApi(page, name);
  const linkId = await saveArticle(page);
  await apiPost(page, '/outliner/new', { title: 'Tomato notes with a long enough title' });
  await page.goto(`/user/${name}/b/${linkId}`);
  await expect(page.getByRole('article', { name: 'Page text' })).toContainText('Week 30.');
  await page
    .getByRole('navigation', { name: 'Reader' })
    .getByRole('button', { name: 'Outliner', exact: true })
    .click();
  const side = page.getByRole('complementary', { name: 'Outliner' });
  await side.getByRole('option', { name: /Tomato notes/ }).click();
  await expect(side.getByLabel('Outliner title')).toHaveValue('Tomato notes with a long enough title');

  await expect(side.getByRole('heading', { name: 'Outliner' })).toHaveCount(1);
  await expect(side.getByRole('button', { name: /^Close/ })).toHaveCount(1);
  // nothing inside reaches past the area's right edge, and the area scrolls no way sideways
  const overflow = await side.evaluate((area) => {
    const edge = area.getBoundingClientRect().right;
    const past = [...area.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > edge + 0.5)
      .map((el) => el.outerHTML.slice(0, 80));
    return { past, sideways: area.scrollWidth - area.clientWidth };
  });
  expect(overflow).toEqual({ past: [], sideways: 0 });
});

test('a float note scrolled under the app header stays under it; a click there is the header’s', async ({
  page,
}) => {
  const name = uniqueName('floatunder');
  await signUpByApi(page, name);
  const linkId = await saveArticle(page);
  await page.goto(`/user/${name}/b/${linkId}`);
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Week 30.');
  await page
    .getByRole('navigation', { name: 'Reader' })
    .getByRole('button', { name: 'Add float note' })
    .click();
  const box = (await article.boundingBox())!;
  await page.getByRole('button', { name: 'Place the float note here' }).click({
    position: { x: box.width * 0.5, y: box.height * 0.05 },
  });
  const editor = page.getByRole('toolbar', { name: 'Float note' });
  await editor.getByLabel('Float note').fill('Stake them early');
  await editor.getByRole('button', { name: 'Save' }).click();
  const pin = page.getByRole('button', { name: 'Float note: Stake them early' });
  await expect(pin).toBeVisible();
  await expect(editor).toHaveCount(0);

  // scroll until the pin's middle is behind the middle of the sticky app header
  const header = page.getByRole('banner');
  const headerBox = (await header.boundingBox())!;
  const pinBox = (await pin.boundingBox())!;
  const by = pinBox.y + pinBox.height / 2 - (headerBox.y + headerBox.height / 2);
  await page.evaluate((dy) => window.scrollBy(0, dy), by);
  await expect
    .poll(async () => {
      const now = (await pin.boundingBox())!;
      return Math.abs(now.y + now.height / 2 - (headerBox.y + headerBox.height / 2));
    })
    .toBeLessThan(1);
  const at = { x: pinBox.x + pinBox.width / 2, y: headerBox.y + headerBox.height / 2 };
  const topmost = await page.evaluate(({ x, y }) => {
    const el = document.elementFromPoint(x, y);
    return { inHeader: Boolean(el?.closest('header')), pin: Boolean(el?.closest('[data-ann-md5]')) };
  }, at);
  expect(topmost).toEqual({ inHeader: true, pin: false });
  await page.mouse.click(at.x, at.y);
  await expect(editor).toHaveCount(0);
});

test('the footer keeps its place while the article arrives (no layout shift on a desktop)', async ({
  page,
}) => {
  const name = uniqueName('noshift');
  await signUpByApi(page, name);
  const linkId = await saveArticle(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __observer: PerformanceObserver };
    w.__shift = 0;
    const add = (entries: PerformanceEntryList) => {
      for (const e of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) w.__shift += e.value;
      }
    };
    w.__observer = new PerformanceObserver((list) => add(list.getEntries()));
    w.__observer.observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/user/${name}/b/${linkId}`);
  await expect(page.getByRole('article', { name: 'Page text' })).toContainText('Week 30.');
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  // two frames after the article: every shift its arrival caused has been reported
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const w = window as unknown as { __shift: number; __observer: PerformanceObserver };
            for (const e of w.__observer.takeRecords() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!e.hadRecentInput) w.__shift += e.value;
            }
            resolve(w.__shift);
          }),
        ),
      ),
  );
  expect(shift).toBeLessThan(0.02);
});

test('j and k go to the next and previous item of the list, not while typing', async ({ page }) => {
  const name = uniqueName('readerjk');
  await signUpByApi(page, name);
  const oldest = await saveArticle(page, 'Oldest');
  const middle = await saveArticle(page, 'Middle');
  const newest = await saveArticle(page, 'Newest');
  const itemUrl = (id: number) => new RegExp(`/user/${name}/b/${id}(\\?|$)`);

  // opened from the library sorted by title (Middle, Newest, Oldest): j follows that order
  await page.goto(`/user/${name}?sort=title`);
  await page.getByRole('link', { name: 'Middle' }).first().click();
  await expect(page).toHaveURL(itemUrl(middle));
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Week 30.');
  const next = page.getByRole('navigation', { name: 'Reader' }).getByRole('link', { name: 'Next item' });
  await expect(next).toHaveAttribute('href', itemUrl(newest));
  await page.keyboard.press('j');
  await expect(page).toHaveURL(itemUrl(newest));
  await expect(page.getByRole('heading', { level: 1, name: 'Newest' })).toBeVisible();
  await page.keyboard.press('k');
  await expect(page).toHaveURL(itemUrl(middle));
  await expect(page.getByRole('heading', { level: 1, name: 'Middle' })).toBeVisible();

  // opened on its own: the library's default order (newest first)
  await page.goto(`/user/${name}/b/${middle}`);
  await expect(article).toContainText('Week 30.');
  await expect(
    page.getByRole('navigation', { name: 'Reader' }).getByRole('link', { name: 'Next item' }),
  ).toHaveAttribute('href', itemUrl(oldest));
  // typed in a field, j is a letter
  await page.getByRole('navigation', { name: 'Reader' }).getByRole('button', { name: 'Edit Item' }).click();
  const titleField = page.getByRole('complementary', { name: 'Edit Item' }).getByLabel('Title');
  await titleField.press('End');
  await titleField.press('j');
  await expect(titleField).toHaveValue('Middlej');
  await expect(page).toHaveURL(itemUrl(middle));
  await titleField.evaluate((el) => (el as HTMLElement).blur());
  await page.keyboard.press('j');
  await expect(page).toHaveURL(itemUrl(oldest));
});
