import { parseSearch } from './search-query.ts';

/** RSS 2.0 feeds (issue 17 part 6): a user's public items, one public tag, the private whole library. */
export const RSS_ITEMS_MAX = 48;

const enc = encodeURIComponent;
export const rssLinks = {
  user: (name: string) => `/rss/${enc(name)}`,
  tag: (name: string, tag: string) => `/rss/${enc(name)}/tag/${enc(tag)}`,
  private: (token: string) => `/rss/private/${token}`,
  /** a saved search's private feed (premium) */
  savedSearch: (id: number, token: string) => `/rss/search/${id}/${token}`,
};

/** The feed a list links to: one tag's when the search is exactly one tag, else the user's. */
export function rssLinkFor(name: string, what?: string): string {
  const parsed = parseSearch((what ?? '').trim());
  const [only] = parsed.clauses;
  const term = parsed.clauses.length === 1 && only?.anyOf.length === 1 ? only.anyOf[0] : undefined;
  if (term && term.kind === 'tag' && !term.negated) return rssLinks.tag(name, term.value);
  return rssLinks.user(name);
}
