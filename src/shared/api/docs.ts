import { openApiReplySchema } from '../schemas/system.ts';
import { defineCall } from './define.ts';

export const docsCalls = {
  document: defineCall({
    method: 'GET',
    path: '/api/docs',
    summary: 'This document',
    caller: 'visitor',
    reply: openApiReplySchema,
  }),
};
