import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountCalls } from '../../shared/api/accounts.ts';
import type { CallReply } from '../../shared/api/define.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

export function loadUserInfo(): Promise<CallReply<typeof accountCalls.userInfo>> {
  return call(accountCalls.userInfo);
}

/** Who is signed in; every screen reads it, so it stays fresh for a minute and is not retried forever. */
export const userInfoQuery = queryOptions({
  queryKey: queryKeys.userInfo,
  queryFn: loadUserInfo,
  staleTime: 60_000,
  retry: 1,
});

export function useUserInfo() {
  return useQuery(userInfoQuery);
}
