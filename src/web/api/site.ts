import { useQuery } from '@tanstack/react-query';
import type { SitePage, SitePageReply } from '../../shared/schemas/site.ts';
import { api } from './client.ts';

/** GET /api/site/{page}: the operator's About, Terms, Privacy, Blog or Tools page, rendered. */
export function useSitePage(page: SitePage) {
  return useQuery({
    queryKey: ['site', page] as const,
    queryFn: () => api.get<SitePageReply>(`/api/site/${page}`),
    staleTime: 5 * 60_000,
  });
}
