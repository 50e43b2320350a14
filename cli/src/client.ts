import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { type Call, type CallReply, pathOf, queryOf } from '../../src/shared/api/define.ts';

/** A refusal or failure the server answered: its own message, and the status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

interface Input {
  params?: Record<string, unknown>;
  query?: object;
  body?: unknown;
  form?: FormData;
}

/**
 * Folio's public API with a personal token: each call by its definition (src/shared/api), so the
 * paths are never written twice. No cookie and no Origin: the token is the whole credential.
 */
export class FolioClient {
  constructor(private readonly server: { url: string; token: string }) {}

  async call<C extends Call>(definition: C, input: Input = {}): Promise<CallReply<C>> {
    const url = new URL(pathOf(definition, input.params) + queryOf(input.query), this.server.url);
    const headers: Record<string, string> = { authorization: `Bearer ${this.server.token}` };
    let body: string | FormData | undefined;
    if (input.form) body = input.form;
    else if (definition.method !== 'GET') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body ?? {});
    }
    const res = await fetch(url, { method: definition.method, headers, body });
    const text = await res.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (!res.ok) {
      const message = (data as { message?: unknown } | undefined)?.message;
      throw new ApiError(
        typeof message === 'string' ? message : `${res.status} ${res.statusText}`,
        res.status,
      );
    }
    return data as CallReply<C>;
  }

  /** Streams a download (an address the API answered) into a file. */
  /** Saves a download to `file`, or under the name the server gives it; answers the file written. */
  async download(address: string, file: string | undefined, fallback: string): Promise<string> {
    const res = await fetch(new URL(address, this.server.url), {
      headers: { authorization: `Bearer ${this.server.token}` },
    });
    if (!res.ok || !res.body)
      throw new ApiError(`The download failed: ${res.status} ${res.statusText}`, res.status);
    const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
    // only a plain name from the server, never a path
    const target = file ?? (named ? path.basename(named) : fallback);
    await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(target));
    return target;
  }
}
