import { and, eq, sql } from 'drizzle-orm';
import type { ReviewSource } from '../../../shared/schemas/review.ts';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { reviewAnswers, reviewCards, reviewSettings } from '../../db/schema.ts';
import type { StoredCard } from './scheduler.ts';

export type ReviewSettingsRow = typeof reviewSettings.$inferSelect;

/** Highlight shapes that hold a quote: text, the extension's, PDF and Kindle highlights. */
const QUOTE_SHAPES = sql`(0, 5, 9, 10)`;

/** `(v1, v2, ...)`, each value a parameter. */
function listOf(values: (string | number)[]) {
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** The item types a review source names. */
const SOURCE_OF_TYPE = sql`CASE i.type WHEN 'bookmark' THEN 'page' WHEN 'pdf' THEN 'pdf' WHEN 'kindle' THEN 'kindle' WHEN 'note' THEN 'note' END`;

export interface Scope {
  userId: number;
  sources: string[];
  tags: string[];
}

/** The user's own highlights the preferences include and "don't show again" has not removed. */
function eligible(scope: Scope) {
  const tagged = scope.tags.length
    ? sql`AND EXISTS (SELECT 1 FROM item_tags it JOIN tags t ON t.id = it.tag_id
             WHERE it.item_id = i.id AND lower(t.name) IN ${listOf(scope.tags.map((t) => t.toLowerCase()))})`
    : sql``;
  return sql`annotations a
    JOIN items i ON i.id = a.item_id AND i.user_id = ${scope.userId} AND i.trashed_at IS NULL
    LEFT JOIN review_cards c ON c.annotation_id = a.id
    WHERE a.user_id = ${scope.userId} AND a.shape IN ${QUOTE_SHAPES} AND a.content <> ''
      AND c.excluded IS NOT TRUE
      AND (${SOURCE_OF_TYPE}) IN ${listOf(scope.sources)}
      ${tagged}`;
}

export interface DueRow {
  id: number;
  item_id: number;
  ann_md5: string;
  content: string;
  color: string;
  type: string;
  title: string;
  url: string | null;
  source: ReviewSource;
  favourite: boolean | null;
  is_new: boolean;
}

/**
 * Cards due before `until` (reviewed ones by their date, oldest due first), then highlights never
 * reviewed: all of them when new ones join at once, else those made before `newBefore`.
 */
export async function dueCards(
  ex: Executor,
  scope: Scope,
  opts: { until: Date; newBefore: Date | null; limit: number },
): Promise<DueRow[]> {
  if (opts.limit <= 0) return [];
  const newOnes = opts.newBefore ? sql`a.created_at < ${opts.newBefore}` : sql`TRUE`;
  return queryRows<DueRow>(
    ex,
    sql`SELECT a.id::int, a.item_id::int, a.ann_md5, a.content, a.color, i.type, i.title, i.url,
          (${SOURCE_OF_TYPE}) AS source, c.favourite, (c.annotation_id IS NULL) AS is_new
        FROM ${eligible(scope)}
          AND ((c.annotation_id IS NOT NULL AND c.due < ${opts.until})
               OR (c.annotation_id IS NULL AND ${newOnes}))
        ORDER BY (c.annotation_id IS NULL), c.due, a.created_at, a.id
        LIMIT ${opts.limit}`,
  );
}

export async function countDue(
  ex: Executor,
  scope: Scope,
  opts: { until: Date; newBefore: Date | null; limit: number },
): Promise<number> {
  const newOnes = opts.newBefore ? sql`a.created_at < ${opts.newBefore}` : sql`TRUE`;
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${eligible(scope)}
          AND ((c.annotation_id IS NOT NULL AND c.due < ${opts.until})
               OR (c.annotation_id IS NULL AND ${newOnes}))
        LIMIT ${opts.limit}) d`,
  );
  return row?.n ?? 0;
}

/** The first sticky notes of these highlights, oldest first. */
export async function stickyNotesOf(
  ex: Executor,
  annotationIds: number[],
): Promise<{ annotation_id: number; id: number; content: string }[]> {
  if (annotationIds.length === 0) return [];
  return queryRows(
    ex,
    sql`SELECT annotation_id::int, id::int, content FROM sticky_notes
        WHERE annotation_id IN ${listOf(annotationIds)}
        ORDER BY annotation_id, created_at, id`,
  );
}

/** The user's own highlight with a quote, or null (another user's, deleted, or not a highlight). */
export async function ownHighlight(ex: Executor, userId: number, annotationId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`SELECT a.id FROM annotations a
        JOIN items i ON i.id = a.item_id AND i.user_id = ${userId} AND i.trashed_at IS NULL
        WHERE a.id = ${annotationId} AND a.user_id = ${userId} AND a.shape IN ${QUOTE_SHAPES}`,
  );
  return rows.length > 0;
}

export async function findCard(
  ex: Executor,
  annotationId: number,
): Promise<(StoredCard & { excluded: boolean; favourite: boolean }) | null> {
  const [row] = await ex.select().from(reviewCards).where(eq(reviewCards.annotationId, annotationId));
  return row ?? null;
}

export async function saveCard(
  ex: Executor,
  userId: number,
  annotationId: number,
  card: StoredCard,
): Promise<void> {
  await ex
    .insert(reviewCards)
    .values({ annotationId, userId, ...card })
    .onConflictDoUpdate({ target: reviewCards.annotationId, set: card });
}

/** Sets a flag of a card, making the card (due now, never reviewed) when the highlight has none. */
export async function setCardFlag(
  ex: Executor,
  userId: number,
  annotationId: number,
  flag: { excluded: boolean } | { favourite: boolean },
  now: Date,
): Promise<void> {
  await ex
    .insert(reviewCards)
    .values({ annotationId, userId, due: now, ...flag })
    .onConflictDoUpdate({ target: reviewCards.annotationId, set: flag });
}

export async function recordAnswer(
  ex: Executor,
  row: { userId: number; annotationId: number; grade: number; day: string; answeredAt: Date },
): Promise<void> {
  await ex.insert(reviewAnswers).values(row);
}

export async function answeredOn(ex: Executor, userId: number, day: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`SELECT count(DISTINCT annotation_id)::int AS n FROM review_answers
        WHERE user_id = ${userId} AND day = ${day}`,
  );
  return row?.n ?? 0;
}

/** The days with an answer, newest first, back to `since`. */
export async function answerDays(ex: Executor, userId: number, since: string): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    ex,
    sql`SELECT DISTINCT day::text AS day FROM review_answers
        WHERE user_id = ${userId} AND day >= ${since} ORDER BY day DESC`,
  );
  return rows.map((r) => r.day);
}

export async function findSettings(ex: Executor, userId: number): Promise<ReviewSettingsRow | null> {
  const [row] = await ex.select().from(reviewSettings).where(eq(reviewSettings.userId, userId));
  return row ?? null;
}

export async function saveSettings(
  ex: Executor,
  userId: number,
  changes: Partial<Omit<ReviewSettingsRow, 'userId' | 'updatedAt'>>,
  now: Date,
): Promise<ReviewSettingsRow> {
  const [row] = await ex
    .insert(reviewSettings)
    .values({ userId, ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: reviewSettings.userId, set: { ...changes, updatedAt: now } })
    .returning();
  return row!;
}

/** Users with a digest on, by id after `afterId` (the sweep's keyset). */
export async function digestUsers(
  ex: Executor,
  afterId: number,
  limit: number,
): Promise<ReviewSettingsRow[]> {
  return ex
    .select()
    .from(reviewSettings)
    .where(and(sql`${reviewSettings.digest} <> 'off'`, sql`${reviewSettings.userId} > ${afterId}`))
    .orderBy(reviewSettings.userId)
    .limit(limit);
}

/** Marks the period sent, once: false when another instance (or an earlier sweep) already did. */
export async function claimDigest(ex: Executor, userId: number, period: string): Promise<boolean> {
  const rows = await ex
    .update(reviewSettings)
    .set({ digestSentFor: period })
    .where(
      and(eq(reviewSettings.userId, userId), sql`${reviewSettings.digestSentFor} IS DISTINCT FROM ${period}`),
    )
    .returning({ userId: reviewSettings.userId });
  return rows.length > 0;
}

/** Answers older than `before` (a year) go: only recent days make a streak. */
export async function pruneAnswers(ex: Executor, before: string): Promise<void> {
  await ex.delete(reviewAnswers).where(sql`${reviewAnswers.day} < ${before}`);
}
