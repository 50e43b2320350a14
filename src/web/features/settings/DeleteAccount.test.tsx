// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, typeInto, withQueryClient } from '../../../../test/helpers/dom.ts';
import type { UserSettingReply } from '../../../shared/schemas/settings.ts';
import { DeleteAccount } from './DeleteAccount.tsx';

const dom = testRoot();
let posted: { url: string; body: unknown }[];

const field = (label: string) =>
  [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.control as HTMLInputElement;
const text = () => document.body.textContent ?? '';

async function submit() {
  await act(async () => {
    document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

beforeEach(async () => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      posted.push({ url, body: JSON.parse(String(init?.body)) });
      return Promise.resolve(
        new Response(JSON.stringify({ code: 0, message: 'Your password is incorrect.' })),
      );
    }),
  );
  const s = { name: 'alice_reader', hidePassword: false } as UserSettingReply;
  await act(async () =>
    dom.root.render(
      withQueryClient(
        <MemoryRouter>
          <DeleteAccount s={s} />
        </MemoryRouter>,
      ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Delete Account', () => {
  it('offers a backup first: a link to the library, where Export as csv is', () => {
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Export your items first');
    expect(link?.getAttribute('href')).toBe('/user/alice_reader');
  });

  it('says an empty password is required, and sends nothing', async () => {
    typeInto(field('Type your user name, alice_reader, to confirm'), 'alice_reader');
    await submit();
    expect(text()).toContain('Please enter your password.');
    expect(posted).toEqual([]);
  });

  it('asks for the user name typed before deleting, then sends the password', async () => {
    typeInto(field('Password'), 'secret123');
    await submit();
    expect(text()).toContain('Type alice_reader to confirm.');
    expect(posted).toEqual([]);

    typeInto(field('Type your user name, alice_reader, to confirm'), 'alice_readr');
    await submit();
    expect(posted).toEqual([]);

    typeInto(field('Type your user name, alice_reader, to confirm'), ' alice_reader ');
    await submit();
    expect(posted).toEqual([{ url: '/api/settings/deleteUser', body: { password: 'secret123' } }]);
    expect(text()).toContain('Your password is incorrect.');
  });
});
