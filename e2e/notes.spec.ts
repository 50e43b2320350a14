import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { NOTE_AUTOSAVE_MS } from '../src/shared/limits.ts';
import { signUp, signUpByApi, uniqueName } from './seed.ts';

const PNG = path.resolve(import.meta.dirname, '../test/fixtures/pixel.png');

const editorText = (page: Page) => page.getByRole('textbox', { name: 'Note text' });
const titleInput = (page: Page) => page.getByRole('textbox', { name: 'Note title' });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /Sav|Upload|retry/ });

/** The next reply to a note save whose request matches `check`. */
const noteSaved = (page: Page, check: (payload: { title?: string; content?: string }) => boolean) =>
  page.waitForResponse(
    (res) => res.url().endsWith('/item/save/note') && res.ok() && check(res.request().postDataJSON()),
  );

async function itemTotal(page: Page): Promise<number> {
  const res = await page.request.get('/interact_api/load_user_items');
  return (await res.json()).total;
}

async function openNewNote(page: Page, name: string) {
  await page.goto(`/user/${name}/b/new-${Date.now()}?redirect=1`);
  await expect(editorText(page)).toBeVisible();
}

/** Pastes a picture the way a browser does: a paste event whose clipboard holds a file. */
async function pasteImage(page: Page) {
  await editorText(page).evaluate(async (el) => {
    const bytes = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
      ),
      (c) => c.charCodeAt(0),
    );
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
}

test('a new note: type, autosave, reload, images, rename', async ({ page }) => {
  const name = uniqueName('noter');
  await signUpByApi(page, name);
  await openNewNote(page, name);
  await expect(titleInput(page)).toHaveValue('untitle');

  await editorText(page).click();
  await page.keyboard.type('Hello from the note editor');
  await expect(status(page)).toHaveText(/^Saved at \d{1,2}:\d\d:\d\d$/);
  await expect(page.getByText('Note created success.')).toBeVisible();
  // the local id gave way to the server's, keeping the redirect flag
  await expect(page).toHaveURL(new RegExp(`/user/${name}/b/\\d+\\?redirect=1$`));
  await expect(titleInput(page)).toHaveValue('Hello from the');

  await page.reload();
  await expect(editorText(page)).toContainText('Hello from the note editor');

  // paste a picture: it is uploaded and embedded, and the note saved with it
  await editorText(page).click();
  await page.keyboard.press('End');
  await pasteImage(page);
  const pasted = editorText(page).locator('img[src^="/api/files/notes/"]');
  await expect(pasted).toHaveCount(1);
  await expect.poll(() => pasted.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  // the image button with a file chooser does the same
  await page.getByTestId('note-image-input').setInputFiles(PNG);
  await expect(editorText(page).locator('img[src^="/api/files/notes/"]')).toHaveCount(2);
  await expect(status(page)).toHaveText(/^Saved at/);

  // rename in the top bar: Escape reverts, Enter saves
  await titleInput(page).click();
  await titleInput(page).fill('Not this');
  await titleInput(page).press('Escape');
  await expect(titleInput(page)).toHaveValue('Hello from the');
  // the status already says Saved: only the save carrying the new title shows the rename was sent
  const renamed = noteSaved(page, (payload) => payload.title === 'My renamed note');
  await titleInput(page).click();
  await titleInput(page).fill('My renamed note');
  await titleInput(page).press('Enter');
  await renamed;
  await expect(status(page)).toHaveText(/^Saved at/);

  await page.reload();
  await expect(titleInput(page)).toHaveValue('My renamed note');
  await expect(editorText(page).locator('img')).toHaveCount(2);
  await expect(editorText(page)).toContainText('Hello from the note editor');
});

test('formatting from the toolbar is kept', async ({ page }) => {
  const name = uniqueName('former');
  await signUpByApi(page, name);
  await openNewNote(page, name);
  await editorText(page).click();
  await page.getByRole('button', { name: 'Heading 1' }).click();
  await page.keyboard.type('Big title');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bullet list' }).click();
  await page.keyboard.type('first point');
  await expect(status(page)).toHaveText(/^Saved at/);
  await page.reload();
  await expect(editorText(page).locator('h1')).toHaveText('Big title');
  await expect(editorText(page).locator('ul li')).toHaveText('first point');
});

test('an empty new note is removed when left, and one emptied before leaving too', async ({ page }) => {
  const name = uniqueName('emptier');
  await signUp(page, name);
  const before = await itemTotal(page);

  // two autosave ticks pass on the page's clock: nothing typed, nothing saved
  const saves: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/item/save/note')) saves.push(req.url());
  });
  await page.clock.install();
  await openNewNote(page, name);
  await page.clock.runFor(NOTE_AUTOSAVE_MS * 2);
  await page.getByRole('button', { name: 'Library' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${name}$`));
  expect(saves).toEqual([]);
  expect(await itemTotal(page)).toBe(before);

  await openNewNote(page, name);
  await editorText(page).click();
  await page.keyboard.type('gone soon');
  await expect(status(page)).toHaveText(/^Saved at/);
  expect(await itemTotal(page)).toBe(before + 1);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.getByRole('button', { name: 'Library' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${name}$`));
  await expect.poll(() => itemTotal(page)).toBe(before);
});

test('no keystroke lost across a quick reload; a second tab saving in between is warned about', async ({
  page,
  context,
}) => {
  const name = uniqueName('twotabs');
  await signUpByApi(page, name);
  await openNewNote(page, name);
  await editorText(page).click();
  await page.keyboard.type('first words');
  await expect(status(page)).toHaveText(/^Saved at/);
  await page.keyboard.type(' and quick ones');
  await page.reload(); // sooner than the next autosave tick
  await expect(editorText(page)).toContainText('first words and quick ones');

  const other = await context.newPage();
  await other.goto(page.url());
  await expect(editorText(other)).toContainText('first words and quick ones');
  await editorText(other).click();
  await other.keyboard.press('ControlOrMeta+End');
  await other.keyboard.type(' from tab two');
  await expect(status(other)).toHaveText(/^Saved at/);

  await editorText(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  // a tick may save part of the typing first: wait for the save holding all of it
  const allSaved = noteSaved(page, (payload) => payload.content?.includes('from tab one') ?? false);
  await page.keyboard.type(' from tab one');
  await expect(
    page.getByText('This note was changed in another tab; your version was saved over it.'),
  ).toBeVisible();
  await allSaved;
  await other.reload();
  await expect(editorText(other)).toContainText('from tab one');
  await expect(editorText(other)).not.toContainText('from tab two');
});
