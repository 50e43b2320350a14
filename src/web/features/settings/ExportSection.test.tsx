// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, withQueryClient } from '../../../../test/helpers/dom.ts';
import type {
  BackupScheduleReply,
  LibraryExportList,
  LibraryExportStatus,
} from '../../../shared/schemas/library-export.ts';
import { ExportSection } from './ExportSection.tsx';

const dom = testRoot();
let list: LibraryExportList;
let schedule: BackupScheduleReply;
let sent: { url: string; method: string; body: unknown }[];

const ready: LibraryExportStatus = {
  job_id: 4,
  format: 'netscape',
  state: 'ready',
  bytes: 3 * 1024 * 1024,
  download_url: '/api/export/library/4/download',
  scheduled: false,
  message: null,
  created_at: '2026-11-28T06:00:00.000Z',
  finished_at: '2026-11-28T06:00:02.000Z',
  expires_at: '2026-11-29T06:00:02.000Z',
};
const formats: LibraryExportList['formats'] = [
  { name: 'netscape', label: 'Bookmarks HTML', hint: 'For browsers', extension: 'html' },
  { name: 'markdown', label: 'Markdown vault', hint: 'For Obsidian and Logseq', extension: 'zip' },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const text = () => document.body.textContent ?? '';
const settle = async () => {
  for (let i = 0; i < 8; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};
const button = (label: string) =>
  [...document.querySelectorAll('button')].find(
    (b) => b.getAttribute('aria-label') === label || b.textContent === label,
  )!;
const field = (label: string) =>
  [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.control as
    | HTMLSelectElement
    | HTMLInputElement;

beforeEach(() => {
  sent = [];
  list = { formats, exports: [] };
  schedule = {
    frequency: 'off',
    keep: 7,
    destination: 'server',
    next_run_at: null,
    last_run_at: null,
    last_result: null,
    last_message: null,
    drives: { webdav: true, google_drive: false },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, method, body });
      if (url === '/api/export/library' && method === 'POST') {
        list = {
          formats,
          exports: [{ ...ready, job_id: 5, state: 'running', bytes: 0, download_url: null }],
        };
        return Promise.resolve(json({ job_id: 5 }));
      }
      if (url === '/api/export/library') return Promise.resolve(json(list));
      if (url === '/api/export/backup-schedule' && method === 'POST') {
        schedule = {
          ...schedule,
          ...body,
          next_run_at: '2026-11-28T07:00:00.000Z',
        };
        return Promise.resolve(json(schedule));
      }
      return Promise.resolve(json(schedule));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function render() {
  await act(async () => dom.root.render(withQueryClient(<ExportSection />)));
  await settle();
}

describe('Settings > Export', () => {
  it('lists the formats the server writes, and says when there are no exports yet', async () => {
    await render();
    const items = [...document.querySelectorAll('[aria-label="Export formats"] li')];
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual([
      'Bookmarks HTML',
      'Markdown vault',
    ]);
    expect(text()).toContain('.zip: For Obsidian and Logseq');
    expect(text()).toContain('No exports yet.');
  });

  it('starts an export and shows it in progress', async () => {
    await render();
    await act(async () => button('Export Markdown vault').click());
    await settle();
    expect(sent).toContainEqual({ url: '/api/export/library', method: 'POST', body: { format: 'markdown' } });
    expect(text()).toContain('Writing...');
    expect(document.querySelector('progress[aria-label="Bookmarks HTML in progress"]')).not.toBeNull();
    expect(
      button('Export Bookmarks HTML').getAttribute('aria-busy') ?? button('Export Bookmarks HTML').disabled,
    ).toBeTruthy();
  });

  it('shows a ready export with its size, times and download, and a failed one with why', async () => {
    list = {
      formats,
      exports: [
        ready,
        {
          ...ready,
          job_id: 3,
          format: 'markdown',
          state: 'failed',
          bytes: 0,
          download_url: null,
          message: 'The export stopped on an error.',
        },
        { ...ready, job_id: 2, state: 'expired', download_url: null },
      ],
    };
    await render();
    const runs = [...document.querySelectorAll('[aria-label="Your exports"] li')];
    expect(runs.map((r) => r.getAttribute('data-state'))).toEqual(['ready', 'failed', 'expired']);
    expect(runs[0]!.textContent).toContain('3.0 MB, made ');
    expect(runs[0]!.textContent).toContain('kept until ');
    expect(runs[0]!.querySelector('a')?.getAttribute('href')).toBe('/api/export/library/4/download');
    expect(runs[1]!.textContent).toContain('The export stopped on an error.');
    expect(runs[1]!.querySelector('a')).toBeNull();
    expect(runs[2]!.textContent).toContain('Expired ');
  });

  it('saves the schedule, offering only the drives connected, and shows the last run', async () => {
    schedule = {
      ...schedule,
      last_run_at: '2026-11-27T06:00:00.000Z',
      last_result: 'failed',
      last_message: 'Kept on the server, but not sent to WebDAV: Save failed!',
    };
    await render();
    expect(text()).toContain('failed. Kept on the server, but not sent to WebDAV: Save failed!');
    const destination = field('Also send to') as HTMLSelectElement;
    expect([...destination.options].map((o) => [o.value, o.disabled])).toEqual([
      ['server', false],
      ['webdav', false],
      ['google_drive', true],
    ]);
    await act(async () => {
      const frequency = field('Back up') as HTMLSelectElement;
      frequency.value = 'weekly';
      frequency.dispatchEvent(new Event('change', { bubbles: true }));
      destination.value = 'webdav';
      destination.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => button('Save schedule').click());
    await settle();
    expect(sent).toContainEqual({
      url: '/api/export/backup-schedule',
      method: 'POST',
      body: { frequency: 'weekly', keep: 7, destination: 'webdav' },
    });
    expect(text()).toContain('Saved.');
    expect(text()).toContain('Next backup after ');
  });
});
