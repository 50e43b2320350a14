import { and, desc, eq, sql } from 'drizzle-orm';
import { WEBHOOK_FAILURES_TO_DISABLE, WEBHOOK_LOG_KEPT } from '../../../shared/limits.ts';
import { WEBHOOK_TEST_EVENT } from '../../../shared/schemas/webhooks.ts';
import type { Db, Executor } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { BlockedAddressError, FetchError, InvalidUrlError } from '../../platform/fetch-errors.ts';
import type { Fetcher } from '../../platform/fetcher.ts';
import {
  defineJob,
  type Job,
  type JobDefinition,
  type JobQueue,
  PermanentJobError,
} from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { open } from '../../platform/secret-box.ts';
import type { AccountsService } from '../accounts/service.ts';
import { type DeliveryPayload, WEBHOOK_DELIVERY_JOB, WEBHOOK_DISABLED_MAIL_JOB } from './events.ts';
import { signatureHeader } from './signature.ts';

/** What a receiver's answer may be: only its status matters, the body is read no further. */
const ANSWER_MAX_BYTES = 1024;

interface Attempt {
  statusCode: number | null;
  error: string | null;
  /** a retry cannot help (the address is refused, the URL is invalid) */
  permanent: boolean;
}

/**
 * Sends webhook deliveries (the jobs registered in jobs-wiring.ts): the signed JSON POST through the
 * SSRF-guarded fetcher, each attempt logged on its webhook, failures retried by the jobs table, and
 * a webhook whose deliveries failed WEBHOOK_FAILURES_TO_DISABLE times in a row turned off with a
 * mail to its owner.
 */
export class WebhookDeliveries {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      fetcher: Fetcher;
      jobs: JobQueue;
      mailer: Mailer;
      accounts: AccountsService;
      secretsKey: string;
      publicUrl?: string;
    },
  ) {}

  definitions(): JobDefinition<unknown>[] {
    return [
      defineJob(WEBHOOK_DELIVERY_JOB, (job) => this.deliver(job)),
      defineJob(WEBHOOK_DISABLED_MAIL_JOB, (job) => this.mailDisabled(job.payload.webhookId)),
    ] as JobDefinition<unknown>[];
  }

  async deliver(job: Job<DeliveryPayload>): Promise<void> {
    const p = job.payload;
    let target: { url: string; secret: string };
    if (p.webhookId === null) {
      if (!p.url || !p.secretSealed)
        throw new PermanentJobError('A one-off delivery needs a URL and a secret.');
      target = { url: p.url, secret: open(this.deps.secretsKey, p.secretSealed) };
    } else {
      const [hook] = await this.deps.db.select().from(webhooks).where(eq(webhooks.id, p.webhookId));
      // deleted, or turned off since the event (a test is sent to a turned-off one: it may turn it on)
      if (!hook || (!hook.enabled && p.event !== WEBHOOK_TEST_EVENT)) return;
      target = { url: hook.url, secret: open(this.deps.secretsKey, hook.secretSealed) };
    }
    const attempt = await this.send(target, p);
    const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
    const stillOn = p.webhookId === null ? true : await this.record(p, job.attempt, attempt, ok);
    if (ok) return;
    const why = attempt.error ?? `The receiver answered HTTP ${attempt.statusCode}.`;
    // a turned-off webhook gets no more tries
    if (attempt.permanent || !stillOn) throw new PermanentJobError(why);
    throw new Error(why);
  }

  private async send(target: { url: string; secret: string }, p: DeliveryPayload): Promise<Attempt> {
    const body = JSON.stringify({ id: p.eventId, event: p.event, created_at: p.createdAt, data: p.data });
    const t = Math.floor(this.deps.clock.now().getTime() / 1000);
    try {
      const res = await this.deps.fetcher.send(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-folio-signature': signatureHeader(target.secret, t, body),
          'x-folio-event': p.event,
          'x-folio-delivery': p.eventId,
        },
        body,
        maxBytes: ANSWER_MAX_BYTES,
      });
      return { statusCode: res.status, error: null, permanent: false };
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      const permanent = err instanceof BlockedAddressError || err instanceof InvalidUrlError;
      return { statusCode: null, error: err.message, permanent };
    }
  }

  /**
   * Logs the attempt and keeps the failure count, under the webhook's row lock so two instances'
   * deliveries count right. Answers whether the webhook is still on.
   */
  private async record(p: DeliveryPayload, attemptNo: number, a: Attempt, ok: boolean): Promise<boolean> {
    const webhookId = p.webhookId!;
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const [hook] = await tx.select().from(webhooks).where(eq(webhooks.id, webhookId)).for('update');
      if (!hook) return false;
      await tx.insert(webhookDeliveries).values({
        webhookId,
        eventId: p.eventId,
        event: p.event,
        statusCode: a.statusCode,
        error: a.error,
        attempt: attemptNo,
        at: now,
      });
      await pruneLog(tx, webhookId);
      if (ok) {
        await tx
          .update(webhooks)
          .set({ failures: 0, enabled: true, disabledAt: null })
          .where(eq(webhooks.id, webhookId));
        return true;
      }
      const failures = hook.failures + 1;
      const turnOff = hook.enabled && failures >= WEBHOOK_FAILURES_TO_DISABLE;
      await tx
        .update(webhooks)
        .set({ failures, ...(turnOff ? { enabled: false, disabledAt: now } : {}) })
        .where(eq(webhooks.id, webhookId));
      if (turnOff)
        await this.deps.jobs.enqueue(tx, WEBHOOK_DISABLED_MAIL_JOB, { webhookId }, { userId: hook.userId });
      return hook.enabled && !turnOff;
    });
  }

  private async mailDisabled(webhookId: number): Promise<void> {
    const [hook] = await this.deps.db.select().from(webhooks).where(eq(webhooks.id, webhookId));
    // deleted or turned on again meanwhile: nothing to tell
    if (!hook || hook.enabled) return;
    const user = await this.deps.accounts.findUser(hook.userId);
    if (!user?.email) return;
    const [last] = await this.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(1);
    const lastProblem = last ? (last.error ?? `HTTP ${last.statusCode}`) : 'unknown';
    const where = this.deps.publicUrl ? `${this.deps.publicUrl.replace(/\/$/, '')}/setting` : 'Settings';
    await this.deps.mailer.send({
      to: user.email,
      subject: 'Folio turned off one of your webhooks',
      text:
        `Hello ${user.name},\n\n` +
        `Deliveries to your webhook ${hook.url} failed ${WEBHOOK_FAILURES_TO_DISABLE} times in a row, ` +
        `so Folio stopped sending to it. The last problem: ${lastProblem}.\n\n` +
        `Once the receiver works again, send a test from Settings > Developer (${where}): ` +
        'a test that succeeds turns the webhook back on.\n',
    });
  }
}

/** Keeps the newest WEBHOOK_LOG_KEPT attempts of the webhook. */
async function pruneLog(tx: Executor, webhookId: number) {
  await tx.delete(webhookDeliveries).where(
    and(
      eq(webhookDeliveries.webhookId, webhookId),
      sql`${webhookDeliveries.id} < (SELECT min(id) FROM (
          SELECT id FROM webhook_deliveries WHERE webhook_id = ${webhookId}
          ORDER BY id DESC LIMIT ${WEBHOOK_LOG_KEPT}) newest)`,
    ),
  );
}
