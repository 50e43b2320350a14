import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
} from 'fastify';
import { z } from 'zod';
import {
  type Call,
  type CallBody,
  type CallParams,
  type CallQuery,
  type CallReply,
  scopeOf,
  type TokenScope,
} from '../../shared/api/define.ts';
import type { Auth } from './auth/auth.ts';
import type { SessionUser } from './auth/sessions.ts';
import { fromZod } from './errors.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** one line for the API document */
    summary?: string;
    /** readable without a session */
    public?: boolean;
    /** the least personal-token scope that may make the call (auth/token-gate.ts) */
    scope?: TokenScope;
    /** a multipart/form-data body: its text fields (the file parts are named in the summary) */
    multipart?: z.ZodType;
    /** a reply that is not JSON (a file, a page, CSV): its content type for the document */
    produces?: string;
  }
}

const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    // a POST without a body reaches the validator as null: absent fields, as parse() reads it
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: fromZod(result.error) };
  };

/**
 * Replies are sent as the handler built them (JSON.stringify: nothing the schema leaves out is
 * dropped). With `checkReplies` (tests), each reply is first checked against its declared schema
 * and a mismatch fails the call with a 500 that names the route and the problem.
 */
function serializerCompiler(checkReplies: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    if (!checkReplies) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        const problem = `${method} ${url} ${httpStatus}: the reply does not match its schema\n${z.prettifyError(result.error)}`;
        console.error(problem);
        throw new Error(problem);
      }
      return JSON.stringify(data);
    };
  };
}

/**
 * Installs the zod compilers on the app: the input is validated before the handler runs (bad input:
 * 400 naming the field, as `parse` does), and replies are checked in tests. Routes are bound from
 * their call definitions (`binder` below).
 */
export function installZodContracts(app: FastifyInstance, options: { checkReplies: boolean }): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(options.checkReplies));
}

/**
 * A preValidation hook for calls that need a session: a visitor gets 401 before their input is
 * looked at (the session lookup is memoised, so the handler's requireUser costs nothing more).
 */
export function signedIn(auth: { requireUser(request: FastifyRequest): Promise<unknown> }) {
  return async (request: FastifyRequest) => {
    await auth.requireUser(request);
  };
}

/** The route schema of a call: what Fastify validates, what /api/docs shows, what tests check replies against. */
export function schemaOf(call: Call) {
  return {
    summary: call.summary,
    scope: scopeOf(call),
    ...(call.caller === 'visitor' ? { public: true } : {}),
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    ...(call.multipart ? { multipart: call.multipart } : {}),
    ...(call.reply ? { response: { 200: call.reply, ...call.otherReplies } } : {}),
    ...(call.produces ? { produces: call.produces } : {}),
  };
}

/** What a handler receives: the signed-in user (or null where visitors may call) and the parsed input. */
export interface CallContext<C extends Call> {
  user: C['caller'] extends 'session' ? SessionUser : SessionUser | null;
  params: CallParams<C>;
  query: CallQuery<C>;
  body: CallBody<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A JSON call's handler answers its reply (or sends one itself and returns `reply`). */
export type CallHandler<C extends Call> = (
  context: CallContext<C>,
) => Promise<(C['reply'] extends z.ZodType ? CallReply<C> : unknown) | FastifyReply>;

/**
 * Route options a call may add to its definition's (a body limit, a rate limit's config, a visitor
 * call's own check before its input is read).
 */
export type RouteExtras = {
  bodyLimit?: number;
  config?: Record<string, unknown>;
  preValidation?: (request: FastifyRequest) => Promise<void>;
};

/**
 * Binds handlers to call definitions on `app`: the route, its schema and, for session calls, the
 * 401 before the input is looked at.
 */
export function binder(app: FastifyInstance, auth: Pick<Auth, 'currentUser' | 'requireUser'>) {
  const requireSession = signedIn(auth);
  return function bind<C extends Call>(call: C, handler: CallHandler<C>, extras: RouteExtras = {}): void {
    const session = call.caller === 'session';
    app.route({
      method: call.method,
      url: call.path,
      schema: schemaOf(call),
      ...(session ? { preValidation: requireSession } : {}),
      ...extras,
      handler: async (request, reply) => {
        const user = session ? await auth.requireUser(request) : await auth.currentUser(request);
        return handler({
          user: user as CallContext<C>['user'],
          params: request.params as CallParams<C>,
          query: request.query as CallQuery<C>,
          body: request.body as CallBody<C>,
          request,
          reply,
        });
      },
    });
  };
}
export type Bind = ReturnType<typeof binder>;
