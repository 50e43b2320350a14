import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, CSRF_HEADER, GENERIC_FAILURE, readReply } from './client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  throw new Error('did not throw');
}

describe('readReply', () => {
  it('returns the JSON of a 2xx reply, numbers included', () => {
    expect(readReply<{ items: [] }>(200, '{"items":[]}')).toEqual({ items: [] });
    expect(readReply<number>(200, '3')).toBe(3);
  });

  it("carries the reply's message, status, code and field", () => {
    const error = thrown(() => readReply(400, '{"code":-1,"message":"Title is too long","field":"title"}'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Title is too long', status: 400, code: -1, field: 'title' });
  });

  it('a reply that is not JSON is the generic failure, with its text kept', () => {
    expect(() => readReply(502, '<html>')).toThrow(GENERIC_FAILURE);
    expect(thrown(() => readReply(200, 'oops'))).toMatchObject({ status: 200, raw: 'oops' });
  });
});

describe('api', () => {
  it('posts JSON with the cross-site header; a GET carries none', async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
      seen.push(init);
      return new Response('{"code":1}', { status: 200 });
    });
    await api.post('/x', { a: 1 });
    await api.get('/y');
    const [post, get] = seen as [RequestInit & { headers: Record<string, string> }, RequestInit];
    expect(post.headers[CSRF_HEADER]).toBe('1');
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.body).toBe('{"a":1}');
    expect((get.headers as Record<string, string>)[CSRF_HEADER]).toBeUndefined();
  });

  it('a network failure is an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await expect(api.get('/z')).rejects.toMatchObject({ status: 0, message: GENERIC_FAILURE });
  });
});
