import { expect, type Page, test } from '@playwright/test';
import { saveBookmark as save } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

const rows = (page: Page) => page.locator('article');
/** Leaves the focus on the page itself, as after a click on empty space. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

/** Opens the palette, types, and runs the command it puts first. */
async function runCommand(page: Page, text: string, option?: RegExp) {
  await page.keyboard.press('ControlOrMeta+k');
  const box = palette(page).getByRole('combobox', { name: 'Type a command or search' });
  await expect(box).toBeFocused();
  await box.fill(text);
  if (option) await palette(page).getByRole('option', { name: option }).click();
  else await box.press('Enter');
  await expect(palette(page)).toHaveCount(0);
}

test('shortcuts move through the library, act on the focused item and go to pages', async ({ page }) => {
  const name = uniqueName('keyrow');
  await signUpByApi(page, name);
  await save(page, { url: 'https://keys.example/older', title: 'Older', unread: true });
  await save(page, { url: 'https://keys.example/newer', title: 'Newer' });
  await page.goto(`/user/${name}`);
  await expect(rows(page)).toHaveCount(2);

  // from nowhere, j takes the first row and k comes back up
  await blur(page);
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: 'Newer' })).toBeFocused();
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: 'Older' })).toBeFocused();

  // m marks the unread item read, and again unread
  await expect(rows(page).nth(1).getByText('Unread')).toHaveCount(1);
  await page.keyboard.press('m');
  await expect(page.getByText('1 item(s) has been marked as read')).toBeVisible();
  await expect(rows(page).nth(1).getByText('Unread')).toHaveCount(0);
  await page.keyboard.press('m');
  await expect(page.getByText('marked as unread')).toBeVisible();

  // e and t open the item's dialogs; Escape gives the keys back
  await page.keyboard.press('e');
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByLabel('Title')).toHaveValue('Older');
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
  await page.getByRole('link', { name: 'Newer' }).focus();
  await page.keyboard.press('t');
  await expect(page.getByRole('dialog', { name: 'Revise Tags' })).toBeVisible();
  await page.keyboard.press('Escape');

  // ? lists the shortcuts
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByText('Go to the tags')).toBeVisible();
  await expect(help.getByText('Mark as read, or as unread when it is read')).toBeVisible();
  await page.keyboard.press('Escape');

  // o opens the focused item; there e edits it, and g l / g t go to the library and the tags
  await page.getByRole('link', { name: 'Newer' }).focus();
  await page.keyboard.press('o');
  await page.waitForURL(new RegExp(`/user/${name}/b/\\d+`));
  // the item page loads on demand: its keys act once it shows the item
  await expect(page.getByRole('heading', { level: 1, name: 'Newer' })).toBeVisible();
  await blur(page);
  await page.keyboard.press('e');
  await expect(page.getByRole('dialog', { name: 'Edit Item' }).getByLabel('Title')).toHaveValue('Newer');
  await page.keyboard.press('Escape');
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await page.waitForURL(`/user/${name}/tags`);
  // the tags page has rendered (its chunks load on the way): the next keys act on it
  await expect(page.getByRole('heading', { name: `${name}'s tags` })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('l');
  await page.waitForURL(`/user/${name}`);
  await expect(rows(page)).toHaveCount(2);
});

test('keys typed in a field or a note stay text', async ({ page }) => {
  const name = uniqueName('keytype');
  await signUpByApi(page, name);
  await save(page, { url: 'https://keys.example/typed', title: 'Typed', unread: true });
  await page.goto(`/user/${name}`);

  const search = page.getByRole('combobox', { name: 'Search your library' });
  await search.click();
  await page.keyboard.type('gtjm?');
  await expect(search).toHaveValue('gtjm?');
  await expect(page).toHaveURL(new RegExp(`/user/${name}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rows(page).first().getByText('Unread')).toHaveCount(1);

  await page.goto(`/user/${name}/b/new-${Date.now()}?redirect=1`);
  const editor = page.locator('[contenteditable="true"]').first();
  await editor.click();
  await page.keyboard.type('g t e ?');
  await expect(editor).toContainText('g t e ?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/b\//);
});

test('the command palette goes to pages, searches, adds and runs item actions', async ({ page }) => {
  const name = uniqueName('keypal');
  await signUpByApi(page, name);
  await save(page, { url: 'https://keys.example/rust', title: 'Rust ownership', unread: true });
  await save(page, { url: 'https://keys.example/go', title: 'Go channels', unread: true });
  await page.goto(`/user/${name}`);
  await expect(rows(page)).toHaveCount(2);

  // go to
  await runCommand(page, 'tags');
  await page.waitForURL(`/user/${name}/tags`);
  // the tags page has rendered: a command run while its chunks still load was lost
  await expect(page.getByRole('heading', { name: `${name}'s tags` })).toBeVisible();

  // add, from another page: the library opens with the add form
  await runCommand(page, 'add a bookmark');
  await page.waitForURL(`/user/${name}`);
  await expect(page.getByRole('dialog', { name: 'Add bookmark' })).toBeVisible();
  await page.keyboard.press('Escape');

  // search
  await runCommand(page, 'rust');
  await expect(page).toHaveURL(/query=rust/);
  await expect(rows(page)).toHaveCount(1);
  await page.goBack();
  await expect(rows(page)).toHaveCount(2);

  // an action on the focused item
  await page.getByRole('link', { name: 'Go channels' }).focus();
  await page.keyboard.press('ControlOrMeta+k');
  await expect(palette(page).getByRole('option', { name: /Mark as read.*Go channels/ })).toBeVisible();
  await palette(page).getByRole('combobox').fill('mark as read');
  await palette(page).getByRole('combobox').press('Enter');
  await expect(page.getByText('1 item(s) has been marked as read')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Go channels' }).getByText('Unread')).toHaveCount(0);
  await expect(rows(page).filter({ hasText: 'Rust ownership' }).getByText('Unread')).toHaveCount(1);

  // an action on the selection: both rows, then Revise Tags from the palette
  await page.getByRole('link', { name: 'Go channels' }).focus();
  await page.keyboard.press('x');
  await page.getByRole('link', { name: 'Rust ownership' }).focus();
  await page.keyboard.press('x');
  await expect(page.getByText('2 item(s) selected')).toBeVisible();
  await page
    .getByRole('toolbar', { name: 'Bulk actions' })
    .getByRole('button', { name: 'Select all' })
    .focus();
  await runCommand(page, 'revise', /Revise Tags.*2 selected items/);
  const revise = page.getByRole('dialog', { name: 'Revise Tags' });
  await expect(revise).toBeVisible();
  await revise.getByRole('combobox', { name: 'Tags' }).fill('systems');
  await revise.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag changed successfully')).toBeVisible();
  await expect(rows(page).getByRole('link', { name: 'systems' })).toHaveCount(2);

  // the palette lists the shortcuts too, and Escape leaves it without running anything
  await runCommand(page, 'keyboard');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+k');
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/user/${name}$`));
});
