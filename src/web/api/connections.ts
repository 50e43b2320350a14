import { useQuery } from '@tanstack/react-query';
import type { ProvidersReply } from '../../shared/schemas/connections.ts';
import { api } from './client.ts';

/** GET /api/auth/providers: the third-party sign-in providers this server offers (often none). */
export function useSignInProviders() {
  return useQuery({
    queryKey: ['sign-in-providers'],
    queryFn: () => api.get<ProvidersReply>('/api/auth/providers'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Where a provider's sign-in starts; `setting` is the Settings popup connecting the signed-in user. */
export function thirdPartyUrl(provider: string, redirect?: 'setting'): string {
  return `/account/thirdparty/${provider}${redirect ? `?redirect_url=${redirect}` : ''}`;
}
