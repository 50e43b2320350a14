import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { startGoogleDrivePeer } from '../test/helpers/google-drive.ts';
import { apiPost, saveBookmark } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

/**
 * A local Google OAuth + Drive v3 peer on the port playwright.config.ts points the server at
 * (E2E_PORT + 20000), with a consent page to click through like Google's.
 */
let peer: Awaited<ReturnType<typeof startGoogleDrivePeer>>;

// the server knows the peer's port from its start: one peer, so this file's journeys run in one
// worker, in order, while the other files run beside them
test.describe.configure({ mode: 'default' });

// two sites and a full page load each way: on a loaded machine these take longer than one journey's limit
test.slow();

test.beforeAll(async () => {
  peer = await startGoogleDrivePeer({ consent: 'page', port: Number(process.env.E2E_PORT ?? 3211) + 20000 });
});
test.afterAll(async () => {
  await peer.close();
});

async function openExport(page: import('@playwright/test').Page, title: string) {
  await page.getByRole('button', { name: 'Bulk Edit' }).click();
  await page.getByLabel(`Select ${title}`).check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export' });
  await expect(dialog.getByRole('button', { name: 'As PDF' })).toBeEnabled();
  return dialog;
}

test('connect Google Drive from the Export modal and send an item there as a Google Doc', async ({
  page,
}) => {
  const name = uniqueName('gdrive');
  await signUpByApi(page, name);
  await saveBookmark(page, { url: 'https://drive.example/a', title: 'Drive article' });
  await page.goto(`/user/${name}`);
  const libraryPath = new URL(page.url()).pathname;

  // not connected yet: the connection dialog offers Google's consent
  let dialog = await openExport(page, 'Drive article');
  await dialog.getByRole('button', { name: 'To Google Drive' }).click();
  const connect = page.getByRole('dialog', { name: 'Google Drive' });
  await connect.getByRole('button', { name: 'Connect Google Drive' }).click();
  await expect(
    page.getByRole('heading', { name: 'Folio wants to access your Google Account' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Allow' }).click();

  // back on the page it left: the return notice has run once the parameter is gone from the address
  // (the notice itself lasts 5 s, shorter than a page load on a loaded machine)
  await page.waitForURL((url) => url.pathname === libraryPath && !url.search.includes('google_drive'));

  dialog = await openExport(page, 'Drive article');
  await dialog.getByRole('button', { name: 'To Google Drive' }).click();
  await expect(
    dialog.getByText('Sent to Google Drive successfully, click the url to view and edit:'),
  ).toBeVisible();
  const file = peer.files.find((f) => f.name === 'Drive article_via Folio');
  expect(file).toMatchObject({ mimeType: 'application/vnd.google-apps.document', uploadType: 'multipart' });
  await expect(
    dialog.getByRole('link', { name: `https://docs.google.com/document/d/${file!.id}/edit?usp=drivesdk` }),
  ).toBeVisible();
  const xml = new TextDecoder().decode(unzipSync(new Uint8Array(file!.body))['word/document.xml']);
  expect(xml).toContain('Drive article');

  // the settings button disconnects; the next send asks to connect again
  await dialog.getByRole('button', { name: 'Google Drive settings' }).click();
  await connect.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Google Drive connection removed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'To Google Drive' }).click();
  await expect(connect.getByRole('button', { name: 'Connect Google Drive' })).toBeVisible();
});

test('a generated report, as edited, goes to Google Drive as a Google Doc after connecting from it', async ({
  page,
}) => {
  const name = uniqueName('gdreport');
  await signUpByApi(page, name);
  const item = await saveBookmark(page, { url: 'https://drive.example/report', title: 'Report source' });
  const content = 'A passage for the report';
  await apiPost(page, '/annotation_mana/add_annotation', {
    link_id: item.link_id,
    shape: 0,
    content,
    color: 'yellow',
    selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: content }]),
  });
  await page.goto(`/user/${name}`);
  const libraryPath = new URL(page.url()).pathname;
  const openReport = async () => {
    await page.getByRole('button', { name: 'Bulk Edit' }).click();
    await page.getByLabel('Select Report source').check();
    await page
      .getByRole('toolbar', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Generate Report' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Generate Report' });
    await expect(dialog.getByRole('textbox', { name: 'Report content' })).toContainText(content);
    return dialog;
  };

  // not connected yet: the report offers Google's consent, as the Export modal does
  let dialog = await openReport();
  await dialog.getByRole('button', { name: 'Send to Google Drive' }).click();
  await page
    .getByRole('dialog', { name: 'Google Drive' })
    .getByRole('button', { name: 'Connect Google Drive' })
    .click();
  await page.getByRole('link', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.pathname === libraryPath && !url.search.includes('google_drive'));

  dialog = await openReport();
  await dialog.getByLabel('Title').fill('My drive report');
  const editor = dialog.getByRole('textbox', { name: 'Report content' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Edited for the drive.');
  await dialog.getByRole('button', { name: 'Send to Google Drive' }).click();
  const saving = page.getByRole('dialog', { name: 'Send to Google Drive' });
  await expect(saving.getByText('Saved! Open the Google Doc URL below to check it:')).toBeVisible();
  const file = peer.files.find((f) => f.name === 'My drive report_via Folio');
  expect(file).toMatchObject({
    mimeType: 'application/vnd.google-apps.document',
    mediaType: expect.stringMatching(/^text\/html/),
  });
  await expect(
    saving.getByRole('link', { name: `https://docs.google.com/document/d/${file!.id}/edit?usp=drivesdk` }),
  ).toBeVisible();
  const html = file!.body.toString('utf8');
  expect(html).toContain('<h1>My drive report</h1>');
  expect(html).toContain(content);
  expect(html).toContain('Edited for the drive.');
});

test('a note page saves the note to Google Drive; a revoked grant says Save failed! and closes', async ({
  page,
}) => {
  const user = uniqueName('gdnote');
  await signUpByApi(page, user);
  const reply = await apiPost(page, '/item/save/note', {
    title: 'Drive note',
    content: '<p>Note for the drive</p>',
    note_type: 'rich',
    mode: 'private',
    tags: '',
    link_id: '',
  });
  const notePath = `/user/${user}/b/${reply.items[0].link_id}`;
  await page.goto(notePath);
  await page.getByRole('button', { name: 'Save to Google Drive' }).click();
  await page
    .getByRole('dialog', { name: 'Google Drive' })
    .getByRole('button', { name: 'Connect Google Drive' })
    .click();
  await page.getByRole('link', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.pathname === notePath && !url.search.includes('google_drive'));

  await page.getByRole('button', { name: 'Save to Google Drive' }).click();
  const saving = page.getByRole('dialog', { name: 'Save to Google Drive' });
  await expect(saving.getByText('Saved! Open the Google Doc URL below to check it:')).toBeVisible();
  const file = peer.files.find((f) => f.name === 'Drive note_via Folio');
  expect(file?.mimeType).toBe('application/vnd.google-apps.document');
  await expect(saving.getByRole('link', { name: /docs\.google\.com\/document\/d\// })).toBeVisible();
  const xml = new TextDecoder().decode(unzipSync(new Uint8Array(file!.body))['word/document.xml']);
  expect(xml).toContain('Note for the drive');
  await page.keyboard.press('Escape');
  await expect(saving).toBeHidden();

  // the user revoked Folio in their Google account
  peer.revoke(file!.grant);
  peer.expireAccessTokens();
  await page.getByRole('button', { name: 'Save to Google Drive' }).click();
  await expect(saving.getByText('Save failed!')).toBeVisible();
  await expect(saving).toBeHidden();
});
