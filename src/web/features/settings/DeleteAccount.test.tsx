// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, typeInto, withQueryClient } from '../../../../test/helpers/dom.ts';
import type { LibraryExportStatus } from '../../../shared/schemas/library-export.ts';
import type { UserSettingReply } from '../../../shared/schemas/settings.ts';
import { DeleteAccount } from './DeleteAccount.tsx';

const dom = testRoot();
let posted: { url: string; body: unknown }[];
let exports: LibraryExportStatus[];

const markdown = { name: 'markdown', label: 'Markdown vault', hint: 'For Obsidian', extension: 'zip' };
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const field = (label: string) =>
  [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.control as HTMLInputElement;
const text = () => document.body.textContent ?? '';

const run: LibraryExportStatus = {
  job_id: 3,
  format: 'markdown',
  state: 'queued',
  bytes: 0,
  download_url: null,
  scheduled: false,
  message: null,
  created_at: '2026-11-28T06:00:00.000Z',
  finished_at: '2026-11-28T06:00:01.000Z',
  expires_at: '2026-11-29T06:00:01.000Z',
};

const settle = async () => {
  for (let i = 0; i < 8; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};

async function submit() {
  await act(async () => {
    document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

beforeEach(async () => {
  posted = [];
  exports = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/export/library') {
        if (init?.method !== 'POST') return Promise.resolve(json({ formats: [markdown], exports }));
        exports = [{ ...run, state: 'ready', bytes: 2048, download_url: '/api/export/library/3/download' }];
        return Promise.resolve(json({ job_id: 3 }));
      }
      posted.push({ url, body: JSON.parse(String(init?.body)) });
      return Promise.resolve(json({ code: 0, message: 'Your password is incorrect.' }));
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
  it('offers a backup first: the most complete copy the server writes, then its download', async () => {
    await settle();
    expect(text()).toContain('Keep a copy before you go: a Markdown vault of your whole library.');
    const make = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Make a Markdown vault',
    );
    await act(async () => make!.click());
    await settle();
    const link = [...document.querySelectorAll('a')].find((a) =>
      a.textContent?.includes('Download your Markdown vault'),
    );
    expect(link?.getAttribute('href')).toBe('/api/export/library/3/download');
    expect(link?.textContent).toContain('2.0 KB');
    expect(posted).toEqual([]);
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
