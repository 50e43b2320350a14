import {
  type GradeInput,
  REVIEW_MSG,
  type ReviewCard,
  type ReviewSettingsInput,
  type ReviewSettingsReply,
  type ReviewSource,
  type ReviewTodayReply,
} from '../../../shared/schemas/review.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import { addDays, dayOf, startOfDay, streakOf } from './days.ts';
import * as repo from './repo.ts';
import { answer, GRADE_NUMBERS } from './scheduler.ts';

export interface ReviewDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
}

/** Preferences as the service reads them: a user without a row has the defaults. */
export interface ReviewPrefs {
  cardsPerDay: number;
  sources: ReviewSource[];
  tags: string[];
  newJoin: boolean;
  digest: 'off' | 'daily' | 'weekly';
  digestHour: number;
  digestWeekday: number;
  timeZone: string;
  origin: string | null;
}

const DEFAULTS: ReviewPrefs = {
  cardsPerDay: 10,
  sources: ['page', 'pdf', 'kindle', 'note'],
  tags: [],
  newJoin: true,
  digest: 'off',
  digestHour: 8,
  digestWeekday: 1,
  timeZone: 'UTC',
  origin: null,
};

export function prefsOf(row: repo.ReviewSettingsRow | null): ReviewPrefs {
  if (!row) return DEFAULTS;
  return {
    cardsPerDay: row.cardsPerDay,
    sources: row.sources as ReviewSource[],
    tags: row.tags,
    newJoin: row.newJoin,
    digest: row.digest as ReviewPrefs['digest'],
    digestHour: row.digestHour,
    digestWeekday: row.digestWeekday,
    timeZone: row.timeZone,
    origin: row.origin,
  };
}

/**
 * Daily Review: each day a few of the user's highlights, those FSRS says are due first, then ones
 * never reviewed. Only the user's own highlights on their own items are ever read or changed.
 */
export class ReviewService {
  constructor(private readonly deps: ReviewDeps) {}

  async prefs(userId: number): Promise<ReviewPrefs> {
    return prefsOf(await repo.findSettings(this.deps.db, userId));
  }

  async today(userId: number): Promise<ReviewTodayReply> {
    const prefs = await this.prefs(userId);
    const now = this.deps.clock.now();
    const today = dayOf(now, prefs.timeZone);
    const tomorrow = addDays(today, 1);
    const scope = { userId, sources: prefs.sources, tags: prefs.tags };
    const [doneToday, days] = await Promise.all([
      repo.answeredOn(this.deps.db, userId, today),
      repo.answerDays(this.deps.db, userId, addDays(today, -400)),
    ]);
    const endOfToday = startOfDay(tomorrow, prefs.timeZone);
    const rows = await repo.dueCards(this.deps.db, scope, {
      until: endOfToday,
      newBefore: prefs.newJoin ? null : startOfDay(today, prefs.timeZone),
      limit: prefs.cardsPerDay - doneToday,
    });
    const dueTomorrow = await repo.countDue(this.deps.db, scope, {
      until: startOfDay(addDays(today, 2), prefs.timeZone),
      newBefore: prefs.newJoin ? null : endOfToday,
      limit: prefs.cardsPerDay,
    });
    return {
      due: await this.cards(rows),
      done_today: doneToday,
      streak: streakOf(days, today),
      due_tomorrow: dueTomorrow,
      cards_per_day: prefs.cardsPerDay,
    };
  }

