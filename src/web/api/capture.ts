import { useQuery } from '@tanstack/react-query';
import { captureCalls } from '../../shared/api/capture.ts';
import type { CallReply } from '../../shared/api/define.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

/** While a copy is being saved the reader asks again this often (the live socket usually answers first). */
export const READER_POLL_MS = 3000;

/**
 * POST /fetch_meta for the add-bookmark form. Metadata errors are swallowed (spec part 1 §4): the
 * title falls back to the URL and no tags are recommended.
 */
export async function fetchMeta(url: string): Promise<CallReply<typeof captureCalls.fetchMeta>> {
  try {
    return await call(captureCalls.fetchMeta, { body: { url } });
  } catch {
    return { title: url, description: '', tags: [] };
  }
}

/** GET /api/items/reader: the stored reader copy of a bookmark, polled while its capture is pending. */
export function useReader(linkId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.reader(linkId ?? 0),
    queryFn: () => call(captureCalls.reader, { query: { link_id: linkId! } }),
    enabled: linkId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? READER_POLL_MS : false),
  });
}
