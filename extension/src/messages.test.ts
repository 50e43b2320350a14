import { describe, expect, it } from 'vitest';
import { type Browser, Core } from './core.ts';
import { BadMessage, readMessage, type Sender, senderOf, type ToContent } from './messages.ts';
import { memoryStore } from './storage.ts';

const PAGE = 'https://news.example/story#comments';
const tab: Sender = { tabId: 7, url: PAGE, extensionPage: false };
const ownPage: Sender = { url: 'chrome-extension://abc/options.html', extensionPage: true };
const selector = [{ type: 'TextQuoteSelector', exact: 'quoted words' }];

describe('readMessage', () => {
  it('lets a page ask only about itself', () => {
    expect(readMessage({ type: 'page:load' }, tab)).toEqual({ type: 'page:load' });
    for (const type of ['status', 'options:token', 'options:disconnect', 'save', 'panel:list', 'getToken']) {
      expect(() => readMessage({ type, tabId: 7, address: 'x', token: 'y' }, tab), type).toThrow(BadMessage);
    }
    expect(readMessage({ type: 'status' }, ownPage)).toEqual({ type: 'status' });
  });

  it('checks what a page sends like any input', () => {
    const ok = { type: 'highlight:add', color: 'pink', content: 'quoted words', selector };
    expect(readMessage(ok, tab)).toEqual(ok);
    expect(readMessage({ ...ok, note: 'mine' }, tab)).toEqual({ ...ok, note: 'mine' });
    for (const bad of [
      { ...ok, color: 'red' },
      { ...ok, content: '   ' },
      { ...ok, content: 42 },
      { ...ok, selector: '[]' },
      { ...ok, note: '' },
      { type: 'annotation:remove', ann_id: -1 },
      { type: 'page:drawn', anchored: ['1'], orphaned: [] },
      { type: 'connect:handover', state: 's', token: '' },
      null,
      'page:load',
    ]) {
      expect(() => readMessage(bad, tab), JSON.stringify(bad)).toThrow(BadMessage);
    }
    expect(() => readMessage({ type: 'page:load' }, { extensionPage: false })).toThrow(BadMessage);
  });

  it("keeps only the save form's fields, typed", () => {
    expect(
      readMessage({ type: 'save', tabId: 3, fields: { title: 'T', unread: true, extra: 1 } }, ownPage),
    ).toEqual({
      type: 'save',
      tabId: 3,
      fields: { title: 'T', unread: true },
    });
    expect(() => readMessage({ type: 'save', tabId: 3, fields: { unread: 'yes' } }, ownPage)).toThrow(
      BadMessage,
    );
  });

  it('tells the extension pages from content scripts by the sender address', () => {
    const origin = 'chrome-extension://abc';
    expect(senderOf({ id: 'abc', url: `${origin}/sidepanel.html` }, 'abc', origin).extensionPage).toBe(true);
    expect(
      senderOf({ id: 'abc', url: `${origin}/options.html`, tab: { id: 2 } }, 'abc', origin).extensionPage,
    ).toBe(true);
    expect(senderOf({ id: 'abc', url: PAGE, tab: { id: 2 } }, 'abc', origin)).toEqual({
      tabId: 2,
      url: PAGE,
      extensionPage: false,
    });
    expect(senderOf({ id: 'other', url: `${origin}/options.html` }, 'abc', origin).extensionPage).toBe(false);
  });
});

/** A Folio that answers as the real calls do, or not at all while `down`. */
function fakeFolio() {
  const folio = { down: false, added: [] as Record<string, unknown>[], annotations: [] as unknown[] };
  const fetch = async (input: string, init?: RequestInit) => {
    if (folio.down) throw new TypeError('Failed to fetch');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok');
    const url = new URL(input);
    const json = (v: unknown) => new Response(JSON.stringify(v), { status: 200 });
    switch (url.pathname) {
      case '/interact_api/load_user_info':
        return json({ name: 'ann' });
      case '/api/items/by-url':
        return json({ link_id: url.searchParams.get('url') === 'https://news.example/story' ? 41 : null });
      case '/api/items/rendered':
        return json({ code: 1, item: { link_id: 41, title: JSON.parse(String(init?.body)).title } });
      case '/api/annotations/list':
        return json({ annotations: folio.annotations, total: folio.annotations.length });
      case '/annotation_mana/add_annotation': {
        const body = JSON.parse(String(init?.body));
        folio.added.push(body);
        const annotation = {
          id: 100 + folio.added.length,
          link_id: 41,
          shape: 5,
          content: body.content,
          extra: { color: body.color },
        };
        folio.annotations.push({ ...annotation, selector: JSON.parse(body.selector), stickyNotes: [] });
        return json({ code: 1, annotation, created: true, annotation_count: folio.added.length });
      }
      default:
        return new Response('{"message":"not found"}', { status: 404 });
    }
  };
  return { folio, fetch };
}

function fakeBrowser() {
  const sent: { tabId: number; message: ToContent }[] = [];
  const badges: string[] = [];
  const opened: string[] = [];
  const browser: Browser = {
    serialize: async () => ({ url: PAGE, title: 'Story', description: '', html: '<p>x</p>' }),
    screenshot: async () => null,
    tabUrl: async () => PAGE,
    openTabs: async () => [
      { id: 7, url: PAGE },
      { id: 8, url: 'https://news.example/story' },
      { id: 9, url: 'https://elsewhere.example/' },
    ],
    sendToTab: async (tabId, message) => {
      sent.push({ tabId, message });
    },
    openTab: async (url) => {
      opened.push(url);
    },
    openAndLoad: async (url) => {
      opened.push(url);
      return 7;
    },
    badge: async (text) => {
      badges.push(text);
    },
    notifyPages: async () => {},
  };
  return { browser, sent, badges, opened };
}

