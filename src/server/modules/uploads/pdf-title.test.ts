import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../../../test/factories/uploads.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { pdfTitle } from './pdf-text.ts';

/** A PDF's title comes from its metadata when it has one, not from its file name (issue 27). */
let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.signUp();
});
afterAll(() => t.close());

/**
 * A PDF made by pdfkit with this Info dictionary title, or with a title only in its XMP metadata
 * (dc:title; pdfkit writes the XMP from the info after it wrote the Info dictionary).
 */
function pdf(title: { info?: string; xmp?: string }): Promise<Buffer> {
  const doc = new PDFDocument({ pdfVersion: '1.7', info: title.info ? { Title: title.info } : {} });
  const withXmp = doc as unknown as { endMetadata(): void; info: Record<string, unknown> };
  const endMetadata = withXmp.endMetadata.bind(doc);
  withXmp.endMetadata = () => {
    if (title.xmp) withXmp.info.Title = title.xmp;
    endMetadata();
  };
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text('The water of the eastern reservoirs met every standard in all four quarters.');
  doc.end();
  return done;
}

async function titleAfterJobs(file: Buffer, filename: string, before?: (linkId: number) => Promise<void>) {
  const saved = (await uploadFile(client, file, { filename })).json().items[0];
  expect(saved.title).toBe(filename);
  await before?.(saved.link_id);
  await t.jobs.runDueJobs();
  const item = await client.get('/interact_api/load_user_item', { link_id: String(saved.link_id) });
  return item.json().items[0].title as string;
}

describe("an uploaded PDF's title", () => {
  it("is the Info dictionary's Title", async () => {
    const file = await pdf({ info: 'Quarterly water quality report, 2024' });
    expect(await titleAfterJobs(file, 'scan_0042.pdf')).toBe('Quarterly water quality report, 2024');
  });

  it('is the XMP dc:title when only the XMP metadata has one', async () => {
    const file = await pdf({ xmp: 'Reservoir levels and rainfall' });
    expect(file.includes('/Title')).toBe(false);
    expect(await titleAfterJobs(file, 'levels.pdf')).toBe('Reservoir levels and rainfall');
  });

  it('stays the file name when the metadata has no title, or an empty one', async () => {
    expect(await titleAfterJobs(await pdf({}), 'minutes-march.pdf')).toBe('minutes-march.pdf');
    expect(await titleAfterJobs(await pdf({ info: '  ' }), 'blank.pdf')).toBe('blank.pdf');
  });

  it('never replaces a title the user gave meanwhile', async () => {
    const file = await pdf({ info: 'Report' });
    const rename = async (linkId: number) => {
      const res = await client.post('/item/save/bookmark', { link_id: linkId, title: 'My own name' });
      expect(res.statusCode).toBe(200);
    };
    expect(await titleAfterJobs(file, 'report.pdf', rename)).toBe('My own name');
  });
});

describe('the title read from the metadata', () => {
  it.each([
    [['Report', 'Other'], 'Report'],
    [[undefined, '  Minutes\n of  March '], 'Minutes of March'],
    [['Untitled', ''], null],
    [['\u202Efdp.exe'], 'fdp.exe'],
    [['Broken \ufffd'], null],
    [[], null],
  ])('%j gives %j', (titles, title) => {
    expect(pdfTitle(titles)).toBe(title);
  });
});
