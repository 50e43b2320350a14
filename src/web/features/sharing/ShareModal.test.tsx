// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, withQueryClient } from '../../../../test/helpers/dom.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { NotificationProvider } from '../../ui/notifications/NotificationProvider.tsx';
import { ShareModal } from './ShareModal.tsx';

const dom = testRoot();
const LINK = 'http://localhost:3000/s/AAAAAAAAAAAAAAAAAAAAAA';
let requests: { method: string; url: string; body: unknown }[];
let hasLink: boolean;

const item = {
  link_id: 7,
  title: 'A page',
  type_name: 'bookmark',
  annotation_count: 0,
  private: 1,
  annotations: [],
} as unknown as ItemReply;

/** The server at its interface, fetch: get_share_url reads the link, /api/sharing/create makes it. */
function serve(url: string, init?: RequestInit) {
  const method = init?.method ?? 'GET';
  requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  if (method === 'POST' && url.startsWith('/api/sharing/create')) hasLink = true;
  const body = hasLink
    ? { code: 1, link_id: 7, item_url: LINK, file_url: '' }
    : { code: 0, link_id: 7, item_url: '', file_url: '' };
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
}

const dialog = () => document.querySelector('[role="dialog"]')!;
const button = (label: string) =>
  [...dialog().querySelectorAll('button')].find((b) => b.textContent === label) as
    | HTMLButtonElement
    | undefined;
const linkField = () => dialog().querySelector<HTMLInputElement>('input[aria-label="Share link"]');

async function open() {
  await act(async () =>
    dom.root.render(
      withQueryClient(
        <NotificationProvider>
          <ShareModal item={item} onClose={() => {}} />
        </NotificationProvider>,
      ),
    ),
  );
  await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0));
}

beforeEach(() => {
  requests = [];
  hasLink = false;
  vi.stubGlobal('fetch', vi.fn(serve));
});
afterEach(() => {
  act(() => dom.root.render(null));
  vi.unstubAllGlobals();
});

describe('ShareModal', () => {
  it('opening it makes no link: it offers Create link, which makes it', async () => {
    await open();
    await vi.waitFor(() => expect(button('Create link')).toBeDefined());
    expect(requests.every((r) => r.method === 'GET')).toBe(true);
    expect(linkField()).toBeNull();
    expect(dialog().textContent).toContain('has no share link');

    await act(async () => {
      button('Create link')!.click();
    });
    await vi.waitFor(() => expect(linkField()?.value).toBe(LINK));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/sharing/create', body: { link_id: 7 } },
    ]);
  });

  it('shows an existing link at once', async () => {
    hasLink = true;
    await open();
    await vi.waitFor(() => expect(linkField()?.value).toBe(LINK));
    expect(requests.every((r) => r.method === 'GET')).toBe(true);
  });
});
