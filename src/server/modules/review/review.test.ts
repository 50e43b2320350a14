import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHighlight } from '../../../../test/factories/annotations.ts';
import { saveBookmark, userIdOf } from '../../../../test/factories/items.ts';
import { setPlan } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { mailText } from '../../../../test/helpers/mail-links.ts';
import { REVIEW_MSG } from '../../../shared/schemas/review.ts';
import { queryRows } from '../../db/client.ts';
import { SignInThrottle } from '../../platform/auth/throttle.ts';
import { createMailer } from '../../platform/mailer.ts';
import { AccountsService } from '../accounts/service.ts';
import { ReviewDigest } from './digest.ts';
import { ReviewService } from './service.ts';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  // the test's clock moves by days and years: sessions must outlast it
  t = await createTestApp({
    SESSION_IDLE_MINUTES: String(3 * 365 * 24 * 60),
    SESSION_ABSOLUTE_HOURS: String(3 * 365 * 24),
  });
});
afterAll(async () => {
  await t?.close();
});

const today = async (c: TestClient) => {
  const res = await c.get('/api/review/today');
  expect(res.statusCode).toBe(200);
  return res.json() as {
    due: { ann_id: number; link_id: number; quote: string; note: string; source: string; new: boolean }[];
    done_today: number;
    streak: number;
    due_tomorrow: number;
  };
};
const grade = (c: TestClient, annId: number, g: string) => c.post(`/api/review/${annId}`, { grade: g });

/** A user with a bookmark holding `n` highlights (the first with a sticky note). */
async function userWithHighlights(n: number, settings: Record<string, unknown> = {}) {
  const c = await t.signUp();
  const item = await saveBookmark(c, { title: 'Ferns of the north', url: `https://ferns.example/${c.name}` });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await addHighlight(c, item.link_id, {
        content: `quote ${i} of ${c.name}`,
        ...(i === 0 ? { note: 'my note' } : {}),
      }),
    );
  }
  const saved = await c.post('/api/review/settings', { time_zone: 'UTC', ...settings });
  expect(saved.statusCode).toBe(200);
  return { c, item, ids };
}

describe('GET /api/review/today', () => {
  it("answers the user's own highlights as new cards with quote, note, title and source", async () => {
    const { c, item, ids } = await userWithHighlights(3);
    await userWithHighlights(2); // another user's highlights never appear
    const reply = await today(c);
    expect(reply.due.map((d) => d.ann_id).sort()).toEqual([...ids].sort());
    const first = reply.due.find((d) => d.ann_id === ids[0])!;
    expect(first).toMatchObject({
      link_id: item.link_id,
      quote: `quote 0 of ${c.name}`,
      note: 'my note',
      title: 'Ferns of the north',
      url: `https://ferns.example/${c.name}`,
      source: 'page',
      new: true,
    });
    expect(reply).toMatchObject({ done_today: 0, streak: 0 });
  });

  it('keeps to the cards a day, counting those answered today', async () => {
    const { c } = await userWithHighlights(5, { cards_per_day: 2 });
    const first = await today(c);
    expect(first.due).toHaveLength(2);
    expect((await grade(c, first.due[0]!.ann_id, 'good')).statusCode).toBe(200);
    const second = await today(c);
    expect(second.due).toHaveLength(1);
    expect(second.done_today).toBe(1);
    expect(second.streak).toBe(1);
    await grade(c, second.due[0]!.ann_id, 'easy');
    expect((await today(c)).due).toHaveLength(0);
  });

  it('lets new highlights wait a day when they should not join at once', async () => {
    const { c, ids } = await userWithHighlights(1, { new_join: 0 });
    expect((await today(c)).due).toHaveLength(0);
    expect((await today(c)).due_tomorrow).toBe(1);
    t.clock.advance(DAY);
    expect((await today(c)).due.map((d) => d.ann_id)).toEqual(ids);
    t.clock.advance(-DAY);
  });

  it('only takes the chosen sources and tags', async () => {
    const { c } = await userWithHighlights(1, { sources: 'pdf,kindle' });
    expect((await today(c)).due).toHaveLength(0);
    await c.post('/api/review/settings', { sources: 'page', tags: 'botany' });
    expect((await today(c)).due).toHaveLength(0);
    await c.post('/api/review/settings', { tags: '' });
    expect((await today(c)).due).toHaveLength(1);
  });
});