  private async cards(rows: repo.DueRow[]): Promise<ReviewCard[]> {
    const notes = await repo.stickyNotesOf(
      this.deps.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const own = notes.filter((n) => n.annotation_id === r.id).map(({ id, content }) => ({ id, content }));
      return {
        ann_id: r.id,
        link_id: r.item_id,
        ann_md5: r.ann_md5,
        quote: r.content,
        note: own[0]?.content ?? '',
        sticky_notes: own,
        title: r.title,
        url: r.url,
        source: r.source,
        color: r.color,
        favourite: r.favourite === true,
        new: r.is_new,
      };
    });
  }

  async grade(userId: number, annotationId: number, { grade }: GradeInput): Promise<{ next_due: string }> {
    const now = this.deps.clock.now();
    const { timeZone } = await this.prefs(userId);
    const card = await this.deps.db.transaction(async (tx) => {
      await this.checkOwn(tx, userId, annotationId);
      const stored = await repo.findCard(tx, annotationId);
      // a card only just made by a flag (favourite) was never answered: it starts empty
      const next = answer(stored?.lastReview ? stored : null, grade, now);
      await repo.saveCard(tx, userId, annotationId, next);
      await repo.recordAnswer(tx, {
        userId,
        annotationId,
        grade: GRADE_NUMBERS[grade],
        day: dayOf(now, timeZone),
        answeredAt: now,
      });
      return next;
    });
    return { next_due: card.due.toISOString() };
  }

  async exclude(userId: number, annotationId: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.checkOwn(tx, userId, annotationId);
      await repo.setCardFlag(tx, userId, annotationId, { excluded: true }, this.deps.clock.now());
    });
  }

  async favourite(userId: number, annotationId: number, favourite: boolean): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.checkOwn(tx, userId, annotationId);
      await repo.setCardFlag(tx, userId, annotationId, { favourite }, this.deps.clock.now());
    });
  }

  private async checkOwn(tx: Parameters<typeof repo.ownHighlight>[0], userId: number, annotationId: number) {
    if (!(await repo.ownHighlight(tx, userId, annotationId))) throw new NotFoundError(REVIEW_MSG.notFound);
  }

  async settings(userId: number): Promise<ReviewSettingsReply> {
    return this.reply(userId, await this.prefs(userId));
  }

  async saveSettings(
    userId: number,
    input: ReviewSettingsInput,
    origin: string,
  ): Promise<ReviewSettingsReply> {
    const dailyAllowed = await this.dailyAllowed(userId);
    if (input.digest === 'daily' && !dailyAllowed)
      throw new ValidationError(REVIEW_MSG.dailyPremium, 'digest');
    const row = await repo.saveSettings(
      this.deps.db,
      userId,
      {
        ...(input.cards_per_day !== undefined ? { cardsPerDay: input.cards_per_day } : {}),
        ...(input.sources !== undefined ? { sources: [...new Set(input.sources)] } : {}),
        ...(input.tags !== undefined ? { tags: [...new Set(input.tags)] } : {}),
        ...(input.new_join !== undefined ? { newJoin: input.new_join } : {}),
        ...(input.digest !== undefined ? { digest: input.digest } : {}),
        ...(input.digest_hour !== undefined ? { digestHour: input.digest_hour } : {}),
        ...(input.digest_weekday !== undefined ? { digestWeekday: input.digest_weekday } : {}),
        ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
        origin,
      },
      this.deps.clock.now(),
    );
    return this.reply(userId, prefsOf(row), dailyAllowed);
  }

  /** Turns the digest off (the mail's unsubscribe link). */
  async stopDigest(userId: number): Promise<void> {
    if (await repo.findSettings(this.deps.db, userId)) {
      await repo.saveSettings(this.deps.db, userId, { digest: 'off' }, this.deps.clock.now());
    }
  }

  /** Free accounts get the digest weekly; a daily one comes with a paid plan. */
  async dailyAllowed(userId: number): Promise<boolean> {
    const user = await this.deps.accounts.findUser(userId);
    return Boolean(user && user.plan !== 'free');
  }

  private async reply(userId: number, prefs: ReviewPrefs, allowed?: boolean): Promise<ReviewSettingsReply> {
    return {
      cards_per_day: prefs.cardsPerDay,
      sources: prefs.sources,
      tags: prefs.tags,
      new_join: prefs.newJoin,
      digest: prefs.digest,
      digest_hour: prefs.digestHour,
      digest_weekday: prefs.digestWeekday,
      time_zone: prefs.timeZone,
      daily_allowed: allowed ?? (await this.dailyAllowed(userId)),
    };
  }
}
