import { open, seal } from '../../platform/secret-box.ts';
import type { AuthorizationChecks } from './oidc.ts';

/** How long a visitor has to finish signing in at the provider. */
export const FLOW_TTL_MS = 10 * 60_000;
export const FLOW_COOKIE = 'folio_oidc';

/** One sign-in at a provider in progress, kept in the visitor's browser only. */
export interface Flow extends AuthorizationChecks {
  provider: string;
  /** 'setting': the Settings popup connecting the signed-in user; '' signs in or up */
  redirect: 'setting' | '';
  /** the user connecting (Settings): the callback must find the same user signed in */
  userId: number | null;
  expiresAt: number;
}

/**
 * The flow rides in a cookie sealed with AES-GCM (platform/secret-box.ts): the browser can neither
 * read the PKCE verifier nor change a field, and no instance has to remember anything, so any of
 * several app processes answers the callback.
 */
export function sealFlow(key: string, flow: Flow): string {
  return seal(key, JSON.stringify(flow));
}

/** The flow if the cookie is ours, whole and not expired; null otherwise. */
export function openFlow(key: string, cookie: string | undefined, now: Date): Flow | null {
  if (!cookie) return null;
  try {
    const flow = JSON.parse(open(key, cookie)) as Flow;
    return flow.expiresAt > now.getTime() ? flow : null;
  } catch {
    return null;
  }
}
