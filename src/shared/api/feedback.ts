import { contactReplySchema, contactSchema } from '../schemas/feedback.ts';
import { defineCall } from './define.ts';

export const feedbackCalls = {
  contact: defineCall({
    method: 'POST',
    path: '/common/contact',
    summary: 'Send feedback to support',
    caller: 'visitor',
    body: contactSchema,
    reply: contactReplySchema,
  }),
};
