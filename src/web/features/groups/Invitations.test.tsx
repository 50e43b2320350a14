// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, withQueryClient } from '../../../../test/helpers/dom.ts';
import type { InvitationReply } from '../../../shared/schemas/groups.ts';
import { queryKeys } from '../../api/keys.ts';
import { NotificationProvider } from '../../ui/notifications/NotificationProvider.tsx';
import { AcceptInvitePage } from './AcceptInvitePage.tsx';
import { GroupsPage } from './GroupsPage.tsx';
import { useInvitationNotices } from './invitation-notices.ts';

const G = '/group_api/interact_api';
const INVITATION: InvitationReply = {
  invite_id: 41,
  group: { group_id: 7, g_name: 'readers7', displayName: 'Evening readers', accessMode: 5, mode: 'team' },
  inviter: { name: 'ann', display_name: 'Ann Lee' },
  created_at: 1_800_000_000,
  expires_at: 1_801_000_000,
};
const TEXT = 'Ann Lee (ann) invited you to join the team “Evening readers”.';
const JOINED = {
  group_id: 7,
  name: 'readers7',
  g_name: 'readers7',
  displayName: 'Evening readers',
  description: '',
  accessMode: 5,
  mode: 'team',
  role: 'member',
  member_count: 2,
  item_count: 0,
  owner: 'ann',
  created_at: 1_800_000_000,
};

const dom = testRoot();
let pending: InvitationReply[];
let posted: { url: string; body: unknown }[];

function serve(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const json = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (init?.method === 'POST') {
    posted.push({ url, body: JSON.parse(String(init.body)) });
    if (url.startsWith(`${G}/accept_invitation`)) {
      pending = [];
      return json({ code: 1, group: JOINED });
    }
    if (url.startsWith(`${G}/decline_invitation`)) {
      pending = [];
      return json({ code: 1 });
    }
  }
  if (url.startsWith(`${G}/load_invitations`)) return json({ code: 1, data: { invitations: pending } });
  if (url.startsWith(`${G}/load_invitation?`)) {
    return url.includes('token=someone-elses-token-000')
      ? json({ code: -1, message: 'This invitation was sent to another user.' }, 403)
      : json({ code: 1, invitation: INVITATION });
  }
  if (url.startsWith('/interact_api/load_user_groups')) return json({ code: 1, data: { groups: [] } });
  return json({ code: -1, message: `unexpected ${url}` }, 404);
}

const text = () => document.body.textContent ?? '';
const button = (label: string) =>
  document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`) ??
  ([...document.querySelectorAll('button')].find((b) => b.textContent === label) as HTMLButtonElement);

async function settle() {
  for (let i = 0; i < 8; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

function Notices() {
  useInvitationNotices(true);
  return null;
}

async function render(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.userInfo, { name: 'bob' });
  await act(async () =>
    dom.root.render(
      withQueryClient(
        <NotificationProvider>
          <MemoryRouter initialEntries={[path]}>
            <Notices />
            <Routes>
              <Route path="/groups" element={<GroupsPage />} />
              <Route path="/groups/accept" element={<AcceptInvitePage />} />
              <Route path="/group/:gName" element={<p>Group page</p>} />
            </Routes>
          </MemoryRouter>
        </NotificationProvider>,
        client,
      ),
    ),
  );
  await settle();
}

beforeEach(() => {
  pending = [INVITATION];
  posted = [];
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(serve));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('My Groups', () => {
  it('lists a pending invitation naming the group and the inviter, and accepting opens the group', async () => {
    await render('/groups');
    const section = document.querySelector('section[aria-labelledby="group-invitations"]');
    expect(section?.textContent).toContain(TEXT);
    await act(async () => button('Accept the invitation to Evening readers').click());
    await settle();
    expect(posted).toEqual([{ url: `${G}/accept_invitation`, body: { invite_id: 41 } }]);
    expect(text()).toContain('Group page');
  });

  it('declines there, and the invitation leaves the list', async () => {
    await render('/groups');
    await act(async () => button('Decline the invitation to Evening readers').click());
    await settle();
    expect(posted).toEqual([{ url: `${G}/decline_invitation`, body: { invite_id: 41 } }]);
    expect(document.querySelector('section[aria-labelledby="group-invitations"]')).toBeNull();
  });
});

describe('the notifications', () => {
  it('tell of a pending invitation once, with a way to My Groups', async () => {
    await render('/group/other');
    const notices = () =>
      [...document.querySelectorAll('[aria-label="Notifications"] [role="status"]')].map(
        (n) => n.textContent,
      );
    expect(notices()).toEqual([expect.stringContaining(TEXT)]);
    await act(async () => button('Show invitations').click());
    await settle();
    expect(text()).toContain('Invitations');

    // another visit in this browser: already told
    dom.remount();
    await render('/group/other');
    expect(notices()).toEqual([]);
  });
});

describe('the invitation page', () => {
  it('names the group and the inviter', async () => {
    pending = [];
    await render('/groups/accept?token=a-token-of-the-mail-00');
    expect(text()).toContain(TEXT);
    expect(button('Accept invitation').disabled).toBe(false);
  });

  it("says so when the invitation is another user's", async () => {
    pending = [];
    await render('/groups/accept?token=someone-elses-token-000');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'This invitation was sent to another user.',
    );
    expect(text()).not.toContain('Evening readers');
  });
});
