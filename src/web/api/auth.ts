import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput, SignUpInput } from '../../shared/schemas/auth.ts';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';

interface SignedInReply {
  code: 1;
  name: string;
}

/*
 * Signing in, up or out changes whose data every query holds, so each refreshes all queries.
 * Returning the promise makes mutateAsync resolve only once user info is current.
 */

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<SignedInReply>('/api/auth/sign-in', input),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => api.post<SignedInReply>('/api/auth/sign-up', input),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ code: 1 }>('/api/auth/sign-out'),
    onSuccess: async () => {
      // Drop the signed-out user's data at once rather than showing it while refetching.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.userInfo[0] });
      await queryClient.invalidateQueries();
    },
  });
}
