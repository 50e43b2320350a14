import { expect, test } from '@playwright/test';
import { apiPost, saveBookmark } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

const QUOTE = 'Seedlings want light before they want water';

test('a visitor browses a public profile, signs in and saves an item with its highlights', async ({
  browser,
}) => {
  // the owner: two public items (one tagged, one highlighted with a sticky note) and a private one
  const ownerName = uniqueName('owner');
  const ownerCtx = await browser.newContext();
  const owner = await ownerCtx.newPage();
  await signUpByApi(owner, ownerName);
  const garden = await saveBookmark(owner, {
    url: 'https://garden.example.com/seedlings',
    title: 'Raising seedlings',
    tags: 'gardening',
  });
  await saveBookmark(owner, {
    url: 'https://cooking.example.com/bread',
    title: 'Sourdough basics',
    tags: 'cooking',
  });
  await saveBookmark(owner, {
    url: 'https://diary.example.com/private',
    title: 'My private diary',
    tags: 'secretstuff',
    private: true,
  });
  const { annotation } = await apiPost(owner, '/annotation_mana/add_annotation', {
    link_id: garden.link_id,
    shape: 0,
    content: QUOTE,
    color: 'yellow',
    selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: QUOTE, prefix: '', suffix: '' }]),
  });
  await apiPost(owner, '/annotation_mana/post_sticky_note', {
    sContent: 'Try a grow lamp',
    link_id: garden.link_id,
    ann_id: annotation.id,
    sMode: 2,
  });
  await ownerCtx.close();

  // the reader has an account, but arrives signed out
  const readerName = uniqueName('reader');
  const setup = await browser.newContext();
  await signUpByApi(await setup.newPage(), readerName);
  await setup.close();

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`/profile/${ownerName}`);
  await expect(page).toHaveTitle(`Public library - ${ownerName}`);
  await expect(page.getByText(/^Member since /)).toBeVisible();
  const list = page.getByRole('main');
  await expect(list.getByText('Raising seedlings')).toBeVisible();
  await expect(list.getByText('Sourdough basics')).toBeVisible();
  await expect(page.getByText('My private diary')).toHaveCount(0);
  await expect(page.getByText('secretstuff')).toHaveCount(0);

  // a public tag from the sidebar, then back to all
  const sidebar = page.getByRole('complementary', { name: 'Public tags' });
  await sidebar.getByRole('link', { name: /gardening/ }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${ownerName}/gardening$`));
  await expect(list.getByText('Sourdough basics')).toHaveCount(0);
  await expect(list.getByText('Raising seedlings')).toBeVisible();
  await page.getByRole('link', { name: 'Return to all' }).click();
  await expect(list.getByText('Sourdough basics')).toBeVisible();

  // Save to My Library sends the visitor to sign in, and back
  await page.getByRole('button', { name: 'Actions for Raising seedlings' }).click();
  await page.getByRole('menuitem', { name: 'Save to My Library' }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByLabel('Username or email').fill(readerName);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${ownerName}$`));

  await page.getByRole('button', { name: 'Actions for Raising seedlings' }).click();
  await page.getByRole('menuitem', { name: 'Save to My Library' }).click();
  await expect(page.getByText('1 item saved to you Library.')).toBeVisible();

  // the copy is the reader's own, with the highlight and its sticky note
  await page.goto(`/user/${readerName}`);
  await expect(page.getByText('Raising seedlings')).toBeVisible();
  await expect(page.getByText(QUOTE)).toBeVisible();
  await expect(page.getByText('Try a grow lamp')).toBeVisible();
  await ctx.close();
});
