import { useQuery } from '@tanstack/react-query';
import { connectionCalls } from '../../shared/api/connections.ts';
import { urlOf } from '../../shared/api/define.ts';
import { call } from './client.ts';

/** The third-party sign-in providers this server offers (often none). */
export function useSignInProviders() {
  return useQuery({
    queryKey: ['sign-in-providers'],
    queryFn: () => call(connectionCalls.providers),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Where a provider's sign-in starts; `setting` is the Settings popup connecting the signed-in user. */
export function thirdPartyUrl(provider: string, redirect?: 'setting'): string {
  return urlOf(connectionCalls.start, { params: { provider }, query: { redirect_url: redirect } });
}
