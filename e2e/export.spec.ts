import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { startXmlRpcBlog } from '../test/helpers/xmlrpc-blog.ts';
import { apiPost, saveBookmark } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

const COLORS = ['yellow', 'blue', 'green'] as const;

/** Three bookmarks, each with a highlight (in its own colour) and a sticky note on it; then the library. */
async function seedAnnotated(page: Page, name: string) {
  for (const [i, title] of ['First', 'Second', 'Third'].entries()) {
    const item = await saveBookmark(page, { url: `https://export.example/${i}`, title: `${title} article` });
    const content = `${title} highlighted passage`;
    const { annotation } = await apiPost(page, '/annotation_mana/add_annotation', {
      link_id: item.link_id,
      shape: 0,
      content,
      color: COLORS[i],
      selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: content }]),
    });
    await apiPost(page, '/annotation_mana/post_sticky_note', {
      sContent: `${title} thought`,
      link_id: item.link_id,
      ann_id: annotation.id,
      sMode: 2,
    });
  }
  await page.goto(`/user/${name}`);
}

async function selectAll(page: Page) {
  await page.getByRole('button', { name: 'Bulk Edit' }).click();
  for (const title of ['First', 'Second', 'Third']) await page.getByLabel(`Select ${title} article`).check();
  await expect(page.getByText('3 item(s) selected')).toBeVisible();
  return page.getByRole('toolbar', { name: 'Bulk actions' });
}

async function pdfText(bytes: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) text += `${item.str} `;
  }
  return text.replace(/\s+/g, ' ');
}

test('export three annotated items as PDF and Word, then to a note', async ({ page }) => {
  const name = uniqueName('exporter');
  await signUpByApi(page, name);
  await seedAnnotated(page, name);
  const bar = await selectAll(page);
  await bar.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export 3 items' });
  // the buttons wait for the preview
  await expect(dialog.getByRole('button', { name: 'As PDF' })).toBeEnabled();
  // the journeys' server has a Google OAuth client (e2e/google-drive.spec.ts)
  await expect(dialog.getByRole('button', { name: 'To Google Drive' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('region', { name: 'Export preview' })).toContainText(
    'Second highlighted passage',
  );

  const pdfDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'As PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('export.pdf');
  const pdfBytes = readFileSync(await pdf.path());
  const text = await pdfText(pdfBytes);
  for (const title of ['First', 'Second', 'Third']) {
    expect(text).toContain(`${title} article`);
    expect(text).toContain(`${title} highlighted passage`);
    expect(text).toContain(`Note: ${title} thought`);
  }

  const wordDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'As MS-Word' }).click();
  const word = await wordDownload;
  expect(word.suggestedFilename()).toBe('export.docx');
  const files = unzipSync(new Uint8Array(readFileSync(await word.path())));
  const xml = new TextDecoder().decode(files['word/document.xml']);
  for (const title of ['First', 'Second', 'Third']) expect(xml).toContain(`${title} highlighted passage`);

  await dialog.getByRole('button', { name: 'Export to note' }).click();
  await expect(page.getByText('Note created success.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user/${name}/d/\\d+$`));
  await expect(page.getByRole('textbox', { name: 'Note text' })).toContainText('Third highlighted passage');
  await expect(page.getByRole('textbox', { name: 'Note title' })).toHaveValue('Export from library');
});

test('generate a report, edit it and save it as a note', async ({ page }) => {
  const name = uniqueName('reporter');
  await signUpByApi(page, name);
  await seedAnnotated(page, name);
  const bar = await selectAll(page);
  await bar.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Report' });
  const content = dialog.getByRole('textbox', { name: 'Report content' });
  await expect(content).toContainText('First highlighted passage');
  await expect(dialog.getByText('Generating content...')).toHaveCount(0);
  await expect(dialog.getByLabel('Title')).toHaveValue('Report on 3 items');
  // 480 px high: its layout height (the dialog's opening animation scales what boundingBox sees)
  expect(await dialog.getByTestId('report-editor').evaluate((el) => (el as HTMLElement).offsetHeight)).toBe(
    480,
  );
  await dialog.getByLabel('Title').fill('My weekly report');
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Edited conclusion.');
  await expect(content).toContainText('Edited conclusion.');
  await expect(dialog.getByRole('button', { name: /Publish to blog/ })).toBeEnabled();

  await dialog.getByRole('button', { name: 'Export to note' }).click();
  await expect(page.getByText('Note created success.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user/${name}/d/\\d+$`));
  const note = page.getByRole('textbox', { name: 'Note text' });
  await expect(note).toContainText('My weekly report');
  await expect(note).toContainText('Edited conclusion.');
});

test('generate a report, edit it and publish it to a test blog', async ({ page }) => {
  const blog = await startXmlRpcBlog({ user: 'writer', password: 'pa55-word' });
  try {
    const name = uniqueName('blogger');
    await signUpByApi(page, name);
    await seedAnnotated(page, name);
    const bar = await selectAll(page);
    await bar.getByRole('button', { name: 'Generate Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Report' });
    await expect(dialog.getByRole('textbox', { name: 'Report content' })).toContainText(
      'First highlighted passage',
    );
    await dialog.getByLabel('Title').fill('Published report');
    await dialog.getByRole('button', { name: 'Publish to blog' }).click();

    const publish = page.getByRole('dialog', { name: 'Publish to blog' });
    const form = publish.getByRole('form', { name: 'Add a blog' });
    await form.getByLabel('Label').fill('Test blog');
    await form.getByLabel('Blog URL').fill('http://blog.test/');
    await form.getByLabel('API end point').fill(blog.url);
    await form.getByLabel('User name').fill('writer');
    await form.getByLabel('Password').fill('pa55-word');
    await form.getByRole('button', { name: 'Add blog' }).click();
    const choice = publish.getByRole('checkbox', { name: /Test blog/ });
    await expect(choice).toBeEnabled();
    await choice.check();
    await publish.getByRole('checkbox', { name: 'As draft' }).check();
    await publish.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Published to blog success!')).toBeVisible();
    expect(blog.posts).toHaveLength(1);
    expect(blog.posts[0]).toMatchObject({ content: { title: 'Published report' }, publish: false });
    expect(String(blog.posts[0]!.content.description)).toContain('First highlighted passage');
  } finally {
    await blog.close();
  }
});
