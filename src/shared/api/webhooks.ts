import {
  createWebhookReplySchema,
  createWebhookSchema,
  webhookListReplySchema,
  webhookOkReplySchema,
  webhookParamsSchema,
} from '../schemas/webhooks.ts';
import { defineCall } from './define.ts';

/** Webhooks (issue 30 part 2, README "Webhooks"): signed JSON POSTs for the user's library events. */
export const webhookCalls = {
  create: defineCall({
    method: 'POST',
    path: '/api/webhooks',
    summary:
      'Register a URL for events; answers {id, secret}, the signing secret shown only this once. ' +
      'A private or loopback address is refused',
    caller: 'session',
    body: createWebhookSchema,
    reply: createWebhookReplySchema,
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/webhooks',
    summary: "The user's webhooks (no secrets) with their last deliveries and status codes",
    caller: 'session',
    reply: webhookListReplySchema,
  }),
  delete: defineCall({
    method: 'DELETE',
    path: '/api/webhooks/:id',
    summary: 'Delete a webhook; deliveries still queued for it are dropped',
    caller: 'session',
    params: webhookParamsSchema,
    reply: webhookOkReplySchema,
  }),
  test: defineCall({
    method: 'POST',
    path: '/api/webhooks/:id/test',
    summary:
      'Queue a webhook.test delivery to the webhook (also to a disabled one: its success turns it back on)',
    caller: 'session',
    params: webhookParamsSchema,
    reply: webhookOkReplySchema,
  }),
};
