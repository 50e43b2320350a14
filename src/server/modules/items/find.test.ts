import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { setPlan } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { startTestSite, type TestSite } from '../../../../test/helpers/test-site.ts';

let site: TestSite;
let t: TestApp;
let premium: TestClient;
beforeAll(async () => {
  site = await startTestSite();
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1' });
  premium = await t.signUp();
  await setPlan(t.database, premium);
});
afterAll(async () => {
  await t.close();
  await site.close();
});

const ids = (reply: { items: { link_id: number }[] }) => reply.items.map((i) => i.link_id);

describe('title=: the command palette finds items by title as the user types', () => {
  it('matches any part of the title, in any case, the user’s own items only', async () => {
    const client = await t.signUp();
    const other = await t.signUp();
    const a = await saveBookmark(client, { title: 'Growing Tomatoes on a balcony' });
    await saveBookmark(client, { title: 'Pruning roses', description: 'tomatoes' });
    await saveBookmark(other, { title: 'Tomatoes too' });
    const found = (await client.get('/interact_api/load_user_items', { title: 'TOMAT' })).json();
    expect(ids(found)).toEqual([a.link_id]);
    expect(found.total).toBe(1);
    // LIKE's wildcards are the user's characters
    expect((await client.get('/interact_api/load_user_items', { title: '%' })).json().total).toBe(0);
  });
});

describe('full-text hits show where the words matched', () => {
  it('gives each full-text hit a snippet of its page text with the matched words marked', async () => {
    const saved = await saveBookmark(premium, { url: site.url('/article.html'), title: 'Balcony notes' });
    await t.jobs.runDueJobs();
    const reply = (
      await premium.get('/interact_api/search_user_items', { what: 'zymurgical', snapshot: 'yes' })
    ).json();
    expect(ids(reply)).toEqual([saved.link_id]);
    const snippet = reply.items[0].snippet as { text: string; mark: boolean }[];
    expect(snippet.filter((p) => p.mark).map((p) => p.text.toLowerCase())).toContain('zymurgical');
    expect(snippet.some((p) => !p.mark && p.text.trim().length > 0)).toBe(true);
    // no snippet without full text
    const plain = (await premium.get('/interact_api/search_user_items', { what: 'balcony' })).json();
    expect(plain.items[0].snippet).toBeUndefined();
  });
});
