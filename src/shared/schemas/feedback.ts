import { z } from 'zod';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_SUBJECT_MAX } from '../limits.ts';
import { MSG } from '../messages.ts';

export const contactSchema = z.object({
  subject: z
    .string({ error: MSG.feedbackSubjectRequired })
    .trim()
    .min(1, { error: MSG.feedbackSubjectRequired })
    .max(FEEDBACK_SUBJECT_MAX),
  message: z
    .string({ error: MSG.feedbackMessageRequired })
    .trim()
    .min(1, { error: MSG.feedbackMessageRequired })
    .max(FEEDBACK_MESSAGE_MAX),
});
export type ContactInput = z.infer<typeof contactSchema>;