describe('the background handling a highlight', () => {
  async function connected() {
    const store = memoryStore();
    const { folio, fetch } = fakeFolio();
    const b = fakeBrowser();
    const core = new Core({ store, browser: b.browser, fetch });
    await core.handle({ type: 'options:token', address: 'https://folio.example', token: 'tok' }, ownPage);
    return { core, folio, ...b };
  }

  it('adds it as a shape 5 annotation and redraws every open tab of the page', async () => {
    const { core, folio, sent } = await connected();
    const page = (await core.handle({ type: 'page:load' }, tab)) as {
      kind: string;
      data: { link_id: number };
    };
    expect(page).toMatchObject({ kind: 'page', data: { link_id: 41 } });
    const reply = await core.handle(
      { type: 'highlight:add', color: 'green', content: 'quoted words', selector },
      tab,
    );
    expect(reply).toEqual({ ok: true, ann_id: 101 });
    expect(folio.added).toEqual([
      { link_id: 41, content: 'quoted words', color: 'green', shape: 5, selector: JSON.stringify(selector) },
    ]);
    // both tabs of the page (the fragment aside) heard of it, the other site did not
    expect(new Set(sent.filter((s) => s.message.type === 'annotations').map((s) => s.tabId))).toEqual(
      new Set([7, 8]),
    );
  });

  it('queues it while Folio cannot be reached, badges it, and sends it once Folio answers', async () => {
    const { core, folio, badges, sent } = await connected();
    await core.handle({ type: 'page:load' }, tab);
    folio.down = true;
    const reply = await core.handle(
      { type: 'highlight:add', color: 'blue', content: 'quoted words', selector },
      tab,
    );
    expect(reply).toEqual({ ok: true, queued: true });
    expect(await core.status()).toMatchObject({ waiting: 1, failed: 0 });
    expect(badges.at(-1)).toBe('1');
    // the page still draws it, as waiting
    const waiting = sent.filter((s) => s.message.type === 'annotations').at(-1)!.message as Extract<
      ToContent,
      { type: 'annotations' }
    >;
    expect(waiting.data.waiting).toMatchObject([{ content: 'quoted words', color: 'blue' }]);

    folio.down = false;
    expect(await core.flush()).toEqual({ waiting: 0, failed: 0 });
    expect(folio.added).toMatchObject([{ link_id: 41, content: 'quoted words', color: 'blue', shape: 5 }]);
    expect(badges.at(-1)).toBe('');
  });

  it('takes the token from the connect page of the Folio a Connect waits for, before any is kept', async () => {
    const store = memoryStore();
    const { fetch } = fakeFolio();
    const b = fakeBrowser();
    const core = new Core({ store, browser: b.browser, fetch, now: () => 5_000 });
    const connectTab = (url: string): Sender => ({ tabId: 3, url, extensionPage: false });
    expect(
      await core.handle({ type: 'page:load' }, connectTab('https://folio.example/extension/connect?state=s')),
    ).toEqual({
      kind: 'off',
    });
    await core.handle({ type: 'options:connect', address: 'https://folio.example' }, ownPage);
    const page = connectTab('https://folio.example/extension/connect?state=s');
    expect(await core.handle({ type: 'page:load' }, page)).toEqual({ kind: 'folio', connectPage: true });
    // another page of that origin is not Folio's to the extension until connected
    expect(await core.handle({ type: 'page:load' }, connectTab('https://folio.example/user/ann'))).toEqual({
      kind: 'off',
    });
    const state = new URL(b.opened[0]!).searchParams.get('state');
    expect(await core.handle({ type: 'connect:handover', state, token: 'tok' }, page)).toEqual({
      ok: true,
      userName: 'ann',
    });
    expect(await core.status()).toMatchObject({ connected: true, userName: 'ann' });
  });

  it("opens and saves a page for Folio's Take screenshot, asked by Folio's own pages only", async () => {
    const { core, opened } = await connected();
    const elsewhere = { tabId: 9, url: 'https://elsewhere.example/', extensionPage: false };
    const ask = { type: 'folio:screenshot', url: PAGE };
    expect(await core.handle(ask, elsewhere)).toEqual({ ok: false, error: 'Not a Folio page.' });
    expect(opened).toEqual([]);
    const folioPage = { tabId: 2, url: 'https://folio.example/user/ann', extensionPage: false };
    expect(await core.handle(ask, folioPage)).toMatchObject({ ok: true, title: 'Story' });
    expect(opened).toEqual([PAGE]);
  });

  it('answers a refusal instead of throwing, and never hands out the token', async () => {
    const { core } = await connected();
    const status = await core.handle({ type: 'status' }, ownPage);
    expect(JSON.stringify(status)).not.toContain('tok"');
    expect(status).toMatchObject({ connected: true, origin: 'https://folio.example', userName: 'ann' });
    expect(await core.handle({ type: 'annotation:remove', ann_id: 5 }, { ...tab, tabId: 99 })).toEqual({
      ok: false,
      error: 'This page is not in your library.',
    });
  });
});
