// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, typeInto, withQueryClient } from '../../../../test/helpers/dom.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { NotificationProvider } from '../../ui/notifications/NotificationProvider.tsx';
import { SendEmailModal } from './SendEmailModal.tsx';

const dom = testRoot();
let posted: { url: string; body: unknown }[];

const item = {
  link_id: 7,
  title: 'A page',
  // the row shows two of its four annotations collapsed
  annotation_count: 4,
  annotations: [
    { id: 1, shape: 0, content: 'first highlight', stickyNotes: [] },
    { id: 2, shape: 2, content: 'a float note', stickyNotes: [] },
  ],
} as unknown as ItemReply;

/** The server at its interface, fetch: contacts, and a send_msg that succeeds. */
function serve(url: string, init?: RequestInit) {
  if (init?.method === 'POST') posted.push({ url, body: JSON.parse(String(init.body)) });
  const body = url.startsWith('/interact_api/load_contacts')
    ? { code: 1, contacts: [{ id: 'c3', name: 'pal@example.org', email: 'pal@example.org', kind: 'mailed' }] }
    : { code: 1, message: 'Email has been sent.', sent: 1 };
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
}

const dialog = () => document.querySelector('[role="dialog"]')!;
const toInput = () => dialog().querySelector('input')!;
const chips = () => [...dialog().querySelectorAll('ul[aria-label^="To"] li')].map((li) => li.textContent);
const text = () => document.body.textContent ?? '';

function press(el: HTMLElement, key: string) {
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}
const button = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === label) as HTMLButtonElement;
async function click(el: HTMLElement) {
  await act(async () => {
    el.click();
  });
}

beforeEach(async () => {
  posted = [];
  vi.stubGlobal('fetch', vi.fn(serve));
  await act(async () =>
    dom.root.render(
      withQueryClient(
        <NotificationProvider>
          <SendEmailModal items={[item]} onClose={() => {}} />
        </NotificationProvider>,
      ),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SendEmailModal', () => {
  it('collects recipients as chips: Enter, Tab and blur add; duplicates and blanks are ignored; Backspace removes', () => {
    typeInto(toInput(), 'one@example.org');
    press(toInput(), 'Enter');
    typeInto(toInput(), 'two@example.org');
    press(toInput(), 'Tab');
    typeInto(toInput(), 'ONE@example.org');
    press(toInput(), 'Enter');
    typeInto(toInput(), '   ');
    press(toInput(), 'Enter');
    typeInto(toInput(), 'three@example.org');
    act(() => toInput().dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(chips()).toEqual(['one@example.org', 'two@example.org', 'three@example.org']);
    press(toInput(), 'Backspace');
    expect(chips()).toEqual(['one@example.org', 'two@example.org']);
  });

  it("shows the spec's warnings and sends nothing without a subject or a valid recipient", async () => {
    const subject = dialog().querySelectorAll('input')[1]!;
    typeInto(subject, '');
    await click(button('Send'));
    expect(text()).toContain('Please fill subject');
    expect(text()).toContain('Please fill valid email address.');
    typeInto(toInput(), 'bob@host');
    press(toInput(), 'Enter');
    typeInto(subject, 'Hello');
    await click(button('Send'));
    expect(text()).toContain('Please fill valid email address.');
    expect(posted).toEqual([]);
  });

  it('says every highlight and note goes with the mail, not only those the row shows', () => {
    expect(text()).toContain('All 4 highlights and notes go with the e-mail, each under its item.');
    expect(text()).not.toContain('first highlight');
  });

  it("posts the spec's payload with the item's highlights as quotes", async () => {
    typeInto(toInput(), 'friend@example.org');
    press(toInput(), 'Enter');
    // a contact offered below the field
    await click(button('pal@example.org'));
    await click(button('Send'));
    expect(posted).toEqual([
      {
        url: '/message_mana/send_msg',
        body: {
          send_type: 'some',
          send_to: { friends: ['c3'], emails: ['friend@example.org'], lists: [], usernames: [] },
          message: '',
          privacy: 'private',
          subject: 'A page',
          quotes: ['first highlight'],
          link_ids: [7],
        },
      },
    ]);
    expect(text()).toContain('Email has been sent.');
  });
});
