import { type SQL, sql } from 'drizzle-orm';
import { type AnnotationReply, QUOTA_SHAPES, SHAPE } from '../../../shared/schemas/annotations.ts';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { presentAnnotation, stickyFromJson } from './presenter.ts';
import type { AnnotationRow } from './repo.ts';
import * as repo from './repo.ts';

/**
 * What the items module reads of annotations. An item reply carries its annotations (one query for
 * a whole page of items); a library row carries at most `limit` of them (spec part 1 §4: float
 * notes first, then oldest first; when the library is searched, the ones matching the search
 * first), and the rest load a page at a time (annotationPage).
 */
export async function annotationsForItems(
  ex: Executor,
  itemIds: number[],
  cap?: { limit: number; words: string[] },
): Promise<Map<number, AnnotationReply[]>> {
  const byItem = new Map<number, AnnotationReply[]>();
  const rows = cap
    ? await firstOfItems(ex, itemIds, cap.limit, cap.words)
    : await repo.annotationsOfItems(ex, itemIds);
  for (const row of rows) {
    let list = byItem.get(row.itemId);
    if (!list) {
      list = [];
      byItem.set(row.itemId, list);
    }
    list.push(presentAnnotation(row, stickyFromJson(row.sticky)));
  }
  return byItem;
}

/** The highlight quota units the items' annotations hold. */
export function quotaUnitsOfItems(ex: Executor, itemIds: number[]): Promise<number> {
  return repo.countShapes(ex, itemIds, QUOTA_SHAPES);
}

/** One page of the item's annotations in the library row's order. */
export async function annotationPage(
  ex: Executor,
  itemId: number,
  offset: number,
  limit: number,
): Promise<AnnotationReply[]> {
  const rows = await selectAnnotations(
    ex,
    sql`SELECT * FROM annotations WHERE item_id = ${itemId}
        ORDER BY (shape = ${SHAPE.floatNote}) DESC, id LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((row) => presentAnnotation(row, stickyFromJson(row.sticky)));
}

/** The first `limit` annotations of each item, in list order: an index walk per item, not all of them. */
function firstOfItems(ex: Executor, itemIds: number[], limit: number, words: string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  const matchesFirst = words.length
    ? sql`(${sql.join(
        words.map(
          (w) => sql`strpos(lower(a.content), ${w}) > 0 OR EXISTS (
            SELECT 1 FROM sticky_notes s WHERE s.annotation_id = a.id AND strpos(lower(s.content), ${w}) > 0)`,
        ),
        sql` OR `,
      )}) DESC,`
    : sql``;
  return selectAnnotations(
    ex,
    sql`SELECT x.* FROM unnest(ARRAY[${sql.join(
      itemIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::bigint[]) AS i(id)
        CROSS JOIN LATERAL (
          SELECT a.* FROM annotations a WHERE a.item_id = i.id
          ORDER BY ${matchesFirst} (a.shape = ${SHAPE.floatNote}) DESC, a.id LIMIT ${limit}
        ) x`,
  );
}

/** The annotation rows `from` selects (every column of annotations), with their sticky notes. */
async function selectAnnotations(ex: Executor, from: SQL): Promise<(AnnotationRow & { sticky: unknown })[]> {
  const rows = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT p.*, coalesce((
          SELECT json_agg(json_build_object('id', s.id, 'content', s.content, 'sMode', s.s_mode) ORDER BY s.id)
          FROM sticky_notes s WHERE s.annotation_id = p.id
        ), '[]'::json) AS sticky
        FROM (${from}) p`,
  );
  // raw rows: bigints may come back as strings, timestamps as strings on some drivers
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    itemId: Number(r.item_id),
    shape: Number(r.shape),
    content: String(r.content),
    annMd5: String(r.ann_md5),
    color: String(r.color),
    selector: typeof r.selector === 'string' ? JSON.parse(r.selector) : r.selector,
    anchored: r.anchored === null || r.anchored === undefined ? null : Boolean(r.anchored),
    createdAt: new Date(r.created_at as string | Date),
    updatedAt: new Date(r.updated_at as string | Date),
    sticky: r.sticky,
  }));
}

/**
 * The group annotation layer: the items' annotations made by these authors (a group's members),
 * oldest first, each with its author's id.
 */
export async function annotationsByAuthors(
  ex: Executor,
  itemIds: number[],
  authorIds: number[],
): Promise<Map<number, (AnnotationReply & { authorId: number })[]>> {
  const byItem = new Map<number, (AnnotationReply & { authorId: number })[]>();
  if (itemIds.length === 0 || authorIds.length === 0) return byItem;
  const ids = (list: number[]) =>
    sql.join(
      list.map((id) => sql`${id}`),
      sql`, `,
    );
  const rows = await selectAnnotations(
    ex,
    sql`SELECT * FROM annotations WHERE item_id IN (${ids(itemIds)}) AND user_id IN (${ids(authorIds)})
        ORDER BY item_id, (shape = ${SHAPE.floatNote}) DESC, id`,
  );
  for (const row of rows) {
    const list = byItem.get(row.itemId) ?? [];
    byItem.set(row.itemId, list);
    list.push({ ...presentAnnotation(row, stickyFromJson(row.sticky)), authorId: row.userId });
  }
  return byItem;
}

/** What list_highlights (the MCP server) asks of a user's own annotations. */
export interface OwnHighlightsFilter {
  /** words each found in the highlight or one of its sticky notes, in any case */
  words: string[];
  /** a tag of the highlighted item, in any case */
  tag?: string;
  since?: Date;
  limit: number;
}

/** The owner's own annotations on their own items, newest first, each with its sticky notes. */
export async function ownHighlights(
  ex: Executor,
  ownerId: number,
  filter: OwnHighlightsFilter,
): Promise<AnnotationReply[]> {
  const conditions = [sql`a.user_id = ${ownerId}`, sql`i.user_id = ${ownerId}`];
  for (const word of filter.words) {
    conditions.push(sql`(strpos(lower(a.content), ${word}) > 0 OR EXISTS (
      SELECT 1 FROM sticky_notes s WHERE s.annotation_id = a.id AND strpos(lower(s.content), ${word}) > 0))`);
  }
  if (filter.tag !== undefined) {
    conditions.push(sql`EXISTS (SELECT 1 FROM item_tags it JOIN tags t ON t.id = it.tag_id
      WHERE it.item_id = a.item_id AND lower(t.name) = lower(${filter.tag}))`);
  }
  if (filter.since) conditions.push(sql`a.created_at >= ${filter.since.toISOString()}::timestamptz`);
  const rows = await selectAnnotations(
    ex,
    sql`SELECT a.* FROM annotations a JOIN items i ON i.id = a.item_id
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY a.created_at DESC, a.id DESC LIMIT ${filter.limit}`,
  );
  return rows.map((row) => presentAnnotation(row, stickyFromJson(row.sticky)));
}
