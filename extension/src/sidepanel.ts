import '../../src/web/zod-config.ts';
import type { AnnotationReply } from '../../src/shared/schemas/annotations.ts';
import { MARK_COLORS } from './content/draw.ts';
import type { PageAnnotations } from './messages.ts';

/**
 * The side panel: the page's highlights and notes (drawn ones with Go to, the ones the page lost
 * listed apart, and those waiting for Folio). Opened beside a tab, or as a page naming its tab (?tab=).
 * Everything from Folio is written as text.
 */

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

type Listing = { ok: boolean; error?: string; orphaned?: number[] } & Partial<PageAnnotations>;

async function tabId(): Promise<number | null> {
  const named = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isSafeInteger(named) && named > 0) return named;
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

function entry(a: { content: string; color: string }, note?: string): HTMLLIElement {
  const li = document.createElement('li');
  li.style.borderLeftColor = MARK_COLORS[a.color] ?? MARK_COLORS.yellow!;
  const quote = document.createElement('blockquote');
  quote.textContent = a.content;
  li.append(quote);
  if (note) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = note;
    li.append(p);
  }
  return li;
}

function button(label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'plain';
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}

async function render() {
  const tab = await tabId();
  if (tab === null) return;
  const data = await chrome.runtime.sendMessage<Listing>({ type: 'panel:list', tabId: tab });
  const list = $('list');
  const orphanList = $('orphan-list');
  const waitingList = $('waiting-list');
  list.replaceChildren();
  orphanList.replaceChildren();
  waitingList.replaceChildren();
  $('error').textContent = data.ok ? '' : (data.error ?? '');
  const annotations: AnnotationReply[] = data.annotations ?? [];
  const orphaned = new Set(data.orphaned ?? []);
  for (const a of annotations) {
    const li = entry({ content: a.content, color: a.extra.color }, a.stickyNotes[0]?.content);
    const actions = document.createElement('div');
    actions.className = 'actions';
    if (!orphaned.has(a.id)) {
      actions.append(
        button(
          'Go to',
          () => void chrome.runtime.sendMessage({ type: 'panel:jump', tabId: tab, ann_id: a.id }),
        ),
      );
    }
    actions.append(
      button('Delete', async () => {
        await chrome.runtime.sendMessage({ type: 'panel:remove', tabId: tab, ann_id: a.id });
        await render();
      }),
    );
    li.append(actions);
    (orphaned.has(a.id) ? orphanList : list).append(li);
  }
  for (const w of data.waiting ?? []) waitingList.append(entry(w));
  $('orphans').hidden = orphanList.childElementCount === 0;
  $('waiting').hidden = waitingList.childElementCount === 0;
  $('state').textContent =
    data.link_id === null
      ? 'This page is not in your library yet.'
      : annotations.length
        ? ''
        : 'No highlight on this page yet.';
}

void render();
// the panel follows the tab: another tab, a reload, a highlight made or deleted
chrome.tabs.onActivated.addListener(() => void render());
chrome.runtime.onMessage.addListener((message: { type?: string }) => {
  if (message.type === 'panel:changed') void render();
});
