// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, typeInto, withQueryClient } from '../../../../test/helpers/dom.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { NotificationProvider } from '../../ui/notifications/NotificationProvider.tsx';
import { NoteMailButton } from './NoteMail.tsx';

const dom = testRoot();
let posted: { url: string; body: unknown }[];

const note = { link_id: 42, type_name: 'note', title: 'Old title', annotations: [] } as unknown as ItemReply;

function serve(url: string, init?: RequestInit) {
  if (init?.method === 'POST') posted.push({ url, body: JSON.parse(String(init.body)) });
  const body = url.startsWith('/interact_api/load_contacts')
    ? { code: 1, contacts: [] }
    : { code: 1, message: 'Email has been sent.', sent: 1 };
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
}

const button = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === label) as
    | HTMLButtonElement
    | undefined;
const dialog = () => document.querySelector('[role="dialog"]');

beforeEach(async () => {
  posted = [];
  vi.stubGlobal('fetch', vi.fn(serve));
  await act(async () =>
    dom.root.render(
      withQueryClient(
        <NotificationProvider>
          <NoteMailButton item={note} title="My note" />
        </NotificationProvider>,
      ),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a note page offers Send an Email', () => {
  it('opens the Send an Email dialog with the note under its current title and sends it', async () => {
    expect(dialog()).toBeNull();
    await act(async () => button('Send an Email')!.click());
    expect(dialog()).not.toBeNull();
    const [to, subject] = [...dialog()!.querySelectorAll('input')];
    expect(subject!.value).toBe('My note');
    typeInto(to!, 'friend@example.org');
    act(() => {
      to!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await act(async () => button('Send')!.click());
    expect(posted).toEqual([
      {
        url: '/message_mana/send_msg',
        body: expect.objectContaining({
          subject: 'My note',
          link_ids: [42],
          send_to: expect.objectContaining({ emails: ['friend@example.org'] }),
        }),
      },
    ]);
  });
});
