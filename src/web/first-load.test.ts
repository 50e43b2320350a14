import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from './api/keys.ts';
import { startFirstRequests } from './first-load.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers every GET with an empty list and records what was asked. */
function recordFetches(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    asked.push(path);
    return new Response('{"code":1,"items":[],"total":0}', { status: 200 });
  });
  return asked;
}

describe('startFirstRequests', () => {
  it("asks who is signed in and, on /user/{name}, the library's first list under the key the library reads", async () => {
    const asked = recordFetches();
    const client = new QueryClient();
    startFirstRequests(client, { pathname: '/user/ann', search: '?sort=title&page=2' });
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[0]).toBe('/interact_api/load_user_info');
    expect(asked[1]).toBe('/interact_api/load_user_items?username=ann&page_num=1&count=24&sort=title');
    // the key LibraryPage's useItems builds for this view (viewToLoadParams)
    const key = queryKeys.items({ username: 'ann', page_num: '1', count: '24', sort: 'title' });
    await vi.waitFor(() => expect(client.getQueryData(key)).toMatchObject({ total: 0 }));
  });

  it('asks only who is signed in on other pages, an item of the library included', async () => {
    const asked = recordFetches();
    for (const pathname of ['/sign-in', '/user/ann/b/12', '/user/ann/tags']) {
      startFirstRequests(new QueryClient(), { pathname, search: '' });
    }
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    expect(new Set(asked)).toEqual(new Set(['/interact_api/load_user_info']));
  });
});
