import type { FastifyInstance } from 'fastify';
import { webhookCalls } from '../../../shared/api/webhooks.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { WebhooksService } from './service.ts';

export function registerWebhookRoutes(app: FastifyInstance, deps: { webhooks: WebhooksService; auth: Auth }) {
  const { webhooks } = deps;
  const bind = binder(app, deps.auth);

  bind(webhookCalls.create, ({ user, body }) => webhooks.create(user.id, body));
  bind(webhookCalls.list, async ({ user }) => ({ webhooks: await webhooks.list(user.id) }));
  bind(webhookCalls.delete, async ({ user, params }) => {
    await webhooks.remove(user.id, params.id);
    return { ok: true as const };
  });
  bind(webhookCalls.test, async ({ user, params }) => {
    await webhooks.test(user.id, params.id);
    return { ok: true as const };
  });
}
