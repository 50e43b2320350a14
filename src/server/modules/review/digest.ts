import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { escapeHtml } from '../../../shared/escape-html.ts';
import type { ReviewCard } from '../../../shared/schemas/review.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { defineJob, type JobQueue, jobType } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { AccountsService } from '../accounts/service.ts';
import { localTime } from './days.ts';
import * as repo from './repo.ts';
import { prefsOf, type ReviewService } from './service.ts';

/** How often the sweep looks for users whose digest hour has come. */
export const DIGEST_SWEEP_MS = 15 * 60_000;
const BATCH = 200;

export const REVIEW_DIGEST_SWEEP_JOB = jobType('review-digest-sweep', z.object({}));
export const REVIEW_DIGEST_MAIL_JOB = jobType(
  'review-digest-mail',
  z.object({ userId: z.number(), period: z.string(), force: z.boolean().optional() }),
);

export interface DigestDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  accounts: AccountsService;
  review: ReviewService;
  secret: string;
  publicUrl: string | undefined;
}

/** Queues the sweep (main.ts at boot; each run queues the next). */
export function queueDigestSweep(jobs: JobQueue, db: Db, runAt?: Date): Promise<void> {
  return jobs.enqueue(
    db,
    REVIEW_DIGEST_SWEEP_JOB,
    {},
    { dedupeKey: 'next', maxAttempts: 1, ...(runAt ? { runAt } : {}) },
  );
}

/** The unsubscribe link's keyed hash of the user id: only that user's digest can be stopped by it. */
export function unsubscribeToken(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`review-digest-unsubscribe:${userId}`).digest('hex');
}

export function validUnsubscribeToken(secret: string, userId: number, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId), 'hex');
  const given = Buffer.from(token, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The digest: a sweep finds each user whose hour has come in their time zone (every day, or on their
 * weekday) and, in one transaction, marks the period sent and queues the mail. The mark is a
 * conditional update, so with several instances sweeping, each period's mail is queued once.
 */
export class ReviewDigest {
  constructor(private readonly deps: DigestDeps) {}

  definitions() {
    return [
      defineJob(REVIEW_DIGEST_SWEEP_JOB, async () => {
        try {
          await this.sweep();
        } finally {
          await queueDigestSweep(
            this.deps.jobs,
            this.deps.db,
            new Date(this.deps.clock.now().getTime() + DIGEST_SWEEP_MS),
          );
        }
      }),
      defineJob(REVIEW_DIGEST_MAIL_JOB, ({ payload }) => this.send(payload.userId, payload.force ?? false)),
    ];
  }

  /** Queues the digests whose time has come; answers how many. */
  async sweep(): Promise<number> {
    const now = this.deps.clock.now();
    let queued = 0;
    let after = 0;
    for (;;) {
      const rows = await repo.digestUsers(this.deps.db, after, BATCH);
      if (rows.length === 0) return queued;
      after = rows[rows.length - 1]!.userId;
      for (const row of rows) {
        const prefs = prefsOf(row);
        const local = localTime(now, prefs.timeZone);
        if (local.hour < prefs.digestHour) continue;
        const period = local.day;
        // sent already (an earlier sweep today): no plan lookup, no claim to try
        if (row.digestSentFor === period) continue;
        // a daily digest chosen on a plan since lapsed goes out weekly
        const weekly = prefs.digest === 'weekly' || !(await this.deps.review.dailyAllowed(row.userId));
        if (weekly && local.weekday !== prefs.digestWeekday) continue;
        const claimed = await this.deps.db.transaction(async (tx) => {
          if (!(await repo.claimDigest(tx, row.userId, period))) return false;
          await this.deps.jobs.enqueue(
            tx,
            REVIEW_DIGEST_MAIL_JOB,
            { userId: row.userId, period },
            { dedupeKey: `${row.userId}:${period}` },
          );
          return true;
        });
        if (claimed) queued += 1;
      }
    }
  }

  /** Mails today's digest at once (the preferences' "Send one now"), whatever the schedule. */
  async queueNow(userId: number): Promise<void> {
    await this.deps.jobs.enqueue(this.deps.db, REVIEW_DIGEST_MAIL_JOB, {
      userId,
      period: 'now',
      force: true,
    });
  }

  /** The mail: the day's cards and a link to review them; nothing when no card is due. */
  async send(userId: number, force = false): Promise<void> {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) return;
    const prefs = await this.deps.review.prefs(userId);
    if (prefs.digest === 'off' && !force) return;
    const { due } = await this.deps.review.today(userId);
    if (due.length === 0) return;
    const origin = this.deps.publicUrl ?? prefs.origin ?? 'http://localhost:3000';
    const reviewUrl = `${origin}/review`;
    const unsubscribeUrl = `${origin}/api/review/unsubscribe?${new URLSearchParams({
      u: String(userId),
      t: unsubscribeToken(this.deps.secret, userId),
    })}`;
    const count = `${due.length} highlight${due.length === 1 ? '' : 's'}`;
    await this.deps.mailer.send({
      to: user.email,
      subject: `Your Daily Review: ${count}`,
      text: digestText(due, reviewUrl, unsubscribeUrl),
      html: digestHtml(due, reviewUrl, unsubscribeUrl),
      headers: {
        // RFC 8058: mail clients offer one-click unsubscribe by POSTing to this address
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }
}

function digestText(cards: ReviewCard[], reviewUrl: string, unsubscribeUrl: string): string {
  const lines = cards.map(
    (c) => `"${c.quote}"\n  - ${c.title || c.url || 'Untitled'}${c.note ? `\n  Note: ${c.note}` : ''}`,
  );
  return `Today's highlights to review:\n\n${lines.join('\n\n')}\n\nReview them: ${reviewUrl}\n\nStop these mails: ${unsubscribeUrl}\n`;
}

function digestHtml(cards: ReviewCard[], reviewUrl: string, unsubscribeUrl: string): string {
  const items = cards
    .map(
      (c) =>
        `<blockquote style="margin:0 0 1rem;padding-left:.75rem;border-left:3px solid #e3b341">${escapeHtml(c.quote)}` +
        `<br><small>${escapeHtml(c.title || c.url || 'Untitled')}</small>` +
        `${c.note ? `<br><em>${escapeHtml(c.note)}</em>` : ''}</blockquote>`,
    )
    .join('');
  return `<p>Today's highlights to review:</p>${items}<p><a href="${escapeHtml(reviewUrl)}">Review them</a></p><p style="font-size:small"><a href="${escapeHtml(unsubscribeUrl)}">Stop these mails</a></p>`;
}
