import '../../src/web/zod-config.ts';
import { formatTagInput, parseTagInput } from '../../src/shared/tags.ts';

/** The toolbar button's form: the add form's fields, recommended tags offered, then saveTab. */

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const state = $('state');
const error = $('error');
const form = $<HTMLFormElement>('save');
const tags = $<HTMLInputElement>('tags');

interface TabInfo {
  ok: boolean;
  error?: string;
  title?: string;
  description?: string;
  link_id?: number | null;
  recommended?: string[];
}

async function main() {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) return;
  const tabId = tab.id;
  const status = await chrome.runtime.sendMessage<{ connected: boolean }>({ type: 'status' });
  if (!status.connected) {
    state.textContent = 'Connect the extension to your Folio first.';
    await chrome.runtime.openOptionsPage();
    return;
  }
  const info = await chrome.runtime.sendMessage<TabInfo>({ type: 'tab:info', tabId });
  if (!info.ok) {
    state.textContent = info.error ?? 'This page cannot be saved.';
    return;
  }
  state.textContent = info.link_id ? 'This page is in your library: saving updates it.' : '';
  $<HTMLInputElement>('title').value = info.title ?? '';
  $<HTMLTextAreaElement>('description').value = info.description ?? '';
  const chips = $('recommended');
  for (const name of info.recommended ?? []) {
    const chip = document.createElement('button');
    chip.type = 'button';
    chip.className = 'plain';
    chip.textContent = name;
    chip.addEventListener('click', () => {
      const have = parseTagInput(tags.value);
      if (!have.includes(name)) tags.value = formatTagInput([...have, name]);
      chip.remove();
    });
    chips.append(chip);
  }
  form.hidden = false;
  $<HTMLInputElement>('title').focus();
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    state.textContent = 'Saving…';
    const reply = await chrome.runtime.sendMessage<{ ok: boolean; error?: string }>({
      type: 'save',
      tabId,
      fields: {
        title: $<HTMLInputElement>('title').value.trim() || undefined,
        description: $<HTMLTextAreaElement>('description').value,
        tags: tags.value,
        unread: $<HTMLInputElement>('unread').checked,
        private: $<HTMLInputElement>('private').checked,
      },
    });
    state.textContent = reply.ok ? '1 item saved to you Library.' : '';
    if (!reply.ok) error.textContent = reply.error ?? 'Save to your Library failed';
  });
  $('panel').addEventListener('click', () => {
    // the browser's side panel where there is one (Chromium); a tab elsewhere
    if (chrome.sidePanel?.open) void chrome.sidePanel.open({ tabId });
    else void chrome.tabs.create({ url: chrome.runtime.getURL(`sidepanel.html?tab=${tabId}`) });
  });
}

void main();
