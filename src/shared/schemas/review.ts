import { z } from 'zod';
import { emptyToUndefined, flag, id, optional, text } from './fields.ts';

/** Daily Review (modules/review): highlights resurfaced by FSRS, one card at a time. */

export const REVIEW_GRADES = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewGrade = (typeof REVIEW_GRADES)[number];
export const REVIEW_SOURCES = ['page', 'pdf', 'kindle', 'note'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const CARDS_PER_DAY_MAX = 100;

export const REVIEW_MSG = {
  notFound: 'This highlight is not in your review.',
  grade: 'grade must be again, hard, good or easy.',
  cardsPerDay: `Cards a day must be a number from 1 to ${CARDS_PER_DAY_MAX}.`,
  sources: 'Choose at least one source: page, pdf, kindle or note.',
  timeZone: 'Unknown time zone.',
  hour: 'The hour must be from 0 to 23.',
  weekday: 'The day must be from 0 (Sunday) to 6 (Saturday).',
  dailyPremium: 'A daily digest comes with a premium plan; free accounts get it weekly.',
  unsubscribeLink: 'This unsubscribe link is not valid.',
} as const;

export const reviewAnnParams = z.object({ ann_id: id('ann_id') });
export type ReviewAnnParams = z.output<typeof reviewAnnParams>;

export const gradeSchema = z.object({
  grade: z.enum(REVIEW_GRADES, { error: REVIEW_MSG.grade }),
});
export type GradeInput = z.output<typeof gradeSchema>;

export const favouriteSchema = z.object({ favourite: flag });

export const reviewCardSchema = z.object({
  ann_id: z.number(),
  link_id: z.number(),
  /** opens the item with this highlight in view (the reader's ?ann_md5=) */
  ann_md5: z.string(),
  quote: z.string(),
  /** the highlight's first sticky note, '' when none */
  note: z.string(),
  sticky_notes: z.array(z.object({ id: z.number(), content: z.string() })),
  title: z.string(),
  url: z.string().nullable(),
  source: z.enum(REVIEW_SOURCES),
  color: z.string(),
  favourite: z.boolean(),
  /** true when the highlight was never reviewed */
  new: z.boolean(),
});
export type ReviewCard = z.output<typeof reviewCardSchema>;

export const reviewTodayReplySchema = z.object({
  due: z.array(reviewCardSchema),
  done_today: z.number(),
  streak: z.number(),
  /** the cards due tomorrow (within the day's limit) */
  due_tomorrow: z.number(),
  cards_per_day: z.number(),
});
export type ReviewTodayReply = z.output<typeof reviewTodayReplySchema>;

export const gradeReplySchema = z.object({ next_due: z.string() });
export const reviewOkReplySchema = z.object({ code: z.literal(1) });

const hour = z.coerce
  .number({ error: REVIEW_MSG.hour })
  .int(REVIEW_MSG.hour)
  .min(0, REVIEW_MSG.hour)
  .max(23, REVIEW_MSG.hour);
const weekday = z.coerce
  .number({ error: REVIEW_MSG.weekday })
  .int(REVIEW_MSG.weekday)
  .min(0, REVIEW_MSG.weekday)
  .max(6, REVIEW_MSG.weekday);

/** A list sent as an array or as comma-separated text (form fields), '' meaning none. */
const list = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(text()),
);

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** POST /api/review/settings: any subset; a field left out (or '') keeps its value. */
export const reviewSettingsSchema = z.object({
  cards_per_day: optional(
    z.coerce
      .number({ error: REVIEW_MSG.cardsPerDay })
      .int(REVIEW_MSG.cardsPerDay)
      .min(1, REVIEW_MSG.cardsPerDay)
      .max(CARDS_PER_DAY_MAX, REVIEW_MSG.cardsPerDay),
  ),
  sources: optional(
    list.pipe(z.array(z.enum(REVIEW_SOURCES, { error: REVIEW_MSG.sources })).min(1, REVIEW_MSG.sources)),
  ),
  /** '' clears the tag filter (every item) */
  tags: z.preprocess((v) => (v === null ? undefined : v), list.optional()),
  new_join: optional(flag),
  digest: optional(z.enum(DIGEST_FREQUENCIES)),
  digest_hour: optional(hour),
  digest_weekday: optional(weekday),
  time_zone: optional(text().refine(isTimeZone, REVIEW_MSG.timeZone)),
});
export type ReviewSettingsInput = z.output<typeof reviewSettingsSchema>;

export const reviewSettingsReplySchema = z.object({
  cards_per_day: z.number(),
  sources: z.array(z.enum(REVIEW_SOURCES)),
  tags: z.array(z.string()),
  new_join: z.boolean(),
  digest: z.enum(DIGEST_FREQUENCIES),
  digest_hour: z.number(),
  digest_weekday: z.number(),
  time_zone: z.string(),
  /** free accounts choose between weekly and off */
  daily_allowed: z.boolean(),
});
export type ReviewSettingsReply = z.output<typeof reviewSettingsReplySchema>;

/** The digest mail's one-click unsubscribe link: ?u={user id}&t={keyed hash}. */
export const unsubscribeQuerySchema = z.object({
  u: z.preprocess(emptyToUndefined, id('u')),
  t: z.preprocess(
    emptyToUndefined,
    z.string({ error: REVIEW_MSG.unsubscribeLink }).regex(/^[0-9a-f]{64}$/, REVIEW_MSG.unsubscribeLink),
  ),
});
export type UnsubscribeQuery = z.output<typeof unsubscribeQuerySchema>;
