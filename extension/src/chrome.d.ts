/**
 * The few WebExtension APIs the extension uses, typed by hand (the project carries no @types/chrome):
 * Chromium's `chrome.*`, which Firefox also provides for Manifest V3 extensions.
 */
declare namespace chrome {
  namespace runtime {
    const id: string;
    const lastError: { message?: string } | undefined;
    interface MessageSender {
      id?: string;
      url?: string;
      tab?: tabs.Tab;
    }
    function getURL(path: string): string;
    function getManifest(): { version: string };
    function sendMessage<T = unknown>(message: unknown): Promise<T>;
    function openOptionsPage(): Promise<void>;
    const onMessage: {
      addListener(
        cb: (
          // biome-ignore lint/suspicious/noExplicitAny: each listener reads the messages it expects
          message: any,
          sender: MessageSender,
          sendResponse: (response?: unknown) => void,
          // true keeps the channel open for an answer sent later
        ) => unknown,
      ): void;
    };
    const onInstalled: { addListener(cb: () => void): void };
    const onStartup: { addListener(cb: () => void): void };
  }
  namespace storage {
    interface StorageArea {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(key: string): Promise<void>;
      setAccessLevel?(options: {
        accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS';
      }): Promise<void>;
    }
    const local: StorageArea;
    const onChanged: { addListener(cb: () => void): void };
  }
  namespace tabs {
    interface Tab {
      id?: number;
      windowId: number;
      url?: string;
      title?: string;
      active: boolean;
    }
    function get(tabId: number): Promise<Tab>;
    function query(q: { active?: boolean; currentWindow?: boolean; url?: string | string[] }): Promise<Tab[]>;
    function create(props: { url: string; active?: boolean }): Promise<Tab>;
    function sendMessage(tabId: number, message: unknown): Promise<unknown>;
    function captureVisibleTab(
      windowId: number,
      options: { format: 'jpeg' | 'png'; quality?: number },
    ): Promise<string>;
    const onRemoved: { addListener(cb: (tabId: number) => void): void };
    const onActivated: { addListener(cb: () => void): void };
    type UpdatedListener = (tabId: number, change: { status?: string }) => void;
    const onUpdated: { addListener(cb: UpdatedListener): void; removeListener(cb: UpdatedListener): void };
  }
  namespace scripting {
    function executeScript<R>(details: {
      target: { tabId: number };
      func: () => R;
    }): Promise<{ result?: R }[]>;
    interface RegisteredContentScript {
      id: string;
      matches?: string[];
      js?: string[];
      runAt?: 'document_start' | 'document_end' | 'document_idle';
      persistAcrossSessions?: boolean;
    }
    function registerContentScripts(scripts: RegisteredContentScript[]): Promise<void>;
    function unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
    function getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<RegisteredContentScript[]>;
  }
  namespace permissions {
    interface Permissions {
      origins?: string[];
      permissions?: string[];
    }
    function getAll(): Promise<Permissions>;
    function request(p: Permissions): Promise<boolean>;
    function contains(p: Permissions): Promise<boolean>;
    const onAdded: { addListener(cb: (p: Permissions) => void): void };
    const onRemoved: { addListener(cb: (p: Permissions) => void): void };
  }
  namespace action {
    function setBadgeText(d: { text: string; tabId?: number }): Promise<void>;
    function setBadgeBackgroundColor(d: { color: string }): Promise<void>;
    function setTitle(d: { title: string }): Promise<void>;
  }
  namespace contextMenus {
    function create(p: { id: string; title: string; contexts: string[] }): void;
    function removeAll(): Promise<void>;
    const onClicked: {
      addListener(cb: (info: { menuItemId: string | number }, tab?: tabs.Tab) => void): void;
    };
  }
  namespace commands {
    const onCommand: { addListener(cb: (command: string, tab?: tabs.Tab) => void): void };
  }
  namespace alarms {
    function create(name: string, info: { periodInMinutes: number }): Promise<void>;
    const onAlarm: { addListener(cb: (alarm: { name: string }) => void): void };
  }
  /** Chromium only: undefined in Firefox */
  namespace sidePanel {
    function open(o: { tabId: number }): Promise<void>;
  }
}
