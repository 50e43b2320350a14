import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHighlight } from '../../../../test/factories/annotations.ts';
import { saveBookmark, saveNote } from '../../../../test/factories/items.ts';
import { fixture, uploadFile } from '../../../../test/factories/uploads.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let page: number;
let note: number;
let image: number;
let bobs: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
  page = (
    await saveBookmark(alice, { title: 'Résumé — שלום', tags: 'reading export', description: 'About it' })
  ).link_id;
  for (const color of ['yellow', 'blue', 'green', 'pink'] as const) {
    await addHighlight(alice, page, { content: `A ${color} passage`, color, note: `Thought on ${color}` });
  }
  note = await saveNote(alice, {
    title: 'My note',
    content: '<p>First paragraph</p><p>Second &amp; last</p>',
  });
  const uploaded = await uploadFile(alice, fixture('photo.jpg'), {
    url: '/item/save/image',
    filename: 'photo.jpg',
  });
  image = uploaded.json().items[0].link_id;
  await t.jobs.runDueJobs();
  bobs = (await saveBookmark(bob, { title: 'Bob public page', private: false })).link_id;
});
afterAll(() => t.close());

const exportItems = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/export/items', body);

async function rowCounts() {
  const [row] = await queryRows<{ items: number; jobs: number }>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM items) AS items, (SELECT count(*)::int FROM jobs) AS jobs`,
  );
  return row;
}

describe('POST /api/export/items', () => {
  it('answers a PDF attachment named export.pdf', async () => {
    const res = await exportItems(alice, { link_ids: `${page},${note},${image}`, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment; filename="export.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
  });

  it('answers a Word document named export.docx holding the items, highlights, notes and the picture', async () => {
    const res = await exportItems(alice, { link_ids: [page, note, image], format: 'doc' });
    expect(res.statusCode).toBe(200);
    // the name says what the bytes are (a .docx), so Word and LibreOffice open it without a warning
    // about a file whose format and extension do not match (docs/decisions.md)
    expect(res.headers['content-disposition']).toContain('attachment; filename="export.docx"');
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(new TextDecoder().decode(files['[Content_Types].xml'])).toContain(
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"',
    );
    const xml = new TextDecoder().decode(files['word/document.xml']);
    expect(xml).toContain('Résumé — שלום');
    expect(xml).toContain('A pink passage');
    expect(xml).toContain('Thought on green');
    expect(xml).toContain('Second &amp; last');
    expect(Object.keys(files).some((f) => f.startsWith('word/media/'))).toBe(true);
  });

  it('answers one item as export.md and several as export.zip', async () => {
    const one = await exportItems(alice, { link_ids: String(page), format: 'md' });
    expect(one.headers['content-disposition']).toContain('filename="export.md"');
    expect(one.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(one.body).toContain('tags: ["reading", "export"]');
    expect(one.body).toContain('> A blue passage');
    expect(one.body).toContain('**Note:** Thought on blue');
    const many = await exportItems(alice, { link_ids: `${page},${note}`, format: 'md' });
    expect(many.headers['content-disposition']).toContain('filename="export.zip"');
    expect(Object.keys(unzipSync(new Uint8Array(many.rawPayload))).sort()).toEqual([
      'My note.md',
      'Résumé — שלום.md',
    ]);
  });

  it("refuses another user's items, even public ones, and a mix of own and theirs", async () => {
    for (const format of ['pdf', 'doc', 'md']) {
      const theirs = await exportItems(alice, { link_ids: String(bobs), format });
      expect(theirs.statusCode).toBe(404);
      const mixed = await exportItems(alice, { link_ids: `${page},${bobs}`, format });
      expect(mixed.statusCode).toBe(404);
      expect(mixed.headers['content-disposition']).toBeUndefined();
    }
    const missing = await exportItems(alice, { link_ids: '999999', format: 'pdf' });
    expect(missing.statusCode).toBe(404);
  });

  it('asks a visitor to sign in', async () => {
    expect((await exportItems(t.visitor(), { link_ids: String(page), format: 'pdf' })).statusCode).toBe(401);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await rowCounts();
    for (const body of [
      { link_ids: String(page), format: 'docx' },
      { link_ids: String(page) },
      { link_ids: '', format: 'pdf' },
      { link_ids: 'abc', format: 'pdf' },
      { link_ids: '-1', format: 'md' },
      { format: 'pdf' },
      { link_ids: Array.from({ length: 1001 }, (_, i) => i + 1).join(','), format: 'pdf' },
    ]) {
      const res = await exportItems(alice, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().code).toBe(-1);
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('POST /api/export/preview', () => {
  it('answers the items as escaped HTML and plain text', async () => {
    const evil = (await saveBookmark(alice, { title: '<img src=x onerror=alert(1)>' })).link_id;
    const res = await alice.post('/api/export/preview', { link_ids: `${page},${evil}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(1);
    expect(body.title).toBe('Report on 2 items');
    expect(body.html).toContain('<mark data-color="green">A green passage</mark>');
    expect(body.html).not.toContain('<img');
    expect(body.text).toContain('Note: Thought on pink');
  });

  it("refuses another user's items and bad input", async () => {
    expect((await bob.post('/api/export/preview', { link_ids: String(page) })).statusCode).toBe(404);
    expect((await alice.post('/api/export/preview', { link_ids: 'x' })).statusCode).toBe(400);
  });
});
