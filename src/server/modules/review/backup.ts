import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { annotations, reviewAnswers, reviewCards, reviewSettings, users } from '../../db/schema.ts';
import type { StoredCard } from './scheduler.ts';

/**
 * The review side of the Folio backup (modules/backup): each highlight's FSRS card and answers,
 * read for a page of items, and written back under the restored highlight's id; the preferences,
 * restored only into an account that has nothing yet. The digest's bookkeeping (the period last
 * sent, the address it was turned on from) belongs to this server and stays out.
 */

export type BackupCard = StoredCard & { excluded: boolean; favourite: boolean };
export interface BackupAnswer {
  grade: number;
  day: string;
  answeredAt: Date;
}
export interface HighlightReview {
  card: BackupCard | null;
  answers: BackupAnswer[];
}

/** The cards and answers of these items' highlights, by highlight id. */
export async function reviewOfItems(
  ex: Executor,
  userId: number,
  itemIds: number[],
): Promise<Map<number, HighlightReview>> {
  const out = new Map<number, HighlightReview>();
  if (!itemIds.length) return out;
  const ofItems = and(eq(annotations.userId, userId), inArray(annotations.itemId, itemIds));
  const cards = await ex
    .select({ card: reviewCards })
    .from(reviewCards)
    .innerJoin(annotations, eq(annotations.id, reviewCards.annotationId))
    .where(and(ofItems, eq(reviewCards.userId, userId)));
  const answers = await ex
    .select({ answer: reviewAnswers })
    .from(reviewAnswers)
    .innerJoin(annotations, eq(annotations.id, reviewAnswers.annotationId))
    .where(and(ofItems, eq(reviewAnswers.userId, userId)))
    .orderBy(asc(reviewAnswers.id));
  const of = (id: number) => {
    const found = out.get(id);
    if (found) return found;
    const review: HighlightReview = { card: null, answers: [] };
    out.set(id, review);
    return review;
  };
  for (const { card } of cards) {
    const { annotationId, userId: _, ...rest } = card;
    of(annotationId).card = rest;
  }
  for (const { answer } of answers)
    of(answer.annotationId).answers.push({
      grade: answer.grade,
      day: answer.day,
      answeredAt: answer.answeredAt,
    });
  return out;
}

/**
 * Writes restored highlights' cards under their new ids. A highlight that has a card already keeps
 * it, and its answers are not written again either (they went with that card): restoring the same
 * backup twice changes nothing. Answers without a card are not written (every answer makes one).
 */
export async function restoreReview(
  tx: Executor,
  userId: number,
  given: { annotationId: number; review: HighlightReview }[],
): Promise<void> {
  const withCard = given.filter((g) => g.review.card);
  if (!withCard.length) return;
  const made = await tx
    .insert(reviewCards)
    .values(withCard.map((g) => ({ ...g.review.card!, annotationId: g.annotationId, userId })))
    .onConflictDoNothing({ target: reviewCards.annotationId })
    .returning({ annotationId: reviewCards.annotationId });
  const fresh = new Set(made.map((r) => r.annotationId));
  const answers = withCard
    .filter((g) => fresh.has(g.annotationId))
    .flatMap((g) => g.review.answers.map((a) => ({ ...a, annotationId: g.annotationId, userId })));
  if (answers.length) await tx.insert(reviewAnswers).values(answers);
}

/** Review preferences as a backup holds them. */
export interface BackupReviewSettings {
  cardsPerDay: number;
  sources: string[];
  tags: string[];
  newJoin: boolean;
  digest: string;
  digestHour: number;
  digestWeekday: number;
  timeZone: string;
}

export async function reviewSettingsOf(ex: Executor, userId: number): Promise<BackupReviewSettings | null> {
  const [row] = await ex.select().from(reviewSettings).where(eq(reviewSettings.userId, userId));
  if (!row) return null;
  return {
    cardsPerDay: row.cardsPerDay,
    sources: row.sources,
    tags: row.tags,
    newJoin: row.newJoin,
    digest: row.digest,
    digestHour: row.digestHour,
    digestWeekday: row.digestWeekday,
    timeZone: row.timeZone,
  };
}

/**
 * The preferences, into an account that has nothing yet. A daily digest comes with a paid plan (the
 * plan is not in a backup): a free account gets it weekly, as its settings page would allow.
 */
export async function restoreReviewSettings(
  ex: Executor,
  userId: number,
  settings: BackupReviewSettings,
  now: Date,
): Promise<void> {
  const [user] = await ex.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  const digest = settings.digest === 'daily' && user?.plan === 'free' ? 'weekly' : settings.digest;
  const values = { ...settings, digest, updatedAt: now };
  await ex
    .insert(reviewSettings)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: reviewSettings.userId, set: values });
}
