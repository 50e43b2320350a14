import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { liveCalls } from '../../../shared/api/live.ts';
import { LIVE_PROTOCOL } from '../../../shared/schemas/system.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { ownOrigin } from '../../platform/auth/origin.ts';
import { bearerOf, PERSONAL_TOKEN_PREFIX } from '../../platform/auth/personal-tokens.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { schemaOf } from '../../platform/contract.ts';
import { type EventBus, userTopic } from '../../platform/event-bus.ts';

export interface LiveDeps {
  bus: EventBus;
  auth: Auth;
  publicUrl: string | undefined;
  /** keep-alive period; a socket that missed the previous pong is dropped */
  pingIntervalMs?: number;
}

/** RFC 6455 "policy violation": the client must not retry with the same request. */
export const POLICY_VIOLATION = 1008;
/** RFC 6455 "try again later": sent to a client too slow to drain its messages. */
const TRY_AGAIN_LATER = 1013;
/** A client this far behind is closed rather than buffered without bound; it refetches on reconnect. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * The live socket (spec part 1 §4): `GET /websocket?name=<user name>` streams the signed-in user's
 * item changes as JSON `{cmd, link_id, item}`; cmd 3 removes the item, any other adds or updates it.
 * An upsert may arrive without `item` (too big for the bus): the client then refetches it.
 */
export async function registerLiveRoutes(app: FastifyInstance, deps: LiveDeps): Promise<void> {
  // Clients only listen; a small limit keeps anyone from pushing big frames at us.
  // A browser offering its token as a subprotocol must get one of its offers back, or it drops the socket.
  const handleProtocols = (offered: Set<string>) => (offered.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false);
  await app.register(websocket, { options: { maxPayload: 1024, handleProtocols } });
  const pingIntervalMs = deps.pingIntervalMs ?? 30_000;

  // Who may watch is settled before the upgrade, so the handler subscribes in the same tick the
  // socket opens: a client that sees `open` cannot miss a change it makes right after.
  const verdicts = new WeakMap<FastifyRequest, SessionUser | string>();
  const judge = async (request: FastifyRequest) => {
    verdicts.set(request, await watcher(deps, request));
  };

  // a session call, but refused by closing the socket (1008) rather than with a 401: not bound
  const schema = schemaOf(liveCalls.socket);
  app.get(liveCalls.socket.path, { websocket: true, preValidation: judge, schema }, (socket, request) => {
    const verdict = verdicts.get(request) ?? 'not allowed';
    if (typeof verdict === 'string') return socket.close(POLICY_VIOLATION, verdict);
    const unsubscribe = deps.bus.subscribe(userTopic(verdict.id), (event) => send(socket, event));
    const personal = verdict.token ? tokenOf(request) : null;
    const cookie = request.cookies[deps.auth.cookieName] ?? '';
    // A socket outlives the page that opened it: at each ping, end it once its session has ended
    // (or its token was revoked or expired).
    const stillAllowed = personal
      ? () => deps.auth.tokens.isActive(personal)
      : () => deps.auth.sessions.isActive(cookie);
    const stopPing = keepAlive(socket, pingIntervalMs, stillAllowed);
    socket.on('close', () => {
      unsubscribe();
      stopPing();
    });
  });
}

/**
 * A personal token the client offers: `Authorization: Bearer` (checked by the token gate), else
 * `?access_token=` or a subprotocol beside LIVE_PROTOCOL, as browsers cannot set headers here.
 */
function tokenOf(request: FastifyRequest): string | null {
  const bearer = bearerOf(request.headers.authorization);
  if (bearer !== null) return bearer;
  // read before the query is validated (the verdict is settled in preValidation): a repeated field is no token
  const { access_token } = request.query as { access_token?: unknown };
  if (access_token !== undefined) return typeof access_token === 'string' ? access_token : '';
  const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  return offered.find((p) => p.startsWith(PERSONAL_TOKEN_PREFIX)) ?? null;
}

/**
 * The user allowed to watch, or why not. With a personal token: its user, from any origin (no
 * cookie is involved), the name optional but checked when given. Else only the signed-in user
 * named in the query, from our origin.
 */
async function watcher(deps: LiveDeps, request: FastifyRequest): Promise<SessionUser | string> {
  const token = tokenOf(request);
  if (token !== null) {
    const user = await deps.auth.tokens.resolve(token);
    if (!user) return 'not allowed';
    const { name } = request.query as { name?: unknown };
    return name === undefined || name === '' || isNameOf(name, user) ? user : 'not allowed';
  }
  // Browsers always send Origin on a WebSocket handshake and a cross-site page would carry our
  // session cookie along: refuse foreign origins (cross-site WebSocket hijacking). Clients with
  // no Origin are not browsers, so they must hold the cookie themselves.
  const origin = request.headers.origin;
  if (origin && origin !== ownOrigin(request, deps.publicUrl)) return 'origin not allowed';
  const { name } = request.query as { name?: unknown };
  const user = await deps.auth.currentUser(request);
  // A stranger, or a user asking for someone else's name, never gets anyone's events.
  return user && isNameOf(name, user) ? user : 'not allowed';
}

/** The query's name (unvalidated yet: it may be anything) names this user, in any case. */
function isNameOf(name: unknown, user: SessionUser): boolean {
  return typeof name === 'string' && name.toLowerCase() === user.name.toLowerCase();
}

function send(socket: WebSocket, event: unknown) {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return socket.close(TRY_AGAIN_LATER, 'too slow');
  socket.send(JSON.stringify(event));
}

/**
 * Pings so proxies keep the connection open, drops peers that vanished without closing, and closes
 * the socket once its session is over (signed out elsewhere, or timed out).
 */
function keepAlive(socket: WebSocket, intervalMs: number, sessionActive: () => Promise<boolean>): () => void {
  let alive = true;
  socket.on('pong', () => {
    alive = true;
  });
  const timer = setInterval(async () => {
    if (!alive) return socket.terminate();
    if (!(await sessionActive().catch(() => true))) return socket.close(POLICY_VIOLATION, 'signed out');
    alive = false;
    socket.ping();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
