import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { WEBHOOK_LOG_KEPT, WEBHOOKS_MAX } from '../../../shared/limits.ts';
import {
  type CreateWebhookInput,
  WEBHOOK_MESSAGES,
  type WebhookEvent,
  type WebhookReply,
} from '../../../shared/schemas/webhooks.ts';
import type { Db, Executor } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import { BlockedAddressError, FetchError, InvalidUrlError } from '../../platform/fetch-errors.ts';
import type { Fetcher } from '../../platform/fetcher.ts';
import { seal } from '../../platform/secret-box.ts';
import type { WebhookEvents } from './events.ts';
import { newSecret } from './signature.ts';

const NO_SUCH_WEBHOOK = 'No such webhook.';

/** A user's webhooks (issue 30 part 2): register, list with their log, delete, test. */
export class WebhooksService {
  constructor(
    private readonly deps: { db: Db; fetcher: Fetcher; events: WebhookEvents; secretsKey: string },
  ) {}

  /**
   * POST /api/webhooks. A URL the fetcher would refuse (a private, loopback or metadata address, a
   * URL with credentials) or a host that does not resolve is a 400; every delivery is checked again.
   * The secret is answered once and kept only sealed.
   */
  async create(userId: number, v: CreateWebhookInput): Promise<{ id: number; secret: string }> {
    try {
      await this.deps.fetcher.checkUrl(v.url);
    } catch (err) {
      if (err instanceof BlockedAddressError)
        throw new ValidationError(WEBHOOK_MESSAGES.privateAddress, 'url');
      if (err instanceof InvalidUrlError || err instanceof FetchError)
        throw new ValidationError(err.message, 'url');
      throw err;
    }
    const secret = newSecret();
    const id = await this.deps.db.transaction(async (tx) => {
      // counted under a per-user lock: two adds at once cannot both take the last place
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhooks:${userId}`}, 0))`);
      const [n] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, userId));
      if ((n?.n ?? 0) >= WEBHOOKS_MAX) throw new ValidationError(WEBHOOK_MESSAGES.tooMany);
      const [row] = await tx
        .insert(webhooks)
        .values({ userId, url: v.url, events: v.events, secretSealed: seal(this.deps.secretsKey, secret) })
        .returning({ id: webhooks.id });
      return row!.id;
    });
    return { id, secret };
  }

  /** GET /api/webhooks: oldest first, each with its newest deliveries; never a secret. */
  async list(userId: number): Promise<WebhookReply[]> {
    const rows = await this.deps.db
      .select()
      .from(webhooks)
      .where(eq(webhooks.userId, userId))
      .orderBy(asc(webhooks.id));
    if (!rows.length) return [];
    const log = await this.deps.db
      .select()
      .from(webhookDeliveries)
      .where(
        inArray(
          webhookDeliveries.webhookId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(desc(webhookDeliveries.id));
    return rows.map((r) => ({
      id: r.id,
      url: r.url,
      events: r.events as WebhookEvent[],
      enabled: r.enabled,
      failure_count: r.failures,
      created_at: r.createdAt.toISOString(),
      deliveries: log
        .filter((d) => d.webhookId === r.id)
        .slice(0, WEBHOOK_LOG_KEPT)
        .map((d) => ({
          event_id: d.eventId,
          event: d.event,
          status_code: d.statusCode,
          error: d.error,
          attempt: d.attempt,
          at: d.at.toISOString(),
        })),
    }));
  }

  /** DELETE /api/webhooks/{id}: with its log; deliveries still queued for it find it gone and end. */
  async remove(userId: number, id: number): Promise<void> {
    const gone = await this.deps.db
      .delete(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
      .returning({ id: webhooks.id });
    if (!gone.length) throw new NotFoundError(NO_SUCH_WEBHOOK);
  }

  /** POST /api/webhooks/{id}/test: a webhook.test delivery, tried once, shown in the log. */
  async test(userId: number, id: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const hook = await this.own(tx, userId, id);
      await this.deps.events.queueTest(tx, userId, hook.id, {
        webhook_id: hook.id,
        message: 'A test delivery from Folio.',
      });
    });
  }

  /** The user's webhook; another user's is as unknown as a missing one. */
  private async own(tx: Executor, userId: number, id: number) {
    const [row] = await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
    if (!row) throw new NotFoundError(NO_SUCH_WEBHOOK);
    return row;
  }
}
