import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { apiPost, waitForCapture } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

// Version 1 of the page; version 2 edits the highlighted sentence and drops the page's subtitle,
// whose words also open the lead sentence (where a careless anchor would jump).
const SUBTITLE = 'Small towns keep their libraries open';
const LEAD = `${SUBTITLE} long after the bank and the bakery have gone.`;
const SENTENCE = 'The county pays for one librarian and a half, and the rest comes from jam sales.';
const EDITED = 'The county pays for one librarian and a half, and the rest comes from bake sales.';
const page = (v2: boolean) => `<!doctype html><html><head><title>Harlow Creek Library</title></head><body>
<main><article><h1>Harlow Creek Library</h1>${v2 ? '' : `<h2>${SUBTITLE}</h2>`}
<p>${LEAD} In Harlow Creek the library is the last public room with heating on a Sunday.</p>
<p>The building was a feed store until 1958. ${v2 ? EDITED : SENTENCE} A retired electrician fixes the lights.</p>
<p>On winter afternoons every chair is taken by noon, and the chess game by the window never ends.</p>
</article></main></body></html>`;

let site: Server;
let siteUrl = '';
test.beforeAll(async () => {
  site = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page(req.url?.includes('v=2') ?? false));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

async function capture(page: Page, path: string, linkId?: number): Promise<number> {
  const url = `${siteUrl}${path}`;
  const reply = await apiPost(
    page,
    '/item/save/bookmark',
    linkId ? { link_id: linkId, new_url: url } : { url, title: 'Harlow Creek Library', private: false },
  );
  const saved = reply.items[0].link_id as number;
  await waitForCapture(page, saved);
  return saved;
}

/** Selects the nth occurrence of a phrase in the reader text and releases the pointer. */
async function select(page: Page, phrase: string, nth = 0) {
  await page.evaluate(
    ([phrase, nth]) => {
      const article = document.querySelector('article[aria-label="Page text"]')!;
      const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
      let seen = 0;
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        const at = n.data.indexOf(phrase);
        if (at < 0 || seen++ < nth) continue;
        const range = document.createRange();
        range.setStart(n, at);
        range.setEnd(n, at + phrase.length);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
        n.parentElement!.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
        return;
      }
      throw new Error(`"${phrase}" is not in the article`);
    },
    [phrase, nth] as const,
  );
}

test('a re-captured page with the highlighted sentence edited: redrawn on the edit or orphaned, never elsewhere', async ({
  page,
}) => {
  const name = uniqueName('anchoring');
  await signUpByApi(page, name);
  const linkId = await capture(page, '/library.html?v=1');
  await page.goto(`/user/${name}/b/${linkId}`);
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText(SENTENCE);
  const toolbar = page.getByRole('toolbar', { name: 'Highlight selection' });
  for (const [quote, color] of [
    [SENTENCE, 'Blue'],
    [SUBTITLE, 'Green'],
  ] as const) {
    await select(page, quote);
    await toolbar.getByRole('button', { name: color }).click();
    await expect(article.locator(`mark[class*="${color.toLowerCase()}"]`).first()).toBeVisible();
  }

  await capture(page, '/library.html?v=2', linkId);
  await page.reload();
  await expect(article).toContainText(EDITED);
  // the edited sentence carries the highlight, covering its new wording
  await expect(article.locator('mark[class*="blue"]')).toHaveText(EDITED);
  // the subtitle is gone: listed as orphaned, not drawn on the same words in the lead sentence
  const orphans = page.getByRole('region', { name: 'Orphaned highlights' });
  await expect(orphans).toContainText(SUBTITLE);
  await expect(article.locator('mark[class*="green"]')).toHaveCount(0);
});
