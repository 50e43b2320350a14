import { z } from 'zod';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_SUBJECT_MAX } from '../limits.ts';
import { MSG } from '../messages.ts';
import { text } from './fields.ts';

export const contactSchema = z.object({
  subject: text(MSG.feedbackSubjectRequired)
    .trim()
    .min(1, { error: MSG.feedbackSubjectRequired })
    .max(FEEDBACK_SUBJECT_MAX),
  message: text(MSG.feedbackMessageRequired)
    .trim()
    .min(1, { error: MSG.feedbackMessageRequired })
    .max(FEEDBACK_MESSAGE_MAX),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** the address the answer will go to */
export const contactReplySchema = z.object({ code: z.literal(1), email: z.string().nullable() });
