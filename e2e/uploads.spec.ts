import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { SEEDED, signIn, signUp, uniqueName } from './seed.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'test', 'fixtures', 'uploads');
const fixture = (name: string) => path.join(FIXTURES, name);

async function openAdd(page: Page, kind: 'PDF' | 'Image') {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: kind, exact: true }).click();
}

const fileRow = (page: Page, name: string) =>
  page.getByRole('dialog').getByRole('listitem', { name, exact: true });

test('uploading PDFs: checks, duplicates, progress, a failure retried, then the reader highlights a line with a sticky note', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = uniqueName('pdfs');
  await signUp(page, name);

  await openAdd(page, 'PDF');
  const dialog = page.getByRole('dialog', { name: 'Upload PDF' });
  await expect(dialog).toBeVisible();
  const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeDisabled();

  const chooser = dialog.getByLabel('Choose PDF files');
  await chooser.setInputFiles([fixture('field-guide.pdf'), fixture('not-a-pdf.txt')]);
  // the non-PDF is listed with its error and is not a valid file: still nothing to upload
  await expect(fileRow(page, 'not-a-pdf.txt')).toContainText('Format error: not a PDF.');
  await expect(upload).toBeEnabled();
  // a second pick with a duplicate: it is silently ignored
  await chooser.setInputFiles([
    fixture('field-guide.pdf'),
    fixture('river-notes.pdf'),
    fixture('tea-recipes.pdf'),
  ]);
  const rows = dialog.getByRole('list', { name: 'Files to upload' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'field-guide.pdf' })).toHaveCount(1);

  // the invalid file may be removed while pending
  await dialog.getByRole('button', { name: 'Remove not-a-pdf.txt' }).click();
  await expect(rows).toHaveCount(3);

  // hold the first file's request so its progress is seen, and make one of them fail on the network
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/item/save', async (route) => {
    const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
    if (body.includes('tea-recipes.pdf')) return route.abort();
    if (body.includes('field-guide.pdf')) await held;
    await route.continue();
  });

  await upload.click();
  const firstBar = dialog.getByRole('progressbar', { name: 'Upload of field-guide.pdf' });
  await expect(firstBar).toHaveAttribute('aria-valuetext', /^\d+%$/);
  // a file being sent cannot be removed
  await expect(dialog.getByRole('button', { name: 'Remove field-guide.pdf' })).toHaveCount(0);
  release();
  await expect(firstBar).toHaveAttribute('aria-valuetext', 'Uploaded');
  await expect(dialog.getByRole('progressbar', { name: 'Upload of river-notes.pdf' })).toHaveAttribute(
    'aria-valuetext',
    'Uploaded',
  );
  const failed = fileRow(page, 'tea-recipes.pdf');
  await expect(failed).toContainText('Upload Error');
  await expect(failed).toContainText('Upload failed.');
  // the modal stays open while something failed
  await expect(dialog).toBeVisible();

  // Retry failed sends only the failed file; then the PDF modal closes by itself
  await page.unroute('**/item/save');
  const sent: string[] = [];
  await page.route('**/item/save', async (route) => {
    sent.push(route.request().postDataBuffer()?.includes('tea-recipes.pdf') ? 'tea' : 'other');
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Retry failed' }).click();
  await expect(dialog).toBeHidden();
  expect(sent).toEqual(['tea']);
  await page.unroute('**/item/save');

  // the three PDFs are in the library
  const items = page.getByRole('region', { name: 'Items' });
  for (const title of ['field-guide.pdf', 'river-notes.pdf', 'tea-recipes.pdf']) {
    await expect(items.getByRole('link', { name: title, exact: true })).toBeVisible();
  }

  // open one in the reader: pdf.js draws its pages with selectable text
  await items.getByRole('link', { name: 'field-guide.pdf', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${name}/b/\\d+$`));
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  const page1 = page.getByRole('region', { name: 'Page 1' });
  await expect(page1).toHaveAttribute('data-text-ready', 'true');
  const line = page1.locator('[data-text-layer] span', {
    hasText: 'The robin sings from the hedge at dawn.',
  });
  await expect(line).toHaveCount(1);

  // zoom changes the scale
  const zoomText = page.locator('header').getByText(/^\d+%$/);
  const before = await zoomText.textContent();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoomText).not.toHaveText(before ?? '');
  await expect(page1).toHaveAttribute('data-text-ready', 'true');

  // select the line and highlight it
  await line.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
  });
  await line.dispatchEvent('mouseup');
  await page
    .getByRole('toolbar', { name: 'Highlight the selection' })
    .getByRole('button', { name: 'Green' })
    .click();
  const mark = page1.locator('mark[data-ann-id]');
  await expect(mark).toHaveText('The robin sings from the hedge at dawn.');
  await expect(mark).toHaveAttribute('data-color', 'green');

  // a sticky note and a new colour on the highlight
  await mark.click();
  const panel = page.getByRole('toolbar', { name: 'Highlight' });
  await panel.getByRole('button', { name: 'Add sticky note' }).click();
  await panel.getByRole('textbox', { name: 'Sticky note' }).fill('Heard it on Tuesday');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toBeHidden();
  await mark.click();
  await expect(panel.getByText('Heard it on Tuesday')).toBeVisible();
  await panel.getByRole('button', { name: 'Pink' }).click();
  await expect(mark).toHaveAttribute('data-color', 'pink');

  // drawn again after a reload, from the stored selectors, with its note
  await page.reload();
  const redrawn = page.getByRole('region', { name: 'Page 1' }).locator('mark[data-ann-id]');
  await expect(redrawn).toHaveText('The robin sings from the hedge at dawn.');
  await expect(redrawn).toHaveAttribute('data-color', 'pink');
  await redrawn.click();
  await expect(panel.getByText('Heard it on Tuesday')).toBeVisible();
  await panel.getByRole('button', { name: 'Delete sticky note' }).click();
  await expect(page.getByText('Remove the sticky note successfully.')).toBeVisible();
  await redrawn.click();
  await panel.getByRole('button', { name: 'Delete highlight' }).click();
  await expect(page.getByText('Delete annotation done')).toBeVisible();
  await expect(redrawn).toHaveCount(0);
});

test('uploading images, the grid, the preview modal and the image view', async ({ page }) => {
  test.setTimeout(120_000);
  const name = uniqueName('imgs');
  await signUp(page, name);

  await openAdd(page, 'Image');
  const dialog = page.getByRole('dialog', { name: 'Upload Image' });
  await dialog
    .getByLabel('Choose images')
    .setInputFiles([fixture('blue-square.png'), fixture('orange-tall.jpg'), fixture('green.webp')]);
  // webp is not one of the allowed types: ignored without a word
  const rows = dialog.getByRole('list', { name: 'Files to upload' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Upload of blue-square.png' })).toHaveAttribute(
    'aria-valuetext',
    'Uploaded',
  );
  await expect(dialog.getByRole('progressbar', { name: 'Upload of orange-tall.jpg' })).toHaveAttribute(
    'aria-valuetext',
    'Uploaded',
  );
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();
  // the thumbnails are made by a background job; the grid is opened once they are there (a job
  // finished before the page's live socket opened would reach the page only on a reload)
  await expect
    .poll(
      async () => {
        const { items } = await (await page.request.get('/interact_api/load_user_items?type=image')).json();
        return items.filter((item: { thumbnail_url: string }) => item.thumbnail_url).length;
      },
      { timeout: 60_000 },
    )
    .toBe(2);

  // the Images filter shows the grid of thumbnails, titles cut to 15 characters
  await page.goto(`/user/${name}?filter=image`);
  const grid = page.getByRole('list', { name: 'Images' });
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(grid.getByRole('link', { name: 'orange-tall_1.j…' })).toBeVisible();
  const thumbs = grid.locator('img');
  await expect(thumbs.first()).toHaveAttribute('src', /\/thumb\/550$/);
  await expect
    .poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // the preview: newest first, so the jpg opens first; next reaches the end
  await grid.getByRole('button', { name: 'Preview orange-tall_1.jpg' }).click();
  const preview = page.getByRole('dialog', { name: 'orange-tall_1.jpg' });
  await expect(preview).toBeVisible();
  const picture = preview.getByRole('img', { name: 'orange-tall_1.jpg' });
  await expect(picture).toHaveAttribute('data-rotation', '0');
  await preview.getByRole('button', { name: 'Rotate right' }).click();
  await expect(picture).toHaveAttribute('data-rotation', '90');
  await preview.getByRole('button', { name: 'Rotate left' }).click();
  await preview.getByRole('button', { name: 'Rotate left' }).click();
  await expect(picture).toHaveAttribute('data-rotation', '270');
  await expect(preview.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'href',
    /\/file\?download=1$/,
  );

  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'blue-square_1.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Next picture' }).click();
  const noMore = page.getByRole('status').filter({ hasText: 'No more pictures !' });
  await expect(noMore).toBeVisible();
  // going back hides the box after a second
  await page.getByRole('button', { name: 'Previous picture' }).click();
  await expect(page.getByRole('dialog', { name: 'orange-tall_1.jpg' })).toBeVisible();
  await expect(noMore).toBeVisible();
  await expect(noMore).toBeHidden({ timeout: 3000 });
  // the rotation was kept
  await expect(page.getByRole('img', { name: 'orange-tall_1.jpg' })).toHaveAttribute('data-rotation', '270');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // the image's own view keeps the rotation after a reload (saved with the item)
  await grid.getByRole('link', { name: 'orange-tall_1.j…' }).click();
  await expect(page.getByRole('img', { name: 'orange-tall_1.jpg' })).toHaveAttribute('data-rotation', '270');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('img', { name: 'orange-tall_1.jpg' })).toHaveAttribute('data-rotation', '270');
});

test('at the PDF quota Add > PDF says Account Limit Reached; past the image quota Add > Image says Over quota', async ({
  page,
}) => {
  await signIn(page, SEEDED.quota.name, SEEDED.quota.password);
  await page.waitForURL(`/user/${SEEDED.quota.name}`);

  await openAdd(page, 'PDF');
  const limit = page.getByRole('dialog', { name: 'Account Limit Reached' });
  await expect(limit).toContainText(
    'You have reached the limit on your current plan. Please upgrade your account to upload more PDF files.',
  );
  await expect(limit.getByRole('button', { name: 'Go upgrade' })).toBeVisible();
  await limit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Upload PDF' })).toBeHidden();

  await openAdd(page, 'Image');
  const over = page.getByRole('dialog', { name: 'Over quota' });
  await expect(over).toContainText('Your Image number is over quota');
  await expect(over.getByRole('link', { name: 'Upgrade Now!' })).toBeVisible();
});
