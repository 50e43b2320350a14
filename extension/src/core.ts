import type { AnnotationReply } from '../../src/shared/schemas/annotations.ts';
import { type Fetch, FolioApi, Refused, Unreachable } from './api.ts';
import {
  CONNECT_PATH,
  ConnectError,
  connectWithToken,
  disconnect,
  finishConnect,
  loadSettings,
  pendingOrigin,
  type Settings,
  startConnect,
} from './connect.ts';
import type { SerializedPage } from './content/serialize.ts';
import {
  type Message,
  type PageAnnotations,
  readMessage,
  type SaveFields,
  type Sender,
  type Status,
  type ToContent,
} from './messages.ts';
import { OfflineQueue, type QueuedHighlight } from './queue.ts';
import type { KeyValue } from './storage.ts';
import { isFolioPage, pageUrl } from './url.ts';

/**
 * The background's work, apart from the browser: what a message does, saving a tab, sending
 * highlights (or queueing them), telling the tabs of a page when its annotations change. The
 * browser's side comes in as a `Browser` (chrome.* in background.ts, a fake in unit tests).
 */

export interface Browser {
  serialize(tabId: number): Promise<SerializedPage>;
  /** the visible area of the tab as a data: URL, or null when it cannot be taken */
  screenshot(tabId: number): Promise<string | null>;
  tabUrl(tabId: number): Promise<string | null>;
  /** the open tabs (id and address) */
  openTabs(): Promise<{ id: number; url: string }[]>;
  sendToTab(tabId: number, message: ToContent): Promise<void>;
  openTab(url: string): Promise<void>;
  /** opens the page in a new tab and answers its id once it has loaded */
  openAndLoad(url: string): Promise<number>;
  badge(text: string, color: string, title: string): Promise<void>;
  /** tells the extension's open pages (the side panel) that a page's annotations changed */
  notifyPages(): Promise<void>;
}

export interface CoreDeps {
  store: KeyValue;
  browser: Browser;
  fetch?: Fetch;
  now?: () => number;
}

export const CORE_MSG = {
  notConnected: 'Connect the extension to your Folio first (its options page).',
  notAPage: 'Only web pages can be saved.',
} as const;

interface TabState {
  url: string;
  linkId: number | null;
  anchored: number[];
  orphaned: number[];
}

export class Core {
  readonly queue: OfflineQueue;
  private readonly tabs = new Map<number, TabState>();
  private readonly now: () => number;
  /** set by the live socket's owner */
  live = false;

  constructor(private readonly deps: CoreDeps) {
    this.queue = new OfflineQueue(deps.store);
    this.now = deps.now ?? Date.now;
  }

  settings(): Promise<Settings | null> {
    return loadSettings(this.deps.store);
  }

  private async api(): Promise<FolioApi> {
    const s = await this.settings();
    if (!s) throw new Refused(CORE_MSG.notConnected, 401);
    return new FolioApi(s.origin, s.token, this.deps.fetch);
  }

  private verify = (origin: string, token: string) => new FolioApi(origin, token, this.deps.fetch).userName();

  async status(): Promise<Status> {
    const s = await this.settings();
    return {
      connected: !!s,
      origin: s?.origin ?? null,
      userName: s?.userName ?? null,
      live: this.live,
      ...(await this.queue.counts()),
    };
  }

  /** Saves the tab's page as rendered (an update when it is already in the library). */
  async saveTab(tabId: number, fields: SaveFields = {}): Promise<{ link_id: number; title: string }> {
    const api = await this.api();
    const page = await this.deps.browser.serialize(tabId);
    const url = pageUrl(page.url);
    if (!url) throw new Refused(CORE_MSG.notAPage, 400);
    const screenshot = await this.deps.browser.screenshot(tabId);
    const item = await api.saveRendered({
      url,
      title: fields.title ?? page.title,
      description: fields.description ?? page.description,
      html: page.html,
      tags: fields.tags,
      unread: fields.unread,
      private: fields.private,
      screenshot: screenshot ?? undefined,
    });
    await this.pageChanged(url, item.link_id);
    await this.showBadge();
    return { link_id: item.link_id, title: item.title };
  }

  /** One message from a content script or an extension page; what it answers goes back to it. */
  async handle(raw: unknown, sender: Sender): Promise<unknown> {
    const message = readMessage(raw, sender);
    try {
      return await this.dispatch(message, sender);
    } catch (err) {
      if (err instanceof ConnectError || err instanceof Refused || err instanceof Unreachable) {
        return { ok: false, error: err.message };
      }
      throw err;
    }
  }

