import { expect, type Page, test } from '@playwright/test';
import { apiPost, mailWith, pageSite, saveBookmark, waitForCapture } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

// The page shared comes from a real HTTP server on 127.0.0.1 (the app runs with FETCH_ALLOW_PRIVATE=1).
const ARTICLE = `<!doctype html><html><head><title>Night Sky</title></head><body><main><article>
<h1>Night Sky</h1>
<p>Find the Pole Star by following the two pointer stars of the Plough upwards.</p>
<p>On a clear night away from towns the Milky Way crosses the whole sky.</p>
</article></main></body></html>`;

const site = pageSite(ARTICLE);

/** A private captured page with one highlight, as the reader makes it. */
async function privateHighlightedPage(page: Page, title: string) {
  const item = await saveBookmark(page, {
    url: `${site.url}/sky-${title.length}.html`,
    title,
    private: true,
  });
  await waitForCapture(page, item.link_id);
  await apiPost(page, '/annotation_mana/add_annotation', {
    link_id: item.link_id,
    shape: 0,
    content: 'following the two pointer stars',
    color: 'yellow',
    selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: 'following the two pointer stars' }]),
  });
  return item;
}

async function itemMenu(page: Page, title: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

test('a share link opens a private page signed out, then stops working once revoked', async ({
  page,
  browser,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = uniqueName('sharer');
  await signUpByApi(page, name);
  await privateHighlightedPage(page, 'Night Sky');
  await page.goto(`/user/${name}`);

  await itemMenu(page, 'Night Sky', 'Share');
  const dialog = page.getByRole('dialog', { name: 'Share page with annotations' });
  // opening Share makes no link: the owner asks for one
  await expect(dialog.getByText('This page has no share link.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create link', exact: true }).click();
  const link = await dialog.getByLabel('Share link', { exact: true }).inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]{22}$/);
  await dialog.getByRole('button', { name: 'Copy Share link' }).click();
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Night Sky', level: 1 }).first()).toBeVisible();
  await expect(other.getByText(`Shared by ${name}, read-only`)).toBeVisible();
  await expect(other.getByText('Milky Way crosses the whole sky')).toBeVisible();
  const notes = other.getByRole('region', { name: 'Highlights and notes' });
  await expect(notes.getByText('following the two pointer stars')).toBeVisible();
  // a visitor is not signed in by it
  await expect(other.getByRole('button', { name: /^Account menu for/ })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog.getByText('The link is revoked')).toBeVisible();
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Item not found' })).toBeVisible();

  // a new link works, the old one stays gone
  await dialog.getByRole('button', { name: 'Create a new link' }).click();
  const fresh = await dialog.getByLabel('Share link', { exact: true }).inputValue();
  expect(fresh).not.toBe(link);
  await other.goto(fresh);
  await expect(other.getByText('Milky Way crosses the whole sky')).toBeVisible();
  await visitor.close();
});

test('sends an item by e-mail with its highlight and share link', async ({ page }) => {
  const name = uniqueName('mailer');
  await signUpByApi(page, name);
  await privateHighlightedPage(page, 'Star Guide');
  await page.goto(`/user/${name}`);

  await itemMenu(page, 'Star Guide', 'Send an Email');
  const dialog = page.getByRole('dialog', { name: 'Send an Email' });
  // every highlight goes with the mail (checked in the mail below)
  await expect(dialog.getByText('Its highlight goes with the e-mail.')).toBeVisible();
  await dialog.getByLabel('Subject').fill('');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByText('Please fill subject')).toBeVisible();
  await expect(dialog.getByText('Please fill valid email address.')).toBeVisible();

  const to = dialog.getByLabel('To', { exact: true });
  await to.fill('stargazer@example.org');
  await to.press('Enter');
  await to.fill('stargazer@example.org');
  await to.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Remove stargazer@example.org' })).toHaveCount(1);
  await dialog.getByLabel('Subject').fill('Look up <tonight>');
  await dialog.getByLabel('Message').fill('Clear skies & a full moon.');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Email has been sent.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await mailWith('To: stargazer@example.org');
  expect(mail).toContain('Clear skies &amp; a full moon.');
  expect(mail).toContain('following the two pointer stars');
  const shareLink = /http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]{22}/.exec(mail)![0];
  // the recipient opens the private item through it
  const res = await page.request.get(shareLink.replace(/\/s\//, '/api/sharing/shared/'));
  expect((await res.json()).item.title).toBe('Star Guide');

  // the address is now a contact
  await itemMenu(page, 'Star Guide', 'Send an Email');
  await expect(
    page
      .getByRole('dialog', { name: 'Send an Email' })
      .getByRole('list', { name: 'Contacts' })
      .getByText('stargazer@example.org'),
  ).toBeVisible();
});
