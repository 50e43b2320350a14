import { useQuery } from '@tanstack/react-query';
import { siteCalls } from '../../shared/api/site.ts';
import type { SitePage } from '../../shared/schemas/site.ts';
import { call } from './client.ts';

/** The operator's About, Terms, Privacy, Blog or Tools page, rendered. */
export function useSitePage(page: SitePage) {
  return useQuery({
    queryKey: ['site', page] as const,
    queryFn: () => call(siteCalls.page, { params: { page } }),
    staleTime: 5 * 60_000,
  });
}
