import { isPlanId } from '../../../shared/plans.ts';
import { links } from '../../lib/links.ts';

/** Plans /premium/pay sells (spec part 2 §2); business and free are not bought there. */
const PAYABLE = new Set(['basic', 'standard', 'professional']);

/** A ?plan= worth carrying from /premium through sign-up or sign-in, or null. */
export function chosenPlan(search: URLSearchParams): string | null {
  const plan = search.get('plan');
  return plan && isPlanId(plan) && PAYABLE.has(plan) ? plan : null;
}

/** A ?next= path of this site to come back to after signing in (never another site), or null. */
export function nextPath(search: URLSearchParams): string | null {
  const next = search.get('next');
  return next?.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : null;
}

/**
 * Where signing up or in lands: the plan's payment page when one was chosen, else the page the
 * visitor came from (Save to My Library), else the library.
 */
export function afterSignIn(name: string, plan: string | null, next: string | null = null): string {
  return plan ? `/premium/pay?p=${plan}` : (next ?? links.library(name));
}

/** Link to the other auth page, keeping the chosen plan. */
export function withPlan(path: string, plan: string | null): string {
  return plan ? `${path}?plan=${plan}` : path;
}
