import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '../../shared/api/define.ts';
import { tokenCalls } from '../../shared/api/tokens.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

export type MakeTokenInput = CallInput<typeof tokenCalls.create>['body'];

/** The user's personal access tokens, without the tokens themselves. */
export function useTokens() {
  return useQuery({ queryKey: queryKeys.tokens, queryFn: () => call(tokenCalls.list) });
}

/** Makes a token; its reply is the only time the token itself is seen. */
export function useMakeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MakeTokenInput) => call(tokenCalls.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(tokenCalls.revoke, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}
