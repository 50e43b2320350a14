import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RATE_LIMITS, type RateLimitBucket } from '../../../shared/limits.ts';
import { MSG } from '../../../shared/messages.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import { addressKey } from '../client-address.ts';
import type { Clock } from '../clock.ts';
import { RateLimitedError } from '../errors.ts';
import { DbRateStore, MemoryRateStore } from './stores.ts';

/** The routes each limit covers; the uploads share one budget. */
export const LIMITED_ROUTES: Record<string, RateLimitBucket> = {
  'POST /common/contact': 'feedback',
  'POST /stats': 'stats',
  'POST /fetch_meta': 'fetchMeta',
  'POST /api/items/:link_id/check': 'linkCheck',
  'POST /api/auth/sign-up': 'signUp',
  'POST /api/auth/forgot-password': 'passwordReset',
  'POST /api/auth/reset-password': 'passwordReset',
  'POST /item/save': 'upload',
  'POST /item/save/pdf': 'upload',
  'POST /item/save/image': 'upload',
  'POST /item/import/kindle': 'upload',
  'POST /group_api/interact_api/invite': 'groupInvite',
  'POST /api/review/digest': 'reviewDigest',
  'POST /api/webhooks': 'webhooks',
  'POST /api/webhooks/:id/test': 'webhooks',
};

export interface RateLimitDeps {
  auth: Auth;
  database: Database;
  clock: Clock;
  /** multiplies every max (config RATE_LIMIT_FACTOR) */
  factor: number;
}

/** Counts a request (a not-found answer, a personal token's call); throws the 429 when the caller is over its limit. */
export type RequestLimit = (request: FastifyRequest) => Promise<void>;

/**
 * Registers @fastify/rate-limit for the routes in LIMITED_ROUTES (call before any route is added):
 * keyed by the signed-in user, else by the address, counted in the database on PostgreSQL so every
 * instance shares them. Answers 429 in the usual error shape with Retry-After.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  deps: RateLimitDeps,
): Promise<{ notFound: RequestLimit; personalToken: RequestLimit }> {
  const store =
    deps.database.kind === 'postgres'
      ? new DbRateStore(deps.database.db, deps.clock)
      : new MemoryRateStore(deps.clock);
  const options = (bucket: RateLimitBucket) => ({
    max: RATE_LIMITS[bucket].max * deps.factor,
    timeWindow: RATE_LIMITS[bucket].windowMs,
    keyGenerator: async (request: FastifyRequest) => {
      const user = await deps.auth.currentUser(request);
      return `${bucket}|${user ? `user:${user.id}` : addressKey(request.ip)}`;
    },
  });

  const unseen = new Set(Object.keys(LIMITED_ROUTES));
  // before the plugin's own onRoute hook, which reads config.rateLimit
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const bucket = LIMITED_ROUTES[`${method} ${route.url}`];
      if (!bucket) continue;
      unseen.delete(`${method} ${route.url}`);
      route.config = { ...route.config, rateLimit: options(bucket) };
    }
  });
  // a renamed route would otherwise lose its limit without a word
  app.addHook('onReady', async () => {
    if (unseen.size) throw new Error(`Rate limits name routes that do not exist: ${[...unseen].join(', ')}`);
  });

  await app.register(rateLimit, {
    global: false,
    store: sharing(store),
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(MSG.tooManyRequests, Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  const limit = (bucket: RateLimitBucket, key: (request: FastifyRequest) => Promise<string>) => {
    const check = app.createRateLimit({ ...options(bucket), keyGenerator: key });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded)
        throw new RateLimitedError(MSG.tooManyRequests, Math.max(1, result.ttlInSeconds));
    };
  };
  return {
    notFound: limit('notFound', options('notFound').keyGenerator),
    // one budget per token, apart from its owner's browser and other tokens
    personalToken: limit('personalToken', async (request) => {
      const user = await deps.auth.currentUser(request);
      return `personalToken|token:${user?.token?.id}`;
    }),
  };
}

/** The plugin constructs its store from a class; every instance it makes hands calls to the one store. */
function sharing(store: FastifyRateLimitStore): FastifyRateLimitStoreCtor {
  return class implements FastifyRateLimitStore {
    incr: FastifyRateLimitStore['incr'] = (...args) => store.incr(...args);
    child = () => store;
  };
}
