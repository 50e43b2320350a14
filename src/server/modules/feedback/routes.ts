import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../platform/auth/auth.ts';
import type { FeedbackService } from './service.ts';

export function registerFeedbackRoutes(
  app: FastifyInstance,
  deps: { feedback: FeedbackService; auth: Auth },
) {
  app.post('/common/contact', async (request) => {
    const user = await deps.auth.currentUser(request);
    const { email } = await deps.feedback.contact(user?.id ?? null, request.body as never);
    return { code: 1, email };
  });
}
