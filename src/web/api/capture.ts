import { useQuery } from '@tanstack/react-query';
import type { FetchMetaReply, ReaderReply } from '../../shared/schemas/capture.ts';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';

/** While a copy is being saved the reader asks again this often (the live socket usually answers first). */
export const READER_POLL_MS = 3000;

/**
 * POST /fetch_meta for the add-bookmark form. Metadata errors are swallowed (spec part 1 §4): the
 * title falls back to the URL and no tags are recommended.
 */
export async function fetchMeta(url: string): Promise<FetchMetaReply> {
  try {
    return await api.post<FetchMetaReply>('/fetch_meta', { url });
  } catch {
    return { title: url, description: '', tags: [] };
  }
}

/** GET /api/items/reader: the stored reader copy of a bookmark, polled while its capture is pending. */
export function useReader(linkId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.reader(linkId ?? 0),
    queryFn: () => api.get<ReaderReply>(`/api/items/reader?link_id=${linkId}`),
    enabled: linkId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? READER_POLL_MS : false),
  });
}
