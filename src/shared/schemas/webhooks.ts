import { z } from 'zod';
import { WEBHOOK_URL_MAX, WEBHOOKS_MAX } from '../limits.ts';
import { id, text } from './fields.ts';

/** Webhooks (issue 30 part 2): the events a user may subscribe a URL to. */
export const WEBHOOK_EVENTS = [
  'item.created',
  'item.updated',
  'item.deleted',
  'annotation.created',
  'annotation.updated',
  'annotation.deleted',
  'capture.finished',
  'import.finished',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What POST /api/webhooks/{id}/test sends: no subscription needed. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_MESSAGES = {
  tooMany: `You can keep at most ${WEBHOOKS_MAX} webhooks. Delete one to add another.`,
  httpOnly: 'The URL must start with http:// or https://.',
  noEvents: 'Choose at least one event.',
  privateAddress:
    'This URL points to a private or local network address; webhooks are only sent to public addresses.',
} as const;

export const createWebhookSchema = z.object({
  url: text()
    .trim()
    .min(1, 'url is required')
    .max(WEBHOOK_URL_MAX, `The URL is longer than ${WEBHOOK_URL_MAX} characters.`)
    .refine((s) => /^https?:\/\/[^\s]+$/i.test(s), WEBHOOK_MESSAGES.httpOnly),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `events must be among: ${WEBHOOK_EVENTS.join(', ')}.` }))
    .min(1, WEBHOOK_MESSAGES.noEvents)
    .max(WEBHOOK_EVENTS.length)
    // the same event twice is one subscription
    .transform((list) => [...new Set(list)]),
});
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;

export const webhookParamsSchema = z.object({ id: id('id') });
export type WebhookParamsInput = z.output<typeof webhookParamsSchema>;

export const createWebhookReplySchema = z.object({
  id: z.number().int(),
  /** shown once: the key of X-Folio-Signature; only a sealed copy is kept */
  secret: z.string(),
});

export const webhookDeliverySchema = z.object({
  /** the delivery's id (X-Folio-Delivery), the same on every attempt */
  event_id: z.string(),
  event: z.string(),
  /** the receiver's answer; null when none came (refused address, network, timeout) */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  attempt: z.number().int(),
  /** ISO time the attempt was made */
  at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** failed deliveries in a row; at WEBHOOK_FAILURES_TO_DISABLE the webhook is turned off */
  failure_count: z.number().int(),
  created_at: z.string(),
  /** newest first */
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookReply = z.infer<typeof webhookSchema>;

export const webhookListReplySchema = z.object({ webhooks: z.array(webhookSchema) });
export const webhookOkReplySchema = z.object({ ok: z.literal(true) });
