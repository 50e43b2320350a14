import {
  type Call,
  type CallArgs,
  type CallInput,
  type CallReply,
  type HttpMethod,
  pathOf,
  queryOf,
} from '../../shared/api/define.ts';

/**
 * The one transport of the web client: every call to the server goes through `api` (JSON) or
 * `uploadWithProgress` (multipart with progress). Both send the cross-site header and read a reply the
 * same way: JSON in, failures as ApiError carrying the server's message, field and reply code (the
 * spec's codes, e.g. -2 at a plan limit: what callers branch on, not the text).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    readonly code?: number,
    /** the reply's text when it was not JSON (a proxy's error page, a truncated body) */
    readonly raw?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Shown when a call fails without a message of its own (network down, a proxy error page). */
export const GENERIC_FAILURE = 'There are some errors, please try later.';

/**
 * The server refuses unsafe methods from another site (platform/auth/origin.ts); browsers send Origin
 * anyway, and this header, which a cross-site page cannot send without CORS, says the same thing.
 */
export const CSRF_HEADER = 'x-folio-csrf';

interface ErrorReply {
  code?: number;
  message?: string;
  field?: string;
}

/** Reads one reply: a 2xx with a JSON body is the answer; anything else an ApiError. */
export function readReply<T>(status: number, text: string): T {
  let data: (T & ErrorReply) | null = null;
  try {
    data = JSON.parse(text) as T & ErrorReply;
  } catch {
    throw new ApiError(GENERIC_FAILURE, status, undefined, undefined, text);
  }
  if (status < 200 || status >= 300 || data === null) {
    throw new ApiError(data?.message || GENERIC_FAILURE, status, data?.field, data?.code);
  }
  return data;
}

export interface RequestOptions {
  /** lets the request outlive the page (pagehide): browsers refuse such bodies over 64 KiB */
  keepalive?: boolean;
  signal?: AbortSignal;
  /** extra request headers (e.g. the tab id outliner changes carry) */
  headers?: Record<string, string>;
  /** the reply is plain text (e.g. share_to's 'index:flag,...'): a 2xx resolves with it as is */
  text?: boolean;
}

async function request<T>(
  method: HttpMethod,
  path: string,
  body: unknown,
  opts: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: payload,
      keepalive: opts.keepalive,
      signal: opts.signal,
    });
    text = await response.text();
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(GENERIC_FAILURE, 0);
  }
  if (opts.text && response.ok && !response.headers.get('content-type')?.includes('json')) return text as T;
  return readReply<T>(response.status, text);
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
  /** a JSON body, or a FormData sent as multipart */
  post: <T>(path: string, body: unknown = {}, opts?: RequestOptions) => request<T>('POST', path, body, opts),
};

/**
 * POSTs a multipart form with XMLHttpRequest, the only browser call that reports upload progress
 * (fetch does not). `onProgress` gets 0..1. Resolves with the reply, rejects with an ApiError (status 0
 * when there was no answer) or, when `signal` aborts it, an AbortError.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) opts.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        const reply = readReply<T>(xhr.status, xhr.responseText);
        opts.onProgress?.(1);
        resolve(reply);
      } catch (err) {
        reject(err);
      }
    };
    const failed = () => reject(new ApiError(GENERIC_FAILURE, 0));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Makes a call from its definition (`src/shared/api/`): the path filled from `params`, `query` as the
 * query string, `body` as JSON (or `form` as multipart); the reply typed by the definition. Options
 * (keepalive, a signal, extra headers) come after the input; calls without input take `{}` or nothing.
 */
export function call<C extends Call>(
  definition: C,
  ...args: [...CallArgs<C>, RequestOptions?]
): Promise<CallReply<C>> {
  const [input, opts] = args as unknown as [CallInput<C> | undefined, RequestOptions | undefined];
  const { params, query, body, form } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: object;
    body?: unknown;
    form?: FormData;
  };
  const url = pathOf(definition, params) + queryOf(query);
  const payload = form ?? (definition.method === 'GET' ? undefined : (body ?? {}));
  const text = !definition.reply && definition.produces !== undefined;
  const sent = request<CallReply<C>>(definition.method, url, payload, text ? { ...opts, text } : opts);
  if (!unanswered || definition.method === 'GET' || form) return sent;
  const keep = unanswered;
  return sent.catch((error: unknown) => {
    const queued = error instanceof ApiError && error.status === 0 ? keep(definition, body) : null;
    if (!queued) throw error;
    return queued as Promise<CallReply<C>>;
  });
}

/**
 * Who may take a change the network did not answer: the offline queue (features/offline), which
 * returns a provisional reply for the changes it keeps, or null to let the failure stand.
 */
type Unanswered = (definition: Call, body: unknown) => Promise<unknown> | null;
let unanswered: Unanswered | null = null;

export function whenUnanswered(handler: Unanswered | null): void {
  unanswered = handler;
}

/** `uploadWithProgress` for a multipart call's definition. */
export function uploadCall<C extends Call & { multipart: object }>(
  definition: C,
  input: CallInput<C>,
  opts?: Parameters<typeof uploadWithProgress>[2],
): Promise<CallReply<C>> {
  const { params, query, form } = input as {
    params?: Record<string, unknown>;
    query?: object;
    form: FormData;
  };
  return uploadWithProgress<CallReply<C>>(pathOf(definition, params) + queryOf(query), form, opts);
}
