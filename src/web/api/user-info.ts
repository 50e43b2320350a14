import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadUserInfoReply } from '../../shared/schemas/user-info.ts';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';

export function loadUserInfo(): Promise<LoadUserInfoReply> {
  return api.get<LoadUserInfoReply>('/interact_api/load_user_info');
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
