import { expect, test } from '@playwright/test';
import { saveBookmark } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

// Free plans see a house ad at list position 3: in the cards view it must not leave a hole in the grid.
test('the cards view of a free user fills every slot of the first row, the ad taking one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = uniqueName('adgrid');
  await signUpByApi(page, name);
  for (let i = 1; i <= 8; i += 1)
    await saveBookmark(page, { url: `https://cards.example.com/${i}`, title: `Card ${i}` });
  await page.goto(`/user/${name}`);
  await page.getByRole('button', { name: 'Cards', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Cards', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const ad = page.getByRole('complementary', { name: 'Advertisement' }).filter({ hasText: 'Remove Ads' });
  await expect(ad).toBeVisible();

  const layout = await ad.evaluate((el) => {
    const grid = el.parentElement!;
    const columns = getComputedStyle(grid).gridTemplateColumns.split(' ').length;
    const cells = [...grid.children].map((c) => c.getBoundingClientRect());
    const firstTop = cells[0]!.top;
    return {
      template: getComputedStyle(grid).gridTemplateColumns,
      width: grid.clientWidth,
      columns,
      firstRow: cells.filter((c) => Math.abs(c.top - firstTop) < 1).length,
    };
  });
  expect(layout.columns, JSON.stringify(layout)).toBeGreaterThan(2);
  expect(layout.firstRow).toBe(layout.columns);
});
