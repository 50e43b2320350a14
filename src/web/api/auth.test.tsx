// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testRoot, withQueryClient } from '../../../test/helpers/dom.ts';
import { useForgetPreviousUser } from './auth.ts';
import { queryKeys } from './keys.ts';

const dom = testRoot();
let client: QueryClient;

function Owner({ name, known }: { name: string | null; known: boolean }) {
  useForgetPreviousUser(name, known);
  return null;
}

const show = (name: string | null, known = true) =>
  act(() => dom.root.render(withQueryClient(<Owner name={name} known={known} />, client)));

const cachedKeys = () =>
  client
    .getQueryCache()
    .getAll()
    .map((q) => q.queryKey[0]);

beforeEach(() => {
  client = new QueryClient();
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