describe('POST /api/review/{ann_id}', () => {
  it('schedules the next review further out with Good and back to tomorrow with Again', async () => {
    const { c, ids } = await userWithHighlights(1);
    const annId = ids[0]!;
    const start = t.clock.now().getTime();
    const gaps: number[] = [];
    let at = start;
    for (let i = 0; i < 3; i++) {
      const res = await grade(c, annId, 'good');
      expect(res.statusCode).toBe(200);
      const next = Date.parse(res.json().next_due);
      gaps.push(next - at);
      t.clock.advance(next - at);
      at = next;
    }
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]!).toBeGreaterThan(gaps[1]!);
    const again = await grade(c, annId, 'again');
    expect(Date.parse(again.json().next_due) - at).toBe(DAY);
    t.clock.advance(start - at);
  });

  it('refuses a grade it does not know, and another user’s highlight', async () => {
    const { c, ids } = await userWithHighlights(1);
    const bob = await t.signUp();
    const bad = await grade(c, ids[0]!, 'perfect');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(REVIEW_MSG.grade);
    for (const res of [
      await grade(bob, ids[0]!, 'good'),
      await bob.post(`/api/review/${ids[0]}/exclude`),
      await bob.post(`/api/review/${ids[0]}/favourite`, { favourite: '1' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REVIEW_MSG.notFound);
    }
    const [card] = await queryRows(
      t.database.db,
      sql`SELECT 1 FROM review_cards WHERE annotation_id = ${ids[0]!}`,
    );
    expect(card).toBeUndefined();
  });
});

describe('highlights that leave the review', () => {
  it('never shows an excluded or a deleted highlight again', async () => {
    const { c, item, ids } = await userWithHighlights(2);
    expect((await c.post(`/api/review/${ids[0]}/exclude`)).statusCode).toBe(200);
    await grade(c, ids[1]!, 'again');
    const removed = await c.post('/annotation_mana/remove_annotation', {
      ann_id: ids[1],
      link_id: item.link_id,
    });
    expect(removed.statusCode).toBe(200);
    t.clock.advance(400 * DAY);
    expect((await today(c)).due).toEqual([]);
    t.clock.advance(-400 * DAY);
    const cards = await queryRows(
      t.database.db,
      sql`SELECT 1 FROM review_cards WHERE annotation_id = ${ids[1]!}`,
    );
    expect(cards).toEqual([]);
  });
});

describe('an item in the trash', () => {
  it('takes its highlights out of the review until it is restored', async () => {
    const { c, item, ids } = await userWithHighlights(2);
    expect((await c.post('/ditem_mana2/delete_b', { link_id: String(item.link_id) })).statusCode).toBe(200);
    expect((await today(c)).due).toEqual([]);
    expect((await grade(c, ids[0]!, 'good')).statusCode).toBe(404);
    expect((await c.post('/api/trash/restore', { link_id: String(item.link_id) })).statusCode).toBe(200);
    expect((await today(c)).due).toHaveLength(2);
  });
});

describe('POST /api/review/settings', () => {
  it('keeps the daily digest to paying users and refuses unknown zones and hours', async () => {
    const c = await t.signUp();
    const daily = await c.post('/api/review/settings', { digest: 'daily' });
    expect(daily.statusCode).toBe(400);
    expect(daily.json().message).toBe(REVIEW_MSG.dailyPremium);
    expect((await c.post('/api/review/settings', { time_zone: 'Mars/Olympus' })).json().message).toBe(
      REVIEW_MSG.timeZone,
    );
    expect((await c.post('/api/review/settings', { digest_hour: '24' })).statusCode).toBe(400);
    const weekly = await c.post('/api/review/settings', {
      digest: 'weekly',
      digest_hour: '7',
      cards_per_day: '',
    });
    expect(weekly.json()).toMatchObject({
      digest: 'weekly',
      digest_hour: 7,
      cards_per_day: 10,
      daily_allowed: false,
    });
    await setPlan(t.database, c);
    expect((await c.post('/api/review/settings', { digest: 'daily' })).json()).toMatchObject({
      digest: 'daily',
      daily_allowed: true,
    });
  });
});

