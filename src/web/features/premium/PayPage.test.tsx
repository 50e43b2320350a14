// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, typeInto, withQueryClient } from '../../../../test/helpers/dom.ts';
import type { PremiumInfoReply } from '../../../shared/schemas/premium.ts';
import { PayPage } from './PayPage.tsx';

const prices = (monthPrice: number | null, yearPrice: number) => ({
  monthPrice,
  yearPrice,
  canUpgradeTo: true,
  upgradeToYear: null,
  upgradeToMonth: null,
});
const INFO: PremiumInfoReply = {
  signedIn: true,
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

const dom = testRoot();
let posted: Record<string, string>[];
/** what the payment call answers: a reply body, '' for an empty reply, or null to fail the request */
let answer: (() => Promise<Response>) | null;
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

function serve(url: string, init?: RequestInit): Promise<Response> {
  if (url.startsWith('/interact_api/load_user_premium_info')) {
    return Promise.resolve(new Response(JSON.stringify(INFO), { status: 200 }));
  }
  posted.push(JSON.parse(String(init?.body)));
  if (!answer) return Promise.reject(new TypeError('network down'));
  return answer();
}

const reply = (body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
const text = () => document.body.textContent ?? '';
const input = (name: string) =>
  document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
const button = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === label) as HTMLButtonElement;

async function submit() {
  await act(async () => {
    document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}
async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

async function render(path: string) {
  await act(async () =>
    dom.root.render(
      withQueryClient(
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/premium/pay" element={<PayPage />} />
            <Route path="/premium" element={<p>Plans page</p>} />
          </Routes>
        </MemoryRouter>,
      ),
    ),
  );
  await settle();
}

function fillCard() {
  typeInto(input('card_number'), '4242 4242 4242 4242');
  typeInto(input('exp_month'), '04');
  typeInto(input('exp_year'), String(new Date().getFullYear() + 2));
  typeInto(input('cvc'), '123');
}

beforeEach(() => {
  posted = [];
  answer = reply({ status: 1, redirect_to: '/premium?paid=1', message: '' });
  vi.stubGlobal('fetch', vi.fn(serve));
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/premium/pay', () => {
  it('sends any other plan back to /premium', async () => {
    await render('/premium/pay?p=business');
    expect(text()).toContain('Plans page');
  });

  it('checks the card in order, highlighting and focusing the first missing field', async () => {
    await render('/premium/pay?p=standard');
    await submit();
    expect(document.activeElement).toBe(input('card_number'));
    expect(input('card_number').getAttribute('aria-invalid')).toBe('true');
    typeInto(input('card_number'), '4242424242424242');
    typeInto(input('cvc'), '123');
    await submit();
    expect(document.activeElement).toBe(input('exp_month'));
    typeInto(input('exp_month'), '01');
    await submit();
    expect(document.activeElement).toBe(input('exp_year'));
    expect(posted).toHaveLength(0);
  });

  it('pays once however often it is submitted and follows redirect_to', async () => {
    let release: () => void = () => {};
    answer = () =>
      new Promise((resolve) => {
        release = () =>
          resolve(new Response(JSON.stringify({ status: 1, redirect_to: '/premium?paid=1', message: '' })));
      });
    await render('/premium/pay?p=professional');
    fillCard();
    await submit();
    await submit();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      service_plan: 'professional',
      plan: 'premium1year',
      method: 'credit',
      card_number: '4242424242424242',
      exp_month: '04',
      cvc: '123',
      coupon: '',
      famount: '',
    });
    expect(posted[0]!.idempotency_key!.length).toBeGreaterThanOrEqual(8);
    await act(async () => release());
    await settle();
    expect(assign).toHaveBeenCalledWith('/premium?paid=1');
  });

  it('shows the message of another status and starts a new attempt', async () => {
    answer = reply({ status: 0, redirect_to: '', message: 'Your card was declined.' });
    await render('/premium/pay?p=standard');
    fillCard();
    await submit();
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Your card was declined.');
    await submit();
    await settle();
    expect(posted).toHaveLength(2);
    expect(posted[1]!.idempotency_key).not.toBe(posted[0]!.idempotency_key);
    expect(assign).not.toHaveBeenCalled();
  });

  it("says 'Something wrong, please try later.' on an empty reply or a failed request, keeping the attempt", async () => {
    answer = () => Promise.resolve(new Response('', { status: 200 }));
    await render('/premium/pay?p=standard');
    fillCard();
    await submit();
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Something wrong, please try later.');
    answer = null;
    await submit();
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Something wrong, please try later.');
    expect(posted[1]!.idempotency_key).toBe(posted[0]!.idempotency_key);
  });

  it('shows the coupon prices and pays by PayPal without a card', async () => {
    await render('/premium/pay?p=professional');
    typeInto(input('coupon'), 'ChristMas2016');
    expect(document.querySelector('[data-testid="pay-amount"]')?.textContent).toBe('$40');
    act(() => (document.querySelector('input[value="paypal"]') as HTMLInputElement).click());
    expect(input('card_number')).toBeNull();
    await act(async () => button('Continue to Paypal').click());
    await settle();
    expect(posted[0]).toMatchObject({ method: 'paypal', card_number: '', coupon: 'ChristMas2016' });
  });
});
