/**
 * Typed fetch client: JSON in, JSON out, failures as ApiError carrying the server's message, field
 * and reply code (the spec's codes, e.g. -2 at a plan limit: what callers branch on, not the text).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Shown when a call fails without a message of its own (network down, a proxy error page). */
export const GENERIC_FAILURE = 'There are some errors, please try later.';

interface ErrorReply {
  code?: number;
  message?: string;
  field?: string;
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(GENERIC_FAILURE, 0);
  }
  const data = (await response.json().catch(() => null)) as (T & ErrorReply) | null;
  if (!response.ok || data === null) {
    throw new ApiError(data?.message ?? GENERIC_FAILURE, response.status, data?.field, data?.code);
  }
  return data;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
};