describe('the digest', () => {
  /** One more instance's digest on the same database and queue, as a second server would run it. */
  function secondInstance() {
    const db = t.database.db;
    const accounts = new AccountsService({ db, clock: t.clock, throttle: new SignInThrottle(db, t.clock) });
    const review = new ReviewService({ db, clock: t.clock, accounts });
    const mailer = createMailer({ smtpUrl: t.config.smtpUrl, from: t.config.mailFrom, outboxDir: '' });
    return new ReviewDigest({
      db,
      clock: t.clock,
      jobs: t.jobs,
      mailer,
      accounts,
      review,
      secret: t.config.secretsKey,
      publicUrl: undefined,
    });
  }
  const mailsTo = (email: string) => t.inbox.filter((m) => m.to.includes(email));

  it('is queued once per day at the chosen hour, even with two instances sweeping, and unsubscribes in one click', async () => {
    const { c } = await userWithHighlights(2);
    await setPlan(t.database, c);
    const [user] = await queryRows<{ email: string }>(
      t.database.db,
      sql`SELECT email FROM users WHERE name = ${c.name!}`,
    );
    const email = user!.email;
    // an hour still to come today (at 23:00 UTC, the clock first moves into the next day)
    const shift = t.clock.now().getUTCHours() === 23 ? 3_600_000 : 0;
    t.clock.advance(shift);
    const hour = t.clock.now().getUTCHours() + 1;
    await c.post('/api/review/settings', { digest: 'daily', digest_hour: String(hour) });
    const [a, b] = [secondInstance(), secondInstance()];
    const userId = await userIdOf(t.database, c.name!);
    const mailJobs = () =>
      queryRows(
        t.database.db,
        sql`SELECT 1 FROM jobs WHERE kind = 'review-digest-mail' AND payload->>'userId' = ${String(userId)}`,
      );
    // before the hour nothing goes
    await a.sweep();
    expect(await mailJobs()).toHaveLength(0);
    const toHour = (hour - t.clock.now().getUTCHours() + 24) % 24;
    const back = toHour * 3_600_000;
    t.clock.advance(back);
    await Promise.all([a.sweep(), b.sweep(), a.sweep()]);
    expect(await mailJobs()).toHaveLength(1);
    await t.jobs.runDueJobs();
    await expect.poll(() => mailsTo(email).length).toBe(1);
    await b.sweep();
    expect(await mailJobs()).toHaveLength(1);
    const mail = mailText(mailsTo(email)[0]!);
    expect(mail).toMatch(/Subject: Your Daily Review: 2 highlights/);
    expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(mail).toContain('quote 0 of');
    expect(mail).toContain('/review');
    const headers = mailsTo(email)[0]!
      .raw.split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, ' ');
    const link = headers.match(/List-Unsubscribe: <([^>]+)>/)![1]!;
    const url = new URL(link);

    // the link is for this user only, and opening it changes nothing
    const bobId = await userIdOf(t.database, (await t.signUp()).name!);
    const visitor = t.visitor();
    const forged = await visitor.post(`${url.pathname}?u=${bobId}&t=${url.searchParams.get('t')}`);
    expect(forged.statusCode).toBe(400);
    expect((await visitor.get(url.pathname, Object.fromEntries(url.searchParams))).statusCode).toBe(200);
    expect((await c.get('/api/review/settings')).json().digest).toBe('daily');
    // a mail client's one-click POST: no session, no Origin, the RFC 8058 body
    const done = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect((await c.get('/api/review/settings')).json().digest).toBe('off');
    t.clock.advance(DAY);
    await a.sweep();
    expect(await mailJobs()).toHaveLength(1);
    t.clock.advance(-DAY - back - shift);

    // "Send one now" mails today's cards whatever the schedule
    expect((await c.post('/api/review/digest')).statusCode).toBe(200);
    await t.jobs.runDueJobs();
    await expect.poll(() => mailsTo(email).length).toBe(2);
  });
});
