import '../../src/web/zod-config.ts';
import { serializeDocument } from './content/serialize.ts';
import { type Browser, Core } from './core.ts';
import { senderOf } from './messages.ts';
import type { KeyValue } from './storage.ts';
import { socketUrl } from './url.ts';

/**
 * The service worker: the only part that holds the token (chrome.storage.local, closed to content
 * scripts) and talks to Folio. The toolbar's popup, the context menu and the shortcut save through
 * `globalThis.folio.saveTab`; content scripts and the extension's pages send messages (messages.ts).
 */

const area = chrome.storage.local;
// content scripts run in web pages: they never read the settings (the token) themselves
void area.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => undefined);

const store: KeyValue = {
  get: async <T>(key: string) => (await area.get(key))[key] as T | undefined,
  set: (key, value) => area.set({ [key]: value }),
  remove: (key) => area.remove(key),
};

const browser: Browser = {
  async serialize(tabId) {
    const [frame] = await chrome.scripting.executeScript({ target: { tabId }, func: serializeDocument });
    if (!frame?.result) throw new Error('The page could not be read.');
    return frame.result;
  },
  async screenshot(tabId) {
    try {
      const tab = await chrome.tabs.get(tabId);
      if (!tab.active) return null;
      return await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'jpeg', quality: 70 });
    } catch {
      // a page the browser will not picture (its store, another extension): saved without one
      return null;
    }
  },
  async tabUrl(tabId) {
    return (await chrome.tabs.get(tabId)).url ?? null;
  },
  async openTabs() {
    return (await chrome.tabs.query({})).flatMap((t) =>
      t.id !== undefined && t.url ? [{ id: t.id, url: t.url }] : [],
    );
  },
  async sendToTab(tabId, message) {
    await chrome.tabs.sendMessage(tabId, message);
  },
  async openTab(url) {
    await chrome.tabs.create({ url, active: true });
  },
  async openAndLoad(url) {
    const tab = await chrome.tabs.create({ url, active: true });
    const id = tab.id!;
    await new Promise<void>((resolve) => {
      const listener = (tabId: number, change: { status?: string }) => {
        if (tabId !== id || change.status !== 'complete') return;
        chrome.tabs.onUpdated.removeListener(listener);
        resolve();
      };
      chrome.tabs.onUpdated.addListener(listener);
    });
    return id;
  },
  async notifyPages() {
    // no page listening (the side panel closed) is no failure
    await chrome.runtime.sendMessage({ type: 'panel:changed' }).catch(() => undefined);
  },
  async badge(text, color, title) {
    await chrome.action.setBadgeText({ text });
    await chrome.action.setBadgeBackgroundColor({ color });
    await chrome.action.setTitle({ title });
  },
};

const core = new Core({ store, browser });

/** What the button, the menu and the shortcut call; also reachable from the worker's console. */
const folio = {
  saveTab: (tabId: number) => core.saveTab(tabId),
  status: () => core.status(),
};
(globalThis as { folio?: typeof folio }).folio = folio;

const extensionOrigin = new URL(chrome.runtime.getURL('/')).origin;
chrome.runtime.onMessage.addListener((message, sender, reply) => {
  core
    .handle(message, senderOf(sender, chrome.runtime.id, extensionOrigin))
    .then(reply, (err: unknown) => reply({ ok: false, error: err instanceof Error ? err.message : 'failed' }))
    .finally(() => {
      if (
        (message as { type?: string }).type === 'connect:handover' ||
        (message as { type?: string }).type === 'options:token'
      )
        void live.restart();
    });
  return true;
});

// --- content scripts: registered for the origins the user granted (the Folio one, and any page) ---

const SCRIPT_ID = 'folio-content';
async function syncContentScripts() {
  const origins = ((await chrome.permissions.getAll()).origins ?? []).filter(
    (o) => /^(https?|\*):/.test(o) || o === '<all_urls>',
  );
  await chrome.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] }).catch(() => undefined);
  if (!origins.length) return;
  await chrome.scripting.registerContentScripts([
    {
      id: SCRIPT_ID,
      matches: origins,
      js: ['content.js'],
      runAt: 'document_idle',
      persistAcrossSessions: true,
    },
  ]);
}
chrome.permissions.onAdded.addListener(() => void syncContentScripts());
chrome.permissions.onRemoved.addListener(() => void syncContentScripts());

// --- saving: the context menu and the shortcut ---

const MENU_SAVE = 'folio-save-page';
chrome.runtime.onInstalled.addListener(() => {
  void chrome.contextMenus.removeAll().then(() =>
    chrome.contextMenus.create({
      id: MENU_SAVE,
      title: 'Save page to Folio',
      contexts: ['page', 'selection', 'link', 'image'],
    }),
  );
  void syncContentScripts();
});
chrome.runtime.onStartup.addListener(() => void syncContentScripts());

async function saveFromGesture(tab: chrome.tabs.Tab | undefined) {
  if (tab?.id === undefined) return;
  if (!(await core.settings())) return void chrome.runtime.openOptionsPage();
  try {
    await folio.saveTab(tab.id);
    await chrome.action.setBadgeText({ text: '✓', tabId: tab.id });
  } catch {
    await chrome.action.setBadgeText({ text: '!', tabId: tab.id });
  }
}
chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId === MENU_SAVE) void saveFromGesture(tab);
});
chrome.commands.onCommand.addListener((command, tab) => {
  if (command === 'save-page') void saveFromGesture(tab);
});

// --- waiting highlights: sent again every minute, and whenever Folio answers ---

void chrome.alarms.create('folio-flush', { periodInMinutes: 1 });
chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === 'folio-flush') void core.flush().catch(() => undefined);
});

// --- the live socket: changes made in Folio (or another device) reach the open pages ---

class LiveSocket {
  private socket: WebSocket | null = null;
  private retry = 1000;
  private timer: ReturnType<typeof setTimeout> | undefined;

  async restart() {
    this.socket?.close();
    this.socket = null;
    clearTimeout(this.timer);
    const s = await core.settings();
    if (!s) return;
    const socket = new WebSocket(socketUrl(s.origin, { name: s.userName, access_token: s.token }));
    this.socket = socket;
    socket.addEventListener('open', () => {
      core.live = true;
      this.retry = 1000;
      void core.flush().catch(() => undefined);
    });
    socket.addEventListener('message', (e) => {
      try {
        const event = JSON.parse(String(e.data)) as { link_id?: unknown };
        if (typeof event.link_id === 'number') void core.itemChanged(event.link_id);
      } catch {
        // not an item event
      }
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      core.live = false;
      this.socket = null;
      this.timer = setTimeout(() => void this.restart(), this.retry);
      this.retry = Math.min(this.retry * 2, 60_000);
    });
  }
}
const live = new LiveSocket();
void live.restart();
void core.showBadge();
