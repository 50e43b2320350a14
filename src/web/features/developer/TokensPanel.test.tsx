// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, typeInto, withQueryClient } from '../../../../test/helpers/dom.ts';
import { NotificationProvider } from '../../ui/notifications/NotificationProvider.tsx';
import { TokensPanel } from './TokensPanel.tsx';

const dom = testRoot();
const ROW = {
  id: 7,
  name: 'Old script',
  scope: 'read',
  created_at: '2026-01-01T10:00:00.000Z',
  expires_at: null,
  last_used_at: null,
};
const TOKEN = 'folio_pat_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

function serve(_url: string, init?: RequestInit): Promise<Response> {
  const method = init?.method ?? 'GET';
  const reply =
    method === 'POST'
      ? { ...ROW, id: 8, name: 'Shortcut', scope: 'write', token: TOKEN }
      : method === 'DELETE'
        ? { code: 1 }
        : { tokens: [ROW] };
  return Promise.resolve(new Response(JSON.stringify(reply), { status: 200 }));
}

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement;
const sent = () =>
  vi.mocked(fetch).mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(serve));
});
afterEach(() => vi.unstubAllGlobals());

describe('TokensPanel', () => {
  it('shows a new token once, and revokes one only after a confirmation', async () => {
    const onMade = vi.fn();
    await act(async () =>
      dom.root.render(
        withQueryClient(
          <NotificationProvider>
            <TokensPanel onMade={onMade} />
          </NotificationProvider>,
        ),
      ),
    );
    await settle();
    expect(dom.container.textContent).toContain('Old script');

    typeInto(document.querySelector('input') as HTMLInputElement, 'Shortcut');
    const [scope] = document.querySelectorAll('select');
    typeInto(scope as HTMLSelectElement, 'write');
    await act(async () => button('Make token').click());
    await settle();
    const posted = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({ name: 'Shortcut', scope: 'write' });
    expect(document.querySelector('[data-testid="new-token"]')?.textContent).toBe(TOKEN);
    expect(onMade).toHaveBeenLastCalledWith(TOKEN);

    await act(async () => button('Done').click());
    expect(document.querySelector('[data-testid="new-token"]')).toBeNull();
    expect(onMade).toHaveBeenLastCalledWith(null);

    await act(async () =>
      (document.querySelector('[aria-label="Revoke Old script"]') as HTMLElement).click(),
    );
    await settle();
    expect(sent().some((s) => s.startsWith('DELETE'))).toBe(false);
    const confirm = [...document.querySelectorAll('[role="dialog"] button')].find(
      (b) => b.textContent?.trim() === 'Revoke',
    ) as HTMLButtonElement;
    await act(async () => confirm.click());
    await settle();
    expect(sent()).toContain('DELETE /api/tokens/7');
  });
});
