import { expect, type Page } from '@playwright/test';

/** POSTs JSON with the page's session and origin, as the web app or the extension would; returns the reply. */
export async function apiPost(page: Page, url: string, data: Record<string, unknown>) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(url, { data, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** Saves a bookmark (public unless told) through the API; returns the saved item. */
export async function saveBookmark(page: Page, data: Record<string, unknown>) {
  return (await apiPost(page, '/item/save/bookmark', { private: false, ...data })).items[0];
}

/**
 * Waits until the background capture of a bookmark is done. It runs in the server's job poller,
 * so a busy machine stretches it: the wait is generous, and ends as soon as the copy is there.
 */
export async function waitForCapture(page: Page, linkId: number) {
  await expect
    .poll(async () => (await (await page.request.get(`/api/items/reader?link_id=${linkId}`)).json()).status, {
      timeout: 60_000,
    })
    .toBe('done');
}

/** Waits until the page's live socket is open (the web app marks <html data-live="open">). */
export async function liveSocketOpen(page: Page) {
  await expect(page.locator('html[data-live="open"]')).toHaveCount(1);
}
