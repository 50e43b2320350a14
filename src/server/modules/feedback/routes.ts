import type { FastifyInstance } from 'fastify';
import { contactReplySchema, contactSchema } from '../../../shared/schemas/feedback.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract } from '../../platform/contract.ts';
import type { FeedbackService } from './service.ts';

export function registerFeedbackRoutes(
  app: FastifyInstance,
  deps: { feedback: FeedbackService; auth: Auth },
) {
  contract(app).post(
    '/common/contact',
    {
      schema: {
        summary: 'Send feedback to support',
        public: true,
        body: contactSchema,
        response: { 200: contactReplySchema },
      },
    },
    async (request) => {
      const user = await deps.auth.currentUser(request);
      const { email } = await deps.feedback.contact(user?.id ?? null, request.body);
      return { code: 1 as const, email };
    },
  );
}
