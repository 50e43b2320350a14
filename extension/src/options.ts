import '../../src/web/zod-config.ts';
import { CONNECT_MSG } from './connect.ts';
import type { Status } from './messages.ts';
import { folioOrigin, originPattern } from './url.ts';

/** The options page: the Folio address, Connect, a pasted token, and the permission to draw everywhere. */

/** Every web page: what drawing highlights again on later visits needs (optional_host_permissions). */
const ALL_SITES = ['http://*/*', 'https://*/*'];

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const state = $('state');
const error = $('error');
const address = $<HTMLInputElement>('address');
const token = $<HTMLInputElement>('token');

async function show() {
  const status = await chrome.runtime.sendMessage<Status>({ type: 'status' });
  state.textContent = status.connected
    ? `Connected to ${status.origin} as ${status.userName}.`
    : 'Not connected.';
  if (status.origin) address.value = status.origin;
  $('disconnect').hidden = !status.connected;
  const everywhere = await chrome.permissions.contains({ origins: ALL_SITES });
  $('everywhere').hidden = everywhere;
}

/** The Folio origin typed, with the permission to reach it (asked here: it needs the click). */
async function allowedOrigin(): Promise<string | null> {
  error.textContent = '';
  const origin = folioOrigin(address.value);
  if (!origin) {
    error.textContent = CONNECT_MSG.badAddress;
    return null;
  }
  const granted = await chrome.permissions.request({ origins: [originPattern(origin)] });
  if (!granted) {
    error.textContent = `The extension needs to reach ${origin} to connect.`;
    return null;
  }
  return origin;
}

$('connect').addEventListener('submit', async (e) => {
  e.preventDefault();
  const origin = await allowedOrigin();
  if (!origin) return;
  const reply = await chrome.runtime.sendMessage<{ ok: boolean; error?: string }>({
    type: 'options:connect',
    address: origin,
  });
  if (!reply.ok) error.textContent = reply.error ?? '';
});

$('paste').addEventListener('submit', async (e) => {
  e.preventDefault();
  const origin = await allowedOrigin();
  if (!origin) return;
  const reply = await chrome.runtime.sendMessage<{ ok: boolean; error?: string }>({
    type: 'options:token',
    address: origin,
    token: token.value,
  });
  token.value = '';
  if (!reply.ok) error.textContent = reply.error ?? '';
  await show();
});

$('everywhere').addEventListener('click', async () => {
  await chrome.permissions.request({ origins: ALL_SITES });
  await show();
});

$('disconnect').addEventListener('click', async () => {
  await chrome.runtime.sendMessage({ type: 'options:disconnect' });
  await show();
});

void show();
// a Connect approved in the other tab stores the settings: the page says so at once
chrome.storage.onChanged.addListener(() => void show());
