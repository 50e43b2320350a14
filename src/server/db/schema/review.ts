import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { annotations } from './annotations.ts';

/**
 * Daily Review (modules/review): the FSRS state of each highlight the user has reviewed. A highlight
 * without a row is new; deleting the highlight deletes its card, so it leaves the review.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    annotationId: bigint('annotation_id', { mode: 'number' })
      .primaryKey()
      .references(() => annotations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning */
    state: smallint('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    /** "Don't show again" */
    excluded: boolean('excluded').notNull().default(false),
    favourite: boolean('favourite').notNull().default(false),
  },
  (t) => [index('review_cards_user_due_idx').on(t.userId, t.due)],
);

/** One answer to a card: the day's count and the streak are read from here (kept a year). */
export const reviewAnswers = pgTable(
  'review_answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    annotationId: bigint('annotation_id', { mode: 'number' }).notNull(),
    grade: smallint('grade').notNull(),
    /** the user's own calendar day when answered (their time zone) */
    day: date('day', { mode: 'string' }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_answers_user_day_idx').on(t.userId, t.day)],
);

/** Review preferences and the digest's schedule; absent means the defaults. */
export const reviewSettings = pgTable('review_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cardsPerDay: integer('cards_per_day').notNull().default(10),
  /** review sources: page, pdf, kindle, note */
  sources: text('sources').array().notNull().default(sql`'{page,pdf,kindle,note}'::text[]`),
  /** only highlights of items with one of these tags; empty: every item */
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  /** a highlight made today is due today; otherwise new highlights join the day after */
  newJoin: boolean('new_join').notNull().default(true),
  /** off | daily | weekly */
  digest: text('digest').notNull().default('off'),
  digestHour: smallint('digest_hour').notNull().default(8),
  /** 0 Sunday .. 6 Saturday: the weekly digest's day */
  digestWeekday: smallint('digest_weekday').notNull().default(1),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** the address the digest was turned on from: its links point there (PUBLIC_URL first) */
  origin: text('origin'),
  /** the last period a digest went out for (a day, or a week's Monday): each period once */
  digestSentFor: text('digest_sent_for'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
