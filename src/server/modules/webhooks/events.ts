import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { WEBHOOK_TEST_EVENT, type WebhookEvent } from '../../../shared/schemas/webhooks.ts';
import type { Executor } from '../../db/client.ts';
import { webhooks } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { type JobQueue, jobType } from '../../platform/jobs.ts';
import { seal } from '../../platform/secret-box.ts';

/**
 * One delivery of one event to one URL. A registered webhook's is read from its row when it runs
 * (a deleted or disabled webhook gets nothing); a one-off delivery carries its URL and sealed
 * secret. The event's JSON is fixed when the writer commits, so a retry sends the same body.
 */
export const WEBHOOK_DELIVERY_JOB = jobType(
  'webhook-delivery',
  z.object({
    webhookId: z.number().int().nullable(),
    url: z.string().optional(),
    secretSealed: z.string().optional(),
    eventId: z.string(),
    event: z.string(),
    createdAt: z.string(),
    data: z.unknown(),
  }),
);
export type DeliveryPayload = z.output<typeof WEBHOOK_DELIVERY_JOB.payload>;

/** The owner's mail when repeated failures turn a webhook off. */
export const WEBHOOK_DISABLED_MAIL_JOB = jobType(
  'webhook-disabled-mail',
  z.object({ webhookId: z.number().int() }),
);

/** Tries of one delivery: the jobs table retries after 30 s, 1, 2, 4 and 8 minutes. */
export const DELIVERY_ATTEMPTS = 6;

/** An event's data, or a function making it: called only when some webhook wants the event. */
type Data<T> = T | (() => Promise<T>);

/**
 * The outbox of webhook events (issue 30 part 2). Writers call it inside their own transaction:
 * one delivery job per matching enabled webhook is queued with their change, so an event exists
 * exactly when the change does, and the jobs table delivers it once whichever instance runs it.
 */
export class WebhookEvents {
  constructor(private readonly deps: { jobs: JobQueue; clock: Clock; secretsKey: string }) {}

  /** One event to every enabled webhook of the user subscribed to it. */
  async emit(tx: Executor, userId: number, event: WebhookEvent, data: Data<unknown>): Promise<void> {
    await this.emitEach(tx, userId, event, typeof data === 'function' ? async () => [await data()] : [data]);
  }

  /** One event per element (a bulk change of several items). */
  async emitEach(tx: Executor, userId: number, event: WebhookEvent, list: Data<unknown[]>): Promise<void> {
    const hooks = await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(
        and(eq(webhooks.userId, userId), eq(webhooks.enabled, true), sql`${event} = ANY(${webhooks.events})`),
      );
    if (!hooks.length) return;
    const all = typeof list === 'function' ? await list() : list;
    const createdAt = this.deps.clock.now().toISOString();
    const jobs = all.flatMap((data) => {
      const eventId = randomUUID();
      return hooks.map((h) => ({
        payload: { webhookId: h.id, eventId, event, createdAt, data },
        options: { userId, maxAttempts: DELIVERY_ATTEMPTS },
      }));
    });
    await this.deps.jobs.enqueueMany(tx, WEBHOOK_DELIVERY_JOB, jobs);
  }

  /**
   * A signed delivery to a URL outside the user's webhooks (a rule's webhook action): the same
   * body, signature, guard and retries, without a log. Returns the event's id.
   */
  async queueDelivery(
    tx: Executor,
    v: { userId: number; url: string; secret: string; event: string; data: unknown },
  ): Promise<string> {
    const eventId = randomUUID();
    await this.deps.jobs.enqueue(
      tx,
      WEBHOOK_DELIVERY_JOB,
      {
        webhookId: null,
        url: v.url,
        secretSealed: seal(this.deps.secretsKey, v.secret),
        eventId,
        event: v.event,
        createdAt: this.deps.clock.now().toISOString(),
        data: v.data,
      },
      { userId: v.userId, maxAttempts: DELIVERY_ATTEMPTS },
    );
    return eventId;
  }

  /** The test delivery of a webhook: tried once, logged like any other. */
  async queueTest(tx: Executor, userId: number, webhookId: number, data: unknown): Promise<void> {
    await this.deps.jobs.enqueue(
      tx,
      WEBHOOK_DELIVERY_JOB,
      {
        webhookId,
        eventId: randomUUID(),
        event: WEBHOOK_TEST_EVENT,
        createdAt: this.deps.clock.now().toISOString(),
        data,
      },
      { userId, maxAttempts: 1 },
    );
  }
}