  private async dispatch(m: Message, sender: Sender): Promise<unknown> {
    const tabId = sender.tabId!;
    switch (m.type) {
      case 'page:load':
        return this.pageLoad(tabId, sender.url!);
      case 'page:drawn': {
        const state = this.tabs.get(tabId);
        if (state) Object.assign(state, { anchored: m.anchored, orphaned: m.orphaned });
        await this.deps.browser.notifyPages();
        return { ok: true };
      }
      case 'highlight:add':
        return this.addHighlight(tabId, sender.url!, m);
      case 'annotation:remove':
        return this.remove(tabId, m.ann_id);
      case 'connect:handover': {
        const settings = await finishConnect(
          this.deps.store,
          { state: m.state, token: m.token, pageOrigin: new URL(sender.url!).origin },
          this.now(),
          this.verify,
        );
        return { ok: true, userName: settings.userName };
      }
      case 'folio:screenshot': {
        // only Folio's own pages may ask: any other site could fill the library with pages
        const settings = await this.settings();
        if (!settings || !isFolioPage(sender.url!, settings.origin))
          throw new Refused('Not a Folio page.', 403);
        const tab = await this.deps.browser.openAndLoad(m.url);
        return { ok: true, ...(await this.saveTab(tab)) };
      }
      case 'status':
        return this.status();
      case 'options:connect':
        await this.deps.browser.openTab(await startConnect(this.deps.store, m.address, this.now()));
        return { ok: true };
      case 'options:token': {
        const settings = await connectWithToken(this.deps.store, m.address, m.token, this.verify);
        return { ok: true, userName: settings.userName };
      }
      case 'options:disconnect':
        await disconnect(this.deps.store);
        return { ok: true };
      case 'save':
        return { ok: true, ...(await this.saveTab(m.tabId, m.fields)) };
      case 'tab:info':
        return this.tabInfo(m.tabId);
      case 'panel:list':
        return this.panelList(m.tabId);
      case 'panel:jump':
        await this.deps.browser.sendToTab(m.tabId, { type: 'jump', ann_id: m.ann_id });
        return { ok: true };
      case 'panel:remove':
        return this.remove(m.tabId, m.ann_id);
    }
  }

  private async pageLoad(tabId: number, href: string) {
    const settings = await this.settings();
    const connectPage = new URL(href).pathname === CONNECT_PATH;
    if (settings && isFolioPage(href, settings.origin)) return { kind: 'folio', connectPage };
    // not connected yet: the Folio a Connect is waiting for hands its token over on its connect page
    if (connectPage && isFolioPage(href, await pendingOrigin(this.deps.store, this.now()))) {
      return { kind: 'folio', connectPage };
    }
    const url = pageUrl(href);
    if (!url || !settings) return { kind: 'off' };
    return { kind: 'page', data: await this.annotationsFor(tabId, url) };
  }

  /** The page's annotations (and its highlights still waiting); Folio unreachable: the waiting ones. */
  private async annotationsFor(tabId: number, url: string): Promise<PageAnnotations> {
    const waiting = (await this.queue.all())
      .filter((h) => h.url === url && h.state === 'waiting')
      .map(({ id, color, content, selector }) => ({
        id,
        color: color as PageAnnotations['waiting'][0]['color'],
        content,
        selector,
      }));
    const state: TabState = this.tabs.get(tabId) ?? { url, linkId: null, anchored: [], orphaned: [] };
    state.url = url;
    this.tabs.set(tabId, state);
    let annotations: AnnotationReply[] = [];
    try {
      const api = await this.api();
      state.linkId = await api.itemFor(url);
      if (state.linkId !== null) annotations = await api.annotations(state.linkId);
      if (waiting.length) void this.flush();
    } catch (err) {
      if (!(err instanceof Unreachable)) throw err;
      await this.showBadge(true);
    }
    return { link_id: state.linkId, annotations, waiting };
  }

  private async addHighlight(tabId: number, href: string, m: Extract<Message, { type: 'highlight:add' }>) {
    const url = pageUrl(href);
    if (!url) throw new Refused(CORE_MSG.notAPage, 400);
    const tab = await this.deps.browser.tabUrl(tabId);
    const highlight = {
      url,
      title: tab ?? url,
      color: m.color,
      content: m.content,
      selector: m.selector,
      note: m.note,
    };
    try {
      let linkId = this.tabs.get(tabId)?.linkId ?? null;
      // a highlight belongs to an item: the page is saved first when it is not in the library
      if (linkId === null) linkId = (await this.saveTab(tabId)).link_id;
      const annotation = await this.send(linkId, highlight);
      await this.pageChanged(url, linkId);
      return { ok: true, ann_id: annotation.id };
    } catch (err) {
      if (!(err instanceof Unreachable)) throw err;
      await this.queue.add(highlight);
      await this.pageChanged(url, this.tabs.get(tabId)?.linkId ?? null);
      await this.showBadge(true);
      return { ok: true, queued: true };
    }
  }

