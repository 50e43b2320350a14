import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { startTestSite, type TestSite } from '../../../../test/helpers/test-site.ts';

let t: TestApp;
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1' });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

interface Annotation {
  content: string;
  anchored: boolean;
  selector: { type: string; exact?: string; prefix?: string; start?: number; end?: number }[];
}

const FOUND = 'Choose a container of at least twenty litres.';
// the passage as it was when highlighted; the page now says "feed weekly"
const CHANGED = 'Once the first truss sets fruit, water weekly with a high-potash liquid feed.';
const NOW = 'Once the first truss sets fruit, feed weekly with a high-potash liquid feed.';
const MISSING = 'Tomatoes prefer the shade of a north-facing wall.';

describe('imported highlights on the captured page copy', () => {
  it('are anchored where their passage is (also after a small edit), and stay orphans otherwise, never placed on other text', async () => {
    const ada = await t.signUp();
    const csv = [
      'id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite',
      `1,Tomatoes,,,${site.url('/article.html')},,,2024-01-02T03:04:05Z,,"Highlight: ${FOUND}
Highlight: ${CHANGED}
Highlight: ${MISSING}",false`,
    ].join('\n');
    const { payload, headers } = multipartBody([
      { name: 'file', value: Buffer.from(csv), filename: 'raindrop.csv', contentType: 'text/csv' },
    ]);
    const started = await ada.request({ method: 'POST', url: '/api/import', payload, headers });
    expect(started.statusCode, started.body).toBe(200);

    const listed = async () =>
      (await ada.get('/interact_api/load_user_items')).json().items[0] as {
        link_id: number;
        annotations: Annotation[];
      };
    // the import ran, the capture not yet: nothing is anchored
    await t.jobs.runDueJobs();
    const item = await listed();
    const reader = (await ada.get('/api/items/reader', { link_id: String(item.link_id) })).json();
    expect(reader.status).toBe('done');
    const after = (await listed()).annotations;
    const byQuote = new Map(after.map((a) => [a.content, a]));

    const found = byQuote.get(FOUND)!;
    expect(found.anchored).toBe(true);
    const position = found.selector.find((s) => s.type === 'TextPositionSelector')!;
    expect(reader.html).toBeTruthy();
    expect(found.selector.find((s) => s.type === 'TextQuoteSelector')!.exact).toBe(FOUND);
    expect(position.end! - position.start!).toBe(FOUND.length);

    // an edited passage is found where it is, and takes the copy's words
    const edited = byQuote.get(CHANGED)!;
    expect(edited.anchored).toBe(true);
    expect(edited.selector.find((s) => s.type === 'TextQuoteSelector')!.exact!.replace(/\s+/g, ' ')).toBe(
      NOW,
    );

    // a passage the page no longer has is an orphan: not placed, no position on the copy
    const orphan = byQuote.get(MISSING)!;
    expect(orphan.anchored).toBe(false);
    expect(orphan.selector.some((s) => s.type === 'TextPositionSelector')).toBe(false);
  });
});
