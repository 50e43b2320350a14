import { liveQuerySchema } from '../schemas/system.ts';
import { defineCall } from './define.ts';

export const liveCalls = {
  /** a WebSocket upgrade: the server registers it itself (live/routes.ts), with this definition's schema */
  socket: defineCall({
    method: 'GET',
    path: '/websocket',
    summary: 'Live item changes of the signed-in user (WebSocket): JSON {cmd, link_id, item}',
    caller: 'session',
    query: liveQuerySchema,
  }),
};
