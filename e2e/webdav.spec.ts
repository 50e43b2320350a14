import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { startWebdavPeer, type WebdavPeer } from '../test/helpers/webdav-peer.ts';
import { apiPost, saveBookmark } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

/** A real WebDAV server on 127.0.0.1 (the journeys' server allows private addresses). */
let dav: WebdavPeer;
let davUrl: string;
let root: string;

test.beforeAll(async () => {
  dav = await startWebdavPeer();
  davUrl = dav.url;
  root = dav.root;
});
test.afterAll(async () => {
  await dav.close();
});

test('connect a WebDAV folder from the Export modal and send an item there as .docx', async ({ page }) => {
  const user = uniqueName('davuser');
  await signUpByApi(page, user);
  await saveBookmark(page, { url: 'https://webdav.example/a', title: 'Cloud article' });
  await page.goto(`/user/${user}`);
  await page.getByRole('button', { name: 'Bulk Edit' }).click();
  await page.getByLabel('Select Cloud article').check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Export' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export' });
  await exportDialog.getByRole('button', { name: 'Send to WebDAV' }).click();

  // not connected yet: the connection form opens; a wrong password is refused clearly
  const form = page.getByRole('dialog', { name: 'WebDAV folder' });
  await form.getByLabel('Folder address').fill(davUrl);
  await form.getByLabel('User name').fill('ann');
  await form.getByLabel('App password').fill('wrong');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The WebDAV server refused the user name or app password.')).toBeVisible();
  await form.getByLabel('App password').fill('app-pass-1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  await exportDialog.getByRole('button', { name: 'Send to WebDAV' }).click();
  await expect(exportDialog.getByText('Saved! Open the document URL below to check it:')).toBeVisible();
  const name = 'Cloud article_via Folio.docx';
  await expect(
    exportDialog.getByRole('link', { name: `${davUrl}${encodeURIComponent(name)}` }),
  ).toBeVisible();
  expect(readdirSync(root)).toContain(name);
  const xml = new TextDecoder().decode(
    unzipSync(new Uint8Array(readFileSync(path.join(root, name))))['word/document.xml'],
  );
  expect(xml).toContain('Cloud article');
});

test('a note page offers Send an Email with the note', async ({ page }) => {
  const user = uniqueName('mailnote');
  await signUpByApi(page, user);
  const reply = await apiPost(page, '/item/save/note', {
    title: 'Mail me',
    content: '<p>Note to send</p>',
    note_type: 'rich',
    mode: 'private',
    tags: '',
    link_id: '',
  });
  await page.goto(`/user/${user}/b/${reply.items[0].link_id}`);
  await page.getByRole('button', { name: 'Send an Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send an Email' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Subject/ })).toHaveValue('Mail me');
});
