import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { appOrigin, OUTBOX_DIR, signUpByApi, uniqueName } from './seed.ts';

/**
 * POSTs JSON with the page's session and the app's origin, as the web app or the extension would
 * (the page need not have loaded anything yet); returns the reply.
 */
export async function apiPost(page: Page, url: string, data: Record<string, unknown>) {
  const res = await page.request.post(url, { data, headers: { origin: appOrigin() } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** Saves a bookmark (public unless told) through the API; returns the saved item. */
export async function saveBookmark(page: Page, data: Record<string, unknown>) {
  return (await apiPost(page, '/item/save/bookmark', { private: false, ...data })).items[0];
}

/**
 * Two new users signed up (through the API: no page loaded yet), each in a browser context of their own (their own cookies and live
 * socket), for journeys where one shares and the other reads; close() ends both contexts.
 */
export async function twoUsers(browser: Browser, ownerPrefix: string, memberPrefix: string) {
  const ownerName = uniqueName(ownerPrefix);
  const memberName = uniqueName(memberPrefix);
  const ownerContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const member = await memberContext.newPage();
  await signUpByApi(owner, ownerName);
  await signUpByApi(member, memberName);
  return {
    owner,
    member,
    ownerName,
    memberName,
    close: async () => {
      await ownerContext.close();
      await memberContext.close();
    },
  };
}

/** The decoded text of every mail in the server's outbox (quoted-printable soft breaks undone). */
async function outboxMails(): Promise<string[]> {
  const files = (await readdir(OUTBOX_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  return Promise.all(
    files.map(async (file) =>
      (await readFile(path.join(OUTBOX_DIR, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    ),
  );
}

/**
 * Waits for the one mail in the outbox holding every string of `parts` (a recipient line, a
 * subject with a unique name) and returns its decoded text. Journeys run side by side and all mail
 * lands in one outbox, so a mail is found by what it holds, never as the newest file; a second
 * mail matching the same parts fails the journey.
 */
export async function mailWith(...parts: string[]): Promise<string> {
  let found: string[] = [];
  await expect
    .poll(
      async () => {
        found = (await outboxMails()).filter((mail) => parts.every((part) => mail.includes(part)));
        return found.length;
      },
      { message: `a mail holding ${parts.join(' and ')}` },
    )
    .toBeGreaterThan(0);
  expect(found, `mails holding ${parts.join(' and ')}`).toHaveLength(1);
  return found[0]!;
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

/**
 * Selects the first occurrence of a phrase in the text under `root` (a CSS selector) as a person's
 * drag would, then tells the page the pointer went up (the reader offers its highlight bar on that).
 */
export async function selectText(page: Page, root: string, phrase: string) {
  const found = await page.evaluate(
    ([rootSelector, text]) => {
      const within = document.querySelector(rootSelector!);
      if (!within) return false;
      const walker = document.createTreeWalker(within, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        const at = n.data.indexOf(text!);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(n, at);
        range.setEnd(n, at + text!.length);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
        n.parentElement!.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
        return true;
      }
      return false;
    },
    [root, phrase],
  );
  expect(found, `"${phrase}" under ${root}`).toBe(true);
}

/** Drags a row by its grip to just below another row, with the pointer as a person moves it. */
export async function dragBelow(page: Page, row: Locator, target: Locator) {
  await row.hover();
  const grip = row.getByRole('button', { name: /^Drag / });
  const from = (await grip.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const x = from.x + from.width / 2;
  const y = to.y + to.height * 0.75;
  for (let i = 1; i <= 8; i++) await page.mouse.move(x, from.y + ((y - from.y) * i) / 8);
  await page.mouse.up();
}

/**
 * A native drag with the mouse from a point (or the middle of a locator) to the middle of a target:
 * Chromium starts its own drag (dragstart with a real DataTransfer), then dragover and drop there.
 */
export async function dragOnto(
  page: Page,
  from: Locator | { x: number; y: number },
  target: Locator,
  /** runs while the pointer is over the target, before the drop */
  beforeDrop?: () => Promise<void>,
) {
  const start =
    'x' in from
      ? from
      : await from.boundingBox().then((b) => ({ x: b!.x + b!.width / 2, y: b!.y + b!.height / 2 }));
  const box = (await target.boundingBox())!;
  const end = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 6, start.y + 6);
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(start.x + ((end.x - start.x) * i) / 8, start.y + ((end.y - start.y) * i) / 8);
  }
  await beforeDrop?.();
  await page.mouse.up();
}

/**
 * A real HTTP server on 127.0.0.1 answering `html` (or what `html()` gives at that moment) at every path, for the journeys of one file (the
 * app runs with FETCH_ALLOW_PRIVATE=1): `site.url` is its origin once the file's tests start.
 */
export function pageSite(html: string | (() => string)): { url: string } {
  const site = { url: '' };
  let server: Server;
  test.beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(typeof html === 'function' ? html() : html);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  return site;
}
