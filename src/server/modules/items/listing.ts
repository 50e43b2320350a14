import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { LoadItemsInput } from '../../../shared/schemas/items.ts';
import { parseSearch } from '../../../shared/search-query.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { items } from '../../db/schema.ts';
import type { Actor } from '../../policies/authorized.ts';
import { ownsLibrary, readableWhere } from '../../policies/item.ts';
import { searchCondition } from '../search/compile.ts';
import * as repo from './repo.ts';

/** Related tags are counted over at most this many of the newest matching items. */
const RELATED_TAGS_SCAN = 2000;
/** Related tags of a full-text search are counted over its newest matches, fewer than usual. */
const FULLTEXT_RELATED_TAGS_SCAN = 500;
/**
 * A search's total is exact up to this many matches, and says this many beyond it: an exact count
 * of a broad search rereads every match's text; page texts are large (an exact full-text count
 * took 390 ms at 97,000 matches, 10,000 still 150 ms), so full text stops sooner.
 */
export const SEARCH_TOTAL_CAP = 10_000;
export const FULLTEXT_TOTAL_CAP = 1_000;
/** Searches with at most this many matches gather them through their own indexes, then sort. */
const COLLECT_FIRST_MAX = 2_000;

/** LIKE's default escape is the backslash. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What one library view asks of the items table. */
export interface ListFilter {
  where: SQL;
  search: SQL | null;
  fullText: boolean;
  /** the same filter in item_counts' terms, when it has one (no search, title, star or outliner filter) */
  counted: repo.CountedFilter | null;
  /** anything beyond the owner's (or a visitor's public) whole library */
  narrowed: boolean;
}

/** The load parameters (spec part 1 §3) as conditions on the owner's items the viewer may read. */
export function listFilter(q: LoadItemsInput, ownerId: number, viewer: Actor): ListFilter {
  const isOwner = ownsLibrary(viewer, ownerId);
  const conds: SQL[] = [eq(items.userId, ownerId), readableWhere(viewer, ownerId)];
  const whole = conds.length;
  if (q.type && q.type !== 'all') conds.push(eq(items.type, q.type));
  if (q.ann === 'yes') conds.push(sql`${items.annotationCount} > 0`);
  if (q.ann === 'no') conds.push(sql`${items.annotationCount} = 0`);
  if (isOwner && q.unread === 'yes') conds.push(sql`${items.unread}`);
  if (isOwner && q.starred === 'yes') conds.push(sql`${items.starred}`);
  if (q.privacy === 'public') conds.push(sql`NOT ${items.private}`);
  if (q.privacy === 'private') conds.push(sql`${items.private}`);
  if (q.inoutliner === 'no') conds.push(sql`cardinality(${items.outlinerIds}) = 0`);
  if (q.inoutliner === 'yes') conds.push(sql`cardinality(${items.outlinerIds}) > 0`);
  // link health (modules/health): the last check of the bookmark's current URL
  if (isOwner && q.health) {
    const states = q.health === 'broken' ? sql`('gone', 'unreachable')` : sql`('changed')`;
    conds.push(sql`EXISTS (SELECT 1 FROM link_checks lc WHERE lc.item_id = ${items.id}
      AND lc.url = ${items.url} AND lc.state IN ${states})`);
  }
  if (q.title) conds.push(sql`lower(${items.title}) LIKE ${`%${escapeLike(q.title.toLowerCase())}%`}`);
  // Full text (premium) also searches the captured page text, in its own vector and index.
  const fullText = q.snapshot === 'yes';
  const vectors = fullText
    ? [sql`${items.searchVector}`, sql`${items.pageVector}`]
    : sql`${items.searchVector}`;
  const search = searchCondition(parseSearch((q.what ?? '').trim()), ownerId, vectors);
  if (search) conds.push(search);
  const counted =
    search ||
    q.inoutliner ||
    q.title ||
    (isOwner && q.health) ||
    (isOwner && q.starred === 'yes') ||
    (!isOwner && q.privacy === 'private')
      ? null
      : {
          type: q.type && q.type !== 'all' ? q.type : undefined,
          private: !isOwner || q.privacy === 'public' ? false : q.privacy === 'private' ? true : undefined,
          unread: isOwner && q.unread === 'yes' ? true : undefined,
          annotated: q.ann === 'yes' ? true : q.ann === 'no' ? false : undefined,
        };
  return { where: and(...conds)!, search, fullText, counted, narrowed: conds.length > whole };
}

/**
 * One page of a view, its total and the owner's unread count, and (for a narrowed view) the
 * matching ids to count related tags over. Totals without a search are sums of item_counts; a
 * search is counted first, up to a cap: few matches are then gathered through the search indexes
 * before sorting (repo.listQuery), while a capped total means matches are everywhere and the
 * ordered index finds a page of them at once.
 */
export async function listPage(ex: Executor, f: ListFilter, q: LoadItemsInput, ownerId: number) {
  const totalCap = f.fullText ? FULLTEXT_TOTAL_CAP : SEARCH_TOTAL_CAP;
  const [counts, rowCount] = await Promise.all([
    repo.countFromCounters(ex, ownerId, f.counted ?? {}),
    f.counted ? null : f.search ? repo.countItemsUpTo(ex, f.where, totalCap) : repo.countItems(ex, f.where),
  ]);
  const total = rowCount ?? counts.matching;
  const collectFirst = f.search !== null && total < totalCap && total <= COLLECT_FIRST_MAX;
  const rows = await repo.listItems(ex, f.where, q.sort, q.count, q.page_num * q.count, collectFirst);
  const relatedScan = f.fullText ? FULLTEXT_RELATED_TAGS_SCAN : RELATED_TAGS_SCAN;
  return {
    rows,
    total,
    unread: counts.unread,
    matchingIds: f.narrowed ? repo.matchingIdsQuery(f.where, relatedScan, collectFirst) : null,
  };
}

/** How many items the view matches (its total, as listPage counts it), without reading a page. */
export async function countMatching(ex: Executor, f: ListFilter, ownerId: number): Promise<number> {
  if (f.counted) return (await repo.countFromCounters(ex, ownerId, f.counted)).matching;
  if (!f.search) return repo.countItems(ex, f.where);
  return repo.countItemsUpTo(ex, f.where, f.fullText ? FULLTEXT_TOTAL_CAP : SEARCH_TOTAL_CAP);
}

/** The ids of items the filter matches: among the given ones, or up to `limit` of them. */
export async function matchingIds(ex: Executor, f: ListFilter, among?: number[], limit?: number) {
  if (among && among.length === 0) return [];
  const only = among ? sql` AND ${items.id} IN (${sql.join(among, sql`, `)})` : sql``;
  const rows = await queryRows<{ id: string | number }>(
    ex,
    sql`SELECT ${items.id} AS id FROM ${items} WHERE ${f.where}${only} ORDER BY ${items.id}${
      limit === undefined ? sql`` : sql` LIMIT ${limit}`
    }`,
  );
  return rows.map((r) => Number(r.id));
}
