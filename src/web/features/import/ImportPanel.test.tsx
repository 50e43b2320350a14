// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, withQueryClient } from '../../../../test/helpers/dom.ts';
import type { ImportStatus } from '../../../shared/schemas/import.ts';
import { ImportPanel } from './ImportPanel.tsx';

const dom = testRoot();
let list: ImportStatus[];
let status: ImportStatus;

const base: ImportStatus = {
  job_id: 7,
  state: 'running',
  format: 'raindrop',
  format_label: 'Raindrop CSV',
  file_name: 'raindrop.csv',
  total: 40,
  done: 10,
  added: 8,
  merged: 1,
  skipped: 1,
  failed: 0,
  errors: [],
  message: null,
  created_at: '2026-11-28T00:00:00.000Z',
  finished_at: null,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const text = () => document.body.textContent ?? '';
const settle = async () => {
  for (let i = 0; i < 8; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};

beforeEach(() => {
  list = [];
  status = base;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(json(String(url).endsWith('/api/import') ? { imports: list } : status)),
    ),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ImportPanel', () => {
  it('offers a file and the formats, with the format recognised by default', async () => {
    await act(async () => dom.root.render(withQueryClient(<ImportPanel />)));
    await settle();
    const select = document.querySelector('select')!;
    expect(select.value).toBe('');
    expect([...select.options].map((o) => o.textContent)).toContain('Raindrop CSV');
    expect(document.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
  });

  it('picks up an import still running (after a reload) and shows its summary with each problem once it ends', async () => {
    list = [base];
    // the poll's timer is advanced by hand rather than waited for
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => dom.root.render(withQueryClient(<ImportPanel />)));
    await settle();
    expect(text()).toContain('10 of 40 entries');
    expect(document.querySelector('progress[aria-label="Import progress"]')!.getAttribute('value')).toBe(
      '25',
    );

    status = {
      ...base,
      state: 'done',
      done: 40,
      added: 30,
      merged: 5,
      skipped: 4,
      failed: 1,
      errors: [
        { line: 8, message: 'Not a web address: mailto:someone@example.com' },
        { entry: 12, message: 'Your highlight number is over quota' },
      ],
    };
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await settle();
    expect(text()).toContain('Import finished: 30 added, 5 merged into what you had, 4 skipped, 1 failed.');
    const problems = [...document.querySelectorAll('ul[aria-label="Skipped and failed entries"] li')].map(
      (li) => li.textContent,
    );
    expect(problems).toEqual([
      'Line 8 Not a web address: mailto:someone@example.com',
      'Entry 12 Your highlight number is over quota',
    ]);
  });
});