  private async send(linkId: number, h: Omit<QueuedHighlight, 'id' | 'state'>): Promise<AnnotationReply> {
    const api = await this.api();
    const annotation = await api.addHighlight({
      link_id: linkId,
      content: h.content,
      color: h.color,
      selector: h.selector,
    });
    if (h.note) await api.addNote(linkId, annotation.id, h.note);
    return annotation;
  }

  /** Sends the waiting highlights (saving their pages first when needed); the badge follows. */
  async flush() {
    const counts = await this.queue.flush(async (h) => {
      const api = await this.api();
      let linkId = await api.itemFor(h.url);
      if (linkId === null) {
        const open = (await this.deps.browser.openTabs()).find((t) => pageUrl(t.url) === h.url);
        if (!open) throw new Unreachable('The page is not open: it is saved when it is.');
        linkId = (await this.saveTab(open.id)).link_id;
      }
      await this.send(linkId, h);
      await this.pageChanged(h.url, linkId);
    });
    await this.showBadge();
    return counts;
  }

  private async remove(tabId: number, annId: number) {
    const state = this.tabs.get(tabId);
    if (!state?.linkId) throw new Refused('This page is not in your library.', 404);
    await (await this.api()).removeAnnotation(state.linkId, annId);
    await this.pageChanged(state.url, state.linkId);
    return { ok: true };
  }

  /** An item changed in Folio (the live socket): its open pages draw its annotations again. */
  async itemChanged(linkId: number) {
    const urls = new Set([...this.tabs.values()].filter((s) => s.linkId === linkId).map((s) => s.url));
    for (const url of urls) await this.pageChanged(url, linkId);
  }

  /** Every open tab of the page gets its annotations again. */
  private async pageChanged(url: string, linkId: number | null) {
    const tabs = (await this.deps.browser.openTabs()).filter((t) => pageUrl(t.url) === url);
    if (!tabs.length) return;
    for (const t of tabs) {
      const state = this.tabs.get(t.id);
      if (state && linkId !== null) state.linkId = linkId;
    }
    const data = await this.annotationsFor(tabs[0]!.id, url);
    for (const t of tabs) {
      this.tabs.set(t.id, {
        ...(this.tabs.get(t.id) ?? { anchored: [], orphaned: [] }),
        url,
        linkId: data.link_id,
      });
      await this.deps.browser.sendToTab(t.id, { type: 'annotations', data }).catch(() => undefined);
    }
  }

  private async tabInfo(tabId: number) {
    const url = pageUrl((await this.deps.browser.tabUrl(tabId)) ?? '');
    if (!url) return { ok: false, error: CORE_MSG.notAPage };
    const api = await this.api();
    const page = await this.deps.browser.serialize(tabId).catch(() => null);
    const title = page?.title ?? url;
    const [linkId, tags] = await Promise.all([api.itemFor(url), api.recommendedTags(title, url)]);
    return { ok: true, url, title, description: page?.description ?? '', link_id: linkId, recommended: tags };
  }

  private async panelList(tabId: number) {
    const url = pageUrl((await this.deps.browser.tabUrl(tabId)) ?? '');
    if (!url) return { ok: false, error: CORE_MSG.notAPage };
    const data = await this.annotationsFor(tabId, url);
    const state = this.tabs.get(tabId)!;
    return { ok: true, ...data, orphaned: state.orphaned };
  }

  /** The toolbar badge: highlights waiting for Folio, or failed ones. */
  async showBadge(unreachable = false) {
    const { waiting, failed } = await this.queue.counts();
    if (failed) return this.deps.browser.badge('!', '#b91c1c', `${failed} highlight(s) could not be saved`);
    if (waiting)
      return this.deps.browser.badge(String(waiting), '#b45309', `${waiting} highlight(s) waiting for Folio`);
    if (unreachable) return this.deps.browser.badge('…', '#b45309', 'Folio cannot be reached');
    return this.deps.browser.badge('', '#000000', 'Folio');
  }
}
