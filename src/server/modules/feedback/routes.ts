import type { FastifyInstance } from 'fastify';
import { feedbackCalls } from '../../../shared/api/feedback.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { FeedbackService } from './service.ts';

export function registerFeedbackRoutes(
  app: FastifyInstance,
  deps: { feedback: FeedbackService; auth: Auth },
) {
  binder(app, deps.auth)(feedbackCalls.contact, async ({ user, body }) => {
    const { email } = await deps.feedback.contact(user?.id ?? null, body);
    return { code: 1 as const, email };
  });
}
