import { z } from 'zod';
import { id, name, text } from './fields.ts';

export const SAVED_SEARCHES_MAX = 100;
export const SAVED_SEARCH_NAME_MAX = 100;
export const SAVED_SEARCH_QUERY_MAX = 2000;

export const createSavedSearchSchema = z.object({
  name: name()
    .trim()
    .min(1, { error: 'Please give the search a name.' })
    .max(SAVED_SEARCH_NAME_MAX, { error: `A name has at most ${SAVED_SEARCH_NAME_MAX} characters.` }),
  /** the library page's query string, e.g. what=%23ferns&unread=yes (shared/saved-search-query.ts) */
  query: text().max(SAVED_SEARCH_QUERY_MAX, { error: 'The search is too long.' }),
});
export type CreateSavedSearchInput = z.output<typeof createSavedSearchSchema>;

export const savedSearchParamsSchema = z.object({ id: id('id') });
export type SavedSearchParams = z.output<typeof savedSearchParamsSchema>;

export const savedSearchSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** normalised: the library page's query string without page and page size */
  query: z.string(),
  /** items matching now */
  count: z.number(),
  /** the private RSS feed's path (premium; null on other plans) */
  feed_path: z.string().nullable(),
  created_at: z.number(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchesReplySchema = z.object({ searches: z.array(savedSearchSchema) });
export type SavedSearchesReply = z.infer<typeof savedSearchesReplySchema>;
export const savedSearchReplySchema = z.object({ code: z.literal(1), search: savedSearchSchema });
export const savedSearchDeletedSchema = z.object({ code: z.literal(1), id: z.number() });

export const savedSearchFeedParamsSchema = z.object({ id: id('id'), token: text().max(200) });
