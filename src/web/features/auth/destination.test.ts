import { describe, expect, it } from 'vitest';
import { afterSignIn, chosenPlan, withPlan } from './destination.ts';

describe('chosenPlan', () => {
  it('keeps a plan that can be paid for', () => {
    expect(chosenPlan(new URLSearchParams('plan=professional'))).toBe('professional');
    expect(chosenPlan(new URLSearchParams('plan=basic'))).toBe('basic');
  });

  it('drops a missing, unknown, free or business plan', () => {
    expect(chosenPlan(new URLSearchParams(''))).toBeNull();
    expect(chosenPlan(new URLSearchParams('plan=gold'))).toBeNull();
    expect(chosenPlan(new URLSearchParams('plan=free'))).toBeNull();
    expect(chosenPlan(new URLSearchParams('plan=business'))).toBeNull();
  });
});

describe('afterSignIn', () => {
  it('lands on the library without a plan', () => {
    expect(afterSignIn('reader1', null)).toBe('/user/reader1');
  });

  it('goes on to pay for a chosen plan', () => {
    expect(afterSignIn('reader1', 'standard')).toBe('/premium/pay?p=standard');
  });
});

describe('withPlan', () => {
  it('adds the plan only when there is one', () => {
    expect(withPlan('/sign-in', 'standard')).toBe('/sign-in?plan=standard');
    expect(withPlan('/sign-in', null)).toBe('/sign-in');
  });
});

describe('nextPath (sign in, then back)', () => {
  it('keeps a path of this site and refuses any other address', async () => {
    const { nextPath } = await import('./destination.ts');
    const next = (v: string) => nextPath(new URLSearchParams({ next: v }));
    expect(next('/profile/ann?what=css')).toBe('/profile/ann?what=css');
    expect(next('//evil.example.com')).toBeNull();
    expect(next('https://evil.example.com')).toBeNull();
    expect(next('/\\evil.example.com')).toBeNull();
    expect(nextPath(new URLSearchParams())).toBeNull();
  });
});
