// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, typeInto, withQueryClient } from '../../../../test/helpers/dom.ts';
import type { WebhookReply } from '../../../shared/schemas/webhooks.ts';
import { WebhooksPanel } from './WebhooksPanel.tsx';

const dom = testRoot();

const HOOK: WebhookReply = {
  id: 7,
  url: 'https://hooks.example.com/folio',
  events: ['item.created', 'item.deleted'],
  enabled: true,
  failure_count: 0,
  created_at: '2026-01-01T10:00:00.000Z',
  deliveries: [
    {
      event_id: 'e2',
      event: 'item.created',
      status_code: 500,
      error: null,
      attempt: 1,
      at: '2026-01-02T10:00:00.000Z',
    },
    {
      event_id: 'e1',
      event: 'webhook.test',
      status_code: 200,
      error: null,
      attempt: 1,
      at: '2026-01-01T11:00:00.000Z',
    },
  ],
};

/** What the server holds for this test, and the calls the panel made. */
let hooks: WebhookReply[];
let listStatus: number;
const calls: string[] = [];

function serve(url: string, init?: RequestInit): Promise<Response> {
  const method = init?.method ?? 'GET';
  calls.push(`${method} ${url}`);
  const json = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (method === 'GET' && url === '/api/webhooks') {
    return listStatus === 200
      ? json({ webhooks: hooks })
      : json({ code: -1, message: 'Server trouble.' }, 500);
  }
  if (method === 'POST' && url === '/api/webhooks') {
    const body = JSON.parse(String(init?.body));
    if (body.url.startsWith('http://10.')) {
      return json({ code: -1, message: 'This URL points to a private address.', field: 'url' }, 400);
    }
    hooks = [...hooks, { ...HOOK, id: 8, url: body.url, events: body.events, deliveries: [] }];
    return json({ id: 8, secret: 'whsec_shown-once' });
  }
  if (method === 'DELETE') {
    hooks = hooks.filter((h) => `/api/webhooks/${h.id}` !== url);
    return json({ ok: true });
  }
  if (method === 'POST' && url.endsWith('/test')) return json({ ok: true });
  return json({ code: -1, message: 'Not found.' }, 404);
}

async function settle() {
  for (let i = 0; i < 6; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}
const button = (label: string) =>
  [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
const click = async (el: Element | undefined) => {
  expect(el).toBeDefined();
  await act(async () => (el as HTMLElement).click());
  await settle();
};
async function render() {
  await act(async () => dom.root.render(withQueryClient(<WebhooksPanel />)));
  await settle();
}

beforeEach(() => {
  hooks = [HOOK];
  listStatus = 200;
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(serve));
});
afterEach(() => vi.unstubAllGlobals());

describe('WebhooksPanel', () => {
  it('lists each webhook with its events, state and last deliveries with their status codes', async () => {
    await render();
    const entry = dom.container.querySelector('li[aria-label="https://hooks.example.com/folio"]');
    expect(entry?.textContent).toContain('item.created, item.deleted');
    expect(entry?.textContent).toContain('On');
    const rows = [...(entry?.querySelectorAll('tbody tr') ?? [])].map((r) => r.textContent);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('500');
    expect(rows[1]).toContain('200');
    expect(rows[1]).toContain('webhook.test');
  });

  it('shows the empty and the error states', async () => {
    hooks = [];
    await render();
    expect(dom.container.textContent).toContain('No webhooks yet.');
    dom.remount();
    listStatus = 500;
    await render();
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toContain('Server trouble.');
  });

  it('adds a webhook for the chosen events and shows its secret once, with Copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await render();
    typeInto(dom.container.querySelector('input[type="url"]')!, 'https://receiver.example.org/in');
    const annotationBox = [...dom.container.querySelectorAll('label')]
      .find((l) => l.textContent === 'annotation.created')
      ?.querySelector('input');
    await click(annotationBox ?? undefined);
    await click(button('Add webhook'));
    const post = vi.mocked(fetch).mock.calls.find(([u, i]) => u === '/api/webhooks' && i?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      url: 'https://receiver.example.org/in',
      events: ['item.created', 'annotation.created'],
    });
    expect(dom.container.querySelector('[data-testid="webhook-secret"]')?.textContent).toBe(
      'whsec_shown-once',
    );
    await click(button('Copy'));
    expect(writeText).toHaveBeenCalledWith('whsec_shown-once');
    expect(button('Copied')).toBeDefined();
    await click(button('Done'));
    expect(dom.container.textContent).not.toContain('whsec_shown-once');
    expect(dom.container.querySelector('li[aria-label="https://receiver.example.org/in"]')).not.toBeNull();
  });

  it("shows the server's refusal of a URL beside the field", async () => {
    await render();
    typeInto(dom.container.querySelector('input[type="url"]')!, 'http://10.0.0.5/in');
    await click(button('Add webhook'));
    expect(dom.container.querySelector('input[type="url"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(dom.container.textContent).toContain('This URL points to a private address.');
  });

  it('sends a test, and deletes only after the confirmation', async () => {
    await render();
    await click(button('Send test'));
    expect(calls).toContain('POST /api/webhooks/7/test');
    expect(dom.container.textContent).toContain('Test queued');
    await click(button('Delete'));
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    await click(button('Cancel'));
    await click(button('Delete'));
    await click(button('Delete webhook'));
    expect(calls).toContain('DELETE /api/webhooks/7');
    expect(dom.container.textContent).toContain('No webhooks yet.');
  });
});
