import { z } from 'zod';

/** GET /api/health */
export const healthReplySchema = z.object({ ok: z.literal(true), db: z.enum(['pglite', 'postgres']) });
/** GET /api/docs: an OpenAPI 3.1 document */
export const openApiReplySchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  components: z.object({ securitySchemes: z.record(z.string(), z.unknown()) }),
  paths: z.record(z.string(), z.unknown()),
});
/** GET /websocket?name= the signed-in user's name */
export const liveQuerySchema = z.object({
  name: z.string().optional(),
  /** a personal token, for clients that cannot send headers on a WebSocket (the browser extension) */
  access_token: z.string().optional(),
});
/** The subprotocol a browser offers beside its personal token: `new WebSocket(url, [LIVE_PROTOCOL, token])`. */
export const LIVE_PROTOCOL = 'folio';
/** GET /healthz: the process answers (no database asked) */
export const livenessReplySchema = z.object({ ok: z.literal(true) });
/** GET /readyz: 200 when ready, 503 with what is not (stopping, database, file store, migrations) */
export const readinessReplySchema = z.object({ ready: z.boolean(), problems: z.array(z.string()) });
