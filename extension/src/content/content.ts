import '../../../src/web/zod-config.ts';
import { SCREENSHOT_EVENT } from '../../../src/shared/extension-page.ts';
import type { Color, ContentMessage, PageAnnotations, ToContent } from '../messages.ts';
import { describeSelection, drawAnnotations } from './draw.ts';
import { SelectionToolbar } from './toolbar.ts';

/**
 * Runs in the pages the user allowed (and in their Folio). On Folio it marks the page (the web app
 * then hides its Install extension bar) and, on the connect page, hands the approved token to the
 * background. Elsewhere it draws the page's highlights and offers the selection toolbar. It never
 * holds the token: everything goes through the background.
 */

type PageReply =
  | { kind: 'folio'; connectPage: boolean }
  | { kind: 'page'; data: PageAnnotations }
  | { kind: 'off' };

const send = <T>(message: ContentMessage): Promise<T> => chrome.runtime.sendMessage(message);

async function start() {
  const reply = await send<PageReply>({ type: 'page:load' });
  if (reply.kind === 'folio') return onFolio(reply.connectPage);
  if (reply.kind === 'page') startHighlighting(reply.data);
}

function onFolio(connectPage: boolean) {
  document.documentElement.dataset.folioExtension = chrome.runtime.getManifest().version;
  // Take screenshot in the library (web: features/extension/extension.ts askExtensionForScreenshot)
  document.addEventListener(SCREENSHOT_EVENT, (e) => {
    const url = (e as CustomEvent<unknown>).detail;
    if (typeof url === 'string') void send({ type: 'folio:screenshot', url });
  });
  if (!connectPage) return;
  // the connect page shows the approved token in this element (web: features/extension/ConnectPage)
  const handOver = async () => {
    const el = document.querySelector<HTMLElement>('[data-folio-extension-token]');
    const token = el?.dataset.folioExtensionToken;
    const state = el?.dataset.state;
    if (!el || !token || !state || el.dataset.handed) return;
    el.dataset.handed = '1';
    const answer = await send<{ ok: boolean; userName?: string; error?: string }>({
      type: 'connect:handover',
      state,
      token,
    });
    // the page shows the outcome; the token itself is not written back anywhere
    if (answer.ok) document.documentElement.dataset.folioExtensionConnected = answer.userName ?? '';
    else
      document.documentElement.dataset.folioExtensionError =
        answer.error ?? 'The extension could not connect.';
  };
  new MutationObserver(() => void handOver()).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
  });
  void handOver();
}

function startHighlighting(first: PageAnnotations) {
  const root = document.body;
  let current = first;
  const redraw = () => {
    const drawn = drawAnnotations(root, current);
    void send({ type: 'page:drawn', ...drawn });
  };
  let selection: ReturnType<typeof describeSelection> = null;
  const toolbar = new SelectionToolbar(document, {
    highlight(color: Color, note?: string) {
      if (!selection) return;
      const made = selection;
      selection = null;
      window.getSelection()?.removeAllRanges();
      void send({ type: 'highlight:add', color, ...made, ...(note ? { note } : {}) });
    },
  });
  const onSelect = (e: Event) => {
    if (toolbar.contains(e.target)) return;
    const sel = window.getSelection();
    if (!sel || sel.isCollapsed || sel.rangeCount === 0) return toolbar.hide();
    const range = sel.getRangeAt(0);
    if (!root.contains(range.commonAncestorContainer)) return toolbar.hide();
    selection = describeSelection(root, range);
    if (selection) toolbar.showAt(range.getBoundingClientRect());
    else toolbar.hide();
  };
  document.addEventListener('mouseup', onSelect);
  document.addEventListener('keyup', (e) => {
    if (e.key === 'Shift' || e.key.startsWith('Arrow')) onSelect(e);
  });

  chrome.runtime.onMessage.addListener((message: ToContent) => {
    if (message.type === 'annotations') {
      current = message.data;
      redraw();
    } else if (message.type === 'jump') {
      const mark = document.querySelector(`[data-folio-annotation-id="${message.ann_id}"]`);
      mark?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      if (mark instanceof HTMLElement) {
        mark.style.outline = '2px solid #2563eb';
        setTimeout(() => {
          mark.style.outline = '';
        }, 1500);
      }
    }
  });
  // back on the tab: changes made meanwhile (in Folio, in another tab) are fetched again
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refresh();
  });
  const refresh = async () => {
    const reply = await send<PageReply>({ type: 'page:load' });
    if (reply.kind === 'page') {
      current = reply.data;
      redraw();
    }
  };
  redraw();
}

void start();
