import { healthReplySchema } from '../schemas/system.ts';
import { defineCall } from './define.ts';

export const systemCalls = {
  health: defineCall({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database kind',
    caller: 'visitor',
    reply: healthReplySchema,
  }),
};
