import { captureCalls } from '../../shared/api/capture.ts';
import { urlOf } from '../../shared/api/define.ts';
import {
  encodeOutlinerId,
  outlinerPath,
  outlinerSlug,
  sharedOutlinerPath,
} from '../../shared/outliners/code.ts';
import { tagFilterText } from '../../shared/search-query.ts';

/**
 * Every in-app address in one place (spec: library-core §URLs): the library, an item, a tag, the tags
 * page, a public profile and an outliner. Names and tags are escaped here, and only here.
 */

/** A query as the callers hold it; empty parts are left out so links stay short and canonical. */
export type LinkQuery = URLSearchParams | string | undefined;

function withQuery(path: string, query: LinkQuery): string {
  const text = (typeof query === 'string' ? query : (query?.toString() ?? '')).replace(/^\?/, '');
  return text ? `${path}?${text}` : path;
}

const user = (name: string) => `/user/${encodeURIComponent(name)}`;

/** First path segments under /user/{name} that are other pages (routes match case-insensitively). */
const PAGE_SEGMENTS = new Set(['tags', 'b', 'd']);

export const links = {
  /** /user/{name}, with a list view's query */
  library: (name: string, query?: LinkQuery) => withQuery(user(name), query),
  /** /user/{name}/b/{link_id}; the list's query rides along so moving through it keeps it */
  item: (name: string, linkId: number | string, query?: LinkQuery) =>
    withQuery(`${user(name)}/b/${linkId}`, query),
  /** /user/{name}/d/{link_id}: where an export saved as a note opens (spec part 1 §2) */
  exportedNote: (name: string, linkId: number | string) => `${user(name)}/d/${linkId}`,
  /**
   * The library filtered by one tag: /user/{name}/{tag}, or the same filter as a query for a tag
   * named like another page (a tag called "tags" would open the tags page).
   */
  tag: (name: string, tag: string) =>
    PAGE_SEGMENTS.has(tag.toLowerCase())
      ? withQuery(user(name), new URLSearchParams({ query: tagFilterText(tag) }))
      : `${user(name)}/${encodeURIComponent(tag)}`,
  /** /user/{name}/tags */
  tags: (name: string, query?: LinkQuery) => withQuery(`${user(name)}/tags`, query),
  /** the public library, /profile/{name}, or one public tag of it, /profile/{name}/{tag} */
  profile: (name: string, tag?: string) =>
    `/profile/${encodeURIComponent(name)}${tag ? `/${encodeURIComponent(tag)}` : ''}`,
  /** the browser extension's install steps */
  extension: '/extension',
  /** sign in, then back to `next` (a path of this site) */
  signIn: (next?: string) => (next ? `/sign-in?${new URLSearchParams({ next })}` : '/sign-in'),
  outliners: () => '/outliners',
  /** the trash: deleted items, kept 30 days */
  trash: () => '/trash',
  /** bookmarks of the same page, to merge */
  duplicates: () => '/duplicates',
  groups: () => '/groups',
  /** a group's page, /group/{g_name} */
  group: (gName: string) => `/group/${encodeURIComponent(gName)}`,
  /** a shared item in the reader, with the group's annotation layer */
  groupItem: (gName: string, itemId: number) => `/group/${encodeURIComponent(gName)}/item/${itemId}`,
  /** the stored copy of a page, by its address (a new tab) */
  cachedPage: (url: string) => urlOf(captureCalls.cached, { query: { url } }),
  /** the stored copy of one of one's bookmarks, sandboxed by the server */
  cachedCopy: (linkId: number) => urlOf(captureCalls.cached, { query: { link_id: linkId } }),
  /** /o/{code}/{title}, slashes in the title as dashes (the codec is shared with the server) */
  outliner: (id: number, title: string) => outlinerPath(id, title),
  /** the side-area embed: the outliner alone */
  outlinerEmbed: (id: number, title: string) =>
    `/outliner/${encodeOutlinerId(id)}/${encodeURIComponent(outlinerSlug(title))}?iframe=true`,
  outlinerSidebar: () => '/outliner_sidebar',
  /** the read-only page of a share link */
  sharedOutliner: (shareKey: string) => sharedOutlinerPath(shareKey),
};
