import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestClient } from './app.ts';

/** Makes a personal token through the API, as Settings > Developer does, and answers the token. */
export async function makeToken(
  client: TestClient,
  input: { scope: 'read' | 'write'; name?: string; expires_in_days?: number },
): Promise<{ id: number; token: string }> {
  const res = await client.post('/api/tokens', { name: `${input.scope} token`, ...input });
  if (res.statusCode !== 200) throw new Error(`token not made ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** A script holding a personal token: no cookie, no Origin, only `Authorization: Bearer`. */
export class BearerClient {
  constructor(
    private readonly app: FastifyInstance,
    readonly token: string,
  ) {}

  request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    return this.app.inject({
      ...opts,
      headers: { authorization: `Bearer ${this.token}`, ...(opts.headers ?? {}) },
    });
  }

  get(url: string, query?: Record<string, string>) {
    return this.request({ method: 'GET', url, query });
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }
}
