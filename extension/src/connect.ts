import type { KeyValue } from './storage.ts';
import { folioOrigin } from './url.ts';

/**
 * Connecting the extension to a Folio account. The options page opens
 * `<Folio>/extension/connect?state=<random>`; there the signed-in user approves, Folio makes a personal
 * token scoped for the extension and shows it in the page; the content script, running on that one
 * origin, reads it and hands it to the background with the state. The background keeps it only
 * when the state is the one it made for that origin a moment ago and Folio accepts the token.
 * A token pasted in the options goes through the same check.
 */

export interface Settings {
  origin: string;
  token: string;
  userName: string;
}

interface PendingConnect {
  origin: string;
  state: string;
  startedAt: number;
}

/** An approval must come back within this long of Connect. */
export const CONNECT_WINDOW_MS = 10 * 60_000;
export const CONNECT_PATH = '/extension/connect';

const SETTINGS = 'settings';
const PENDING = 'pendingConnect';

export const CONNECT_MSG = {
  badAddress: 'Please enter the address of your Folio, such as https://folio.example.',
  noPending: 'Press Connect in the extension options first.',
  mismatch: 'This approval was not asked for by this browser: press Connect again.',
  expired: 'The approval came too late: press Connect again.',
  emptyToken: 'Please paste an access token.',
} as const;

export class ConnectError extends Error {}

/** Asks Folio whom the token belongs to (the user's name), or throws. */
export type VerifyToken = (origin: string, token: string) => Promise<string>;

export async function loadSettings(store: KeyValue): Promise<Settings | null> {
  return (await store.get<Settings>(SETTINGS)) ?? null;
}

export async function disconnect(store: KeyValue): Promise<void> {
  await store.remove(SETTINGS);
}

/** The origin of a Connect still waiting for its approval (its connect page may hand a token over). */
export async function pendingOrigin(store: KeyValue, now: number): Promise<string | null> {
  const pending = await store.get<PendingConnect>(PENDING);
  return pending && now - pending.startedAt <= CONNECT_WINDOW_MS ? pending.origin : null;
}

/** Remembers a new approval to wait for; answers the page to open. */
export async function startConnect(
  store: KeyValue,
  address: string,
  now: number,
  random: () => string = () => crypto.randomUUID(),
): Promise<string> {
  const origin = folioOrigin(address);
  if (!origin) throw new ConnectError(CONNECT_MSG.badAddress);
  const state = random();
  await store.set(PENDING, { origin, state, startedAt: now } satisfies PendingConnect);
  const url = new URL(CONNECT_PATH, origin);
  url.searchParams.set('state', state);
  return url.href;
}

/** The token the connect page handed over (via the content script on `pageOrigin`). */
export async function finishConnect(
  store: KeyValue,
  handed: { state: string; token: string; pageOrigin: string },
  now: number,
  verify: VerifyToken,
): Promise<Settings> {
  const pending = await store.get<PendingConnect>(PENDING);
  if (!pending) throw new ConnectError(CONNECT_MSG.noPending);
  if (pending.origin !== handed.pageOrigin || !sameSecret(pending.state, handed.state)) {
    throw new ConnectError(CONNECT_MSG.mismatch);
  }
  await store.remove(PENDING);
  if (now - pending.startedAt > CONNECT_WINDOW_MS) throw new ConnectError(CONNECT_MSG.expired);
  return keep(store, pending.origin, handed.token, verify);
}

/** A token pasted in the options by hand. */
export async function connectWithToken(
  store: KeyValue,
  address: string,
  token: string,
  verify: VerifyToken,
): Promise<Settings> {
  const origin = folioOrigin(address);
  if (!origin) throw new ConnectError(CONNECT_MSG.badAddress);
  if (!token.trim()) throw new ConnectError(CONNECT_MSG.emptyToken);
  return keep(store, origin, token.trim(), verify);
}

async function keep(store: KeyValue, origin: string, token: string, verify: VerifyToken): Promise<Settings> {
  const userName = await verify(origin, token);
  const settings: Settings = { origin, token, userName };
  await store.set(SETTINGS, settings);
  return settings;
}

/** Compares two random strings without stopping at the first difference. */
function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
