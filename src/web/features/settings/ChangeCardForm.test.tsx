// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, typeInto, withQueryClient } from '../../../../test/helpers/dom.ts';
import { PREMIUM_MSG } from '../../../shared/schemas/premium.ts';
import { NotificationProvider } from '../../ui/notifications/NotificationProvider.tsx';
import { ChangeCardForm } from './PremiumSection.tsx';

const dom = testRoot();
let posted: { url: string; body: Record<string, string> }[];
let answer: () => Response;

const field = (name: string) =>
  document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
const button = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === label) as HTMLButtonElement;
const text = () => document.body.textContent ?? '';

async function submit() {
  await act(async () => {
    document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

beforeEach(async () => {
  posted = [];
  answer = () => new Response(JSON.stringify({ code: 1, message: '' }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      posted.push({ url, body: JSON.parse(String(init?.body)) });
      return Promise.resolve(answer());
    }),
  );
  await act(async () =>
    dom.root.render(
      withQueryClient(
        <NotificationProvider>
          <ChangeCardForm />
        </NotificationProvider>,
      ),
    ),
  );
  await act(async () => button('Change credit card').click());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Settings' Change credit card", () => {
  it('refuses an empty card number on its own field, sending nothing', async () => {
    await submit();
    expect(posted).toEqual([]);
    expect(field('card_number').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('card_number'));
    expect(text()).toContain(PREMIUM_MSG.cardNumberRequired);
  });

  it('sends the card under the names of part 2 §5, without the spaces', async () => {
    const year = String(new Date().getFullYear() + 1);
    typeInto(field('card_number'), '4242 4242 4242 4242');
    typeInto(field('exp_month'), '04');
    typeInto(field('exp_year'), year);
    typeInto(field('cvc'), ' 123 ');
    await submit();
    expect(posted).toEqual([
      {
        url: '/api/settings/changeCreditCard',
        body: { number: '4242424242424242', month: '04', year, cvc: '123' },
      },
    ]);
    expect(text()).toContain(PREMIUM_MSG.changeCardOk);
    expect(field('card_number')).toBeNull();
  });

  it('puts a refusal the server names on the field it names', async () => {
    answer = () =>
      new Response(JSON.stringify({ code: 0, message: 'Invalid card number', field: 'number' }), {
        status: 400,
      });
    typeInto(field('card_number'), '4242 4242 4242 4241');
    typeInto(field('exp_month'), '04');
    typeInto(field('exp_year'), String(new Date().getFullYear() + 1));
    typeInto(field('cvc'), '123');
    await submit();
    expect(field('card_number').getAttribute('aria-invalid')).toBe('true');
    expect(text()).toContain('Invalid card number');
  });
});
