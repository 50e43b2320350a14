import { describe, expect, it } from 'vitest';
import {
  CONNECT_MSG,
  CONNECT_WINDOW_MS,
  connectWithToken,
  finishConnect,
  loadSettings,
  startConnect,
} from './connect.ts';
import { memoryStore } from './storage.ts';

const FOLIO = 'https://folio.example';
const verifyAs = (name: string) => async (origin: string, token: string) => {
  if (token !== 'good-token') throw new Error('The token is not valid.');
  expect(origin).toBe(FOLIO);
  return name;
};

async function started(now = 1_000) {
  const store = memoryStore();
  const page = await startConnect(store, 'folio.example/user/ann', now, () => 'state-1');
  return { store, page };
}

describe('the connect handshake', () => {
  it('opens the connect page of the typed Folio with a fresh state', async () => {
    const { page } = await started();
    expect(page).toBe(`${FOLIO}/extension/connect?state=state-1`);
  });

  it('keeps the token handed back from that origin with that state, once Folio accepts it', async () => {
    const { store } = await started();
    const settings = await finishConnect(
      store,
      { state: 'state-1', token: 'good-token', pageOrigin: FOLIO },
      2_000,
      verifyAs('ann'),
    );
    expect(settings).toEqual({ origin: FOLIO, token: 'good-token', userName: 'ann' });
    expect(await loadSettings(store)).toEqual(settings);
    // the state is used once
    await expect(
      finishConnect(
        store,
        { state: 'state-1', token: 'good-token', pageOrigin: FOLIO },
        2_000,
        verifyAs('ann'),
      ),
    ).rejects.toThrow(CONNECT_MSG.noPending);
  });

  it('refuses a token nobody asked for, from another origin, with another state, or too late', async () => {
    const none = memoryStore();
    await expect(
      finishConnect(none, { state: 'x', token: 'good-token', pageOrigin: FOLIO }, 0, verifyAs('ann')),
    ).rejects.toThrow(CONNECT_MSG.noPending);

    const other = await started();
    await expect(
      finishConnect(
        other.store,
        { state: 'state-1', token: 'good-token', pageOrigin: 'https://evil.example' },
        2_000,
        verifyAs('ann'),
      ),
    ).rejects.toThrow(CONNECT_MSG.mismatch);
    await expect(
      finishConnect(
        other.store,
        { state: 'state-2', token: 'good-token', pageOrigin: FOLIO },
        2_000,
        verifyAs('ann'),
      ),
    ).rejects.toThrow(CONNECT_MSG.mismatch);

    const late = await started(0);
    await expect(
      finishConnect(
        late.store,
        { state: 'state-1', token: 'good-token', pageOrigin: FOLIO },
        CONNECT_WINDOW_MS + 1,
        verifyAs('ann'),
      ),
    ).rejects.toThrow(CONNECT_MSG.expired);
    expect(await loadSettings(late.store)).toBeNull();
  });

  it('keeps nothing when Folio refuses the token', async () => {
    const { store } = await started();
    await expect(
      finishConnect(
        store,
        { state: 'state-1', token: 'bad-token', pageOrigin: FOLIO },
        2_000,
        verifyAs('ann'),
      ),
    ).rejects.toThrow('The token is not valid.');
    expect(await loadSettings(store)).toBeNull();
  });

  it('takes a pasted token for a valid address', async () => {
    const store = memoryStore();
    await expect(connectWithToken(store, 'ftp://x', 'good-token', verifyAs('ann'))).rejects.toThrow(
      CONNECT_MSG.badAddress,
    );
    await expect(connectWithToken(store, FOLIO, '  ', verifyAs('ann'))).rejects.toThrow(
      CONNECT_MSG.emptyToken,
    );
    expect(await connectWithToken(store, `${FOLIO}/`, ' good-token ', verifyAs('bo'))).toEqual({
      origin: FOLIO,
      token: 'good-token',
      userName: 'bo',
    });
  });
});
