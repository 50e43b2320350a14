// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useForgetPreviousUser } from './auth.ts';
import { queryKeys } from './keys.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let client: QueryClient;

function Owner({ name, known }: { name: string | null; known: boolean }) {
  useForgetPreviousUser(name, known);
  return null;
}

const show = (name: string | null, known = true) =>
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Owner name={name} known={known} />
      </QueryClientProvider>,
    ),
  );

const cachedKeys = () =>
  client
    .getQueryCache()
    .getAll()
    .map((q) => q.queryKey[0]);

beforeEach(() => {
  client = new QueryClient();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('useForgetPreviousUser', () => {
  it("drops the previous user's queries when another user signs in, keeping who is signed in", () => {
    show('ann');
    client.setQueryData(queryKeys.userInfo, { name: 'ann' });
    client.setQueryData(queryKeys.items({ what: 'secret', snapshot: 'yes' }), { items: [] });
    show('ann');
    expect(cachedKeys()).toContain('items');

    show('bob');
    expect(cachedKeys()).toEqual(['user-info']);
  });

  it('drops them when the session ends (signed out elsewhere), and not while user info is loading', () => {
    show(null, false);
    show('ann');
    client.setQueryData(queryKeys.items({}), { items: [] });
    show(null, false);
    expect(cachedKeys()).toContain('items');
    show(null);
    expect(cachedKeys()).toEqual([]);
  });
});
