// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, withQueryClient } from '../../../../test/helpers/dom.ts';
import type { PremiumInfoReply } from '../../../shared/schemas/premium.ts';
import { writeCookie } from '../../lib/cookies.ts';
import { FeedbackProvider } from '../feedback/FeedbackProvider.tsx';
import { PremiumPage } from './PremiumPage.tsx';
import { SOURCE_COOKIE } from './source-cookies.ts';

const prices = (monthPrice: number | null, yearPrice: number, canUpgradeTo = true) => ({
  monthPrice,
  yearPrice,
  canUpgradeTo,
  upgradeToYear: null,
  upgradeToMonth: null,
});
const VISITOR: PremiumInfoReply = {
  signedIn: false,
  servicePlan: 'free',
  planUnit: null,
  isBusiness: false,
  discount: 0,
  affiliate: null,
  expireTime: null,
  nextBillingDate: null,
  creditCardNum: null,
  method: null,
  nowPrice: null,
  cancelled: false,
  basic: prices(null, 10),
  standard: prices(5, 40),
  professional: prices(6, 59),
};
// 2030-01-15 12:00 UTC
const NEXT = 1_894_708_800;
const STANDARD: PremiumInfoReply = {
  ...VISITOR,
  signedIn: true,
  servicePlan: 'standard',
  planUnit: 'year',
  nextBillingDate: NEXT,
  method: 'card',
  creditCardNum: '**** **** **** 4242',
  nowPrice: 40,
  standard: prices(5, 40, false),
};

const dom = testRoot();
let info: PremiumInfoReply;
let posted: string[];
let infoUrls: string[];
let cancelReply: { code: number; message: string };

function serve(url: string, init?: RequestInit): Promise<Response> {
  if (init?.method === 'POST') {
    posted.push(url);
    return Promise.resolve(new Response(JSON.stringify(cancelReply), { status: 200 }));
  }
  if (url.startsWith('/interact_api/load_user_premium_info')) {
    infoUrls.push(url);
    return Promise.resolve(new Response(JSON.stringify(info), { status: 200 }));
  }
  return Promise.resolve(new Response(JSON.stringify({}), { status: 200 }));
}

const text = () => document.body.textContent ?? '';
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
const byLabel = (label: string) => document.querySelector<HTMLElement>(`[aria-label="${label}"]`);
const button = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === label) as
    | HTMLButtonElement
    | undefined;
async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

async function render(path = '/premium') {
  await act(async () =>
    dom.root.render(
      withQueryClient(
        <MemoryRouter initialEntries={[path]}>
          <FeedbackProvider>
            <PremiumPage />
          </FeedbackProvider>
        </MemoryRouter>,
      ),
    ),
  );
  await settle();
}

beforeEach(() => {
  posted = [];
  infoUrls = [];
  cancelReply = { code: 1, message: '' };
  vi.stubGlobal('fetch', vi.fn(serve));
});

afterEach(() => {
  vi.unstubAllGlobals();
  // the cookies the page wrote go
  writeCookie(SOURCE_COOKIE, '', 0);
});

describe('/premium', () => {
  it('shows a visitor the Free column and Choose plan links to sign up; keeps f, sends daf', async () => {
    info = VISITOR;
    await render('/premium?f=readability&daf=pal42');
    expect(headers()).toEqual(['Free', 'Standard', 'Professional', 'Business']);
    expect(byLabel('Choose plan: Standard')?.getAttribute('href')).toBe('/sign-up?plan=standard');
    expect(byLabel('Try for free: Business')?.getAttribute('href')).toMatch(/\/team$/);
    expect(text()).toContain('Save 33.3%');
    expect(text()).toContain('Save 18.1%');
    expect(infoUrls).toEqual(['/interact_api/load_user_premium_info?daf=pal42']);
    expect(document.cookie).toContain('premium_source=readability');
  });

  it("reads each price line as words: the year price, the month's in brackets, the saving apart", async () => {
    info = VISITOR;
    await render();
    const row = [...document.querySelectorAll('tbody tr')].find(
      (r) => r.querySelector('th')?.textContent === 'Price',
    );
    const cells = [...(row?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
    // Free, Standard, Professional, Business (spec part 2 §9: 'Standard 40 per year (monthly 5)')
    expect(cells.slice(1, 3)).toEqual([
      '$40 per year (monthly $5) Save 33.3% by paying yearly',
      '$59 per year (monthly $6) Save 18.1% by paying yearly',
    ]);
  });

  it('hides Free from a signed-in user, disables a plan without canUpgradeTo, offers Upgrade to the others', async () => {
    info = STANDARD;
    await render();
    expect(headers()).toEqual(['Standard (your plan)', 'Professional', 'Business']);
    expect((byLabel('Current plan: Standard') as HTMLButtonElement).disabled).toBe(true);
    expect(byLabel('Upgrade: Professional')?.getAttribute('href')).toBe('/premium/upgrade?p=professional');
  });

  it('cancels through the dialog showing the next billing date, then asks for feedback and hides Cancel', async () => {
    info = STANDARD;
    await render();
    await act(async () => button('Cancel')!.click());
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('January 15, 2030');
    await act(async () => button('Cancel subscription')!.click());
    await settle();
    expect(posted).toEqual(['/api/settings/cancelSubscribe']);
    expect(text()).toContain('Your subscription has been cancelled');
    expect(button('Send feedback')).toBeDefined();
    expect(button('Cancel')).toBeUndefined();
  });

  it("says 'Cancel subscription failed.' when the server refuses", async () => {
    info = STANDARD;
    cancelReply = { code: 0, message: 'no' };
    await render();
    await act(async () => button('Cancel')!.click());
    await act(async () => button('Cancel subscription')!.click());
    await settle();
    expect(document.querySelector('[role="dialog"] [role="alert"]')?.textContent).toBe(
      'Cancel subscription failed.',
    );
    expect(button('Cancel')).toBeDefined();
  });
});
