import { statsReplySchema, statsSchema } from '../schemas/stats.ts';
import { defineCall } from './define.ts';

/** Usage flags (spec part 1 §7, Other). */
export const statsCalls = {
  record: defineCall({
    method: 'POST',
    path: '/stats',
    summary:
      'Which features a tab used {flags: {name: 1, ...}} (or the same as form fields): counted per day and ' +
      'flag, nothing naming a user, an address or an item; at most 50 flags, names of 64 characters; ' +
      '{code: 1}, also for visitors; rate-limited',
    caller: 'visitor',
    body: statsSchema,
    reply: statsReplySchema,
  }),
};
