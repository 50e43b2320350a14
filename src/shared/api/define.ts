import type { z } from 'zod';

/**
 * One definition per call: its method, path, input and reply schemas and who may make it. The
 * server binds a handler to it (`platform/contract.ts` `binder`), /api/docs is generated from it,
 * and the web client calls it (`web/api/client.ts` `call`) without writing the path or the reply's
 * type again.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 'visitor': anyone (a signed-in user may see more); 'session': a signed-in user only (401 before 400). */
export type CallerKind = 'visitor' | 'session';

/**
 * The least personal-token scope that may make the call; 'none' keeps it to a browser session
 * (making tokens, the password, e-mail, two-factor, deleting the account, paying).
 */
export type TokenScope = 'read' | 'write' | 'none';

export interface Call {
  method: HttpMethod;
  /** the path as the server routes it, parameters as `:name` */
  path: string;
  /** one line for the API document */
  summary: string;
  caller: CallerKind;
  /** defaults to 'read' for GET and 'write' otherwise */
  scope?: TokenScope;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** a multipart/form-data body: its text fields (the file parts are named in the summary) */
  multipart?: z.ZodType;
  /** the JSON reply of a success */
  reply?: z.ZodType;
  /** JSON replies of other statuses the document names (a quota refusal's 402 with its own shape) */
  otherReplies?: Record<number, z.ZodType>;
  /** a reply that is not JSON (a file, a page, CSV, plain text): its content type */
  produces?: string;
}

/** Keeps the literal types of a definition (its path, its schemas) for the server and the client. */
export function defineCall<const C extends Call>(call: C): C {
  return call;
}

export function scopeOf(call: Call): TokenScope {
  return call.scope ?? (call.method === 'GET' ? 'read' : 'write');
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives: the input as the schemas parsed it. */
export type CallParams<C extends Call> = Parsed<C['params']>;
export type CallQuery<C extends Call> = Parsed<C['query']>;
export type CallBody<C extends Call> = Parsed<C['body']>;

/** The reply as the handler builds it and the client reads it (JSON of the schema's input side). */
export type CallReply<C extends Call> = C['reply'] extends z.ZodType
  ? z.input<C['reply']>
  : C['produces'] extends string
    ? string
    : unknown;

type Part<C extends Call, K extends 'params' | 'query' | 'body'> = C[K] extends z.ZodType
  ? { [P in K]: Sent<C[K]> }
  : { [P in K]?: never };

/** What a client sends: each part as the schema accepts it (form values may be strings). */
export type CallInput<C extends Call> = Part<C, 'params'> &
  Part<C, 'query'> &
  (C['multipart'] extends z.ZodType ? { form: FormData } : Part<C, 'body'>);

/** A call's input may be left out when the call takes none (or only optional parts). */
export type CallArgs<C extends Call> =
  object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** `:name` in the path filled from `params` (encoded); a missing parameter is a programming error. */
export function pathOf(call: Pick<Call, 'path'>, params?: Record<string, unknown>): string {
  return call.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${call.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call (with its `?`), undefined and null values left out, '' kept as the original client sends it. */
export function queryOf(query?: object): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The address of a GET call, for a link, an image or a download. */
export function urlOf<C extends Call>(call: C, ...[input]: CallArgs<C>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: object };
  return pathOf(call, params) + queryOf(query);
}
