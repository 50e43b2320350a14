import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { accountCalls } from '../../shared/api/accounts.ts';
import type { SignInInput, SignUpInput } from '../../shared/schemas/auth.ts';
import { forgetOfflineData } from '../features/offline/wipe.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

/*
 * Signing in, up or out changes whose data every query holds, so each refreshes all queries.
 * Returning the promise makes mutateAsync resolve only once user info is current.
 */

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    // code 2: the password was right and the account asks for a two-factor code (no session yet)
    mutationFn: (input: SignInInput) => call(accountCalls.signIn, { body: input }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => call(accountCalls.signUp, { body: input }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Every query but who is signed in: what belonged to the previous user. */
function forgetUserData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.userInfo[0] });
}

/**
 * Signs out and loads `to` afresh: nothing of the user stays in memory, and no page of theirs is left
 * mounted to fetch its queries again as a visitor (dropping the cache under a page still shown, even
 * one Suspense kept hidden, refetched a full-text search that then answered 402).
 */
export function useSignOut(to = '/') {
  return useMutation({
    // the copies kept for offline reading go even when the sign-out call found no network
    mutationFn: async () => {
      try {
        return await call(accountCalls.signOut);
      } finally {
        await forgetOfflineData();
      }
    },
    onSuccess: () => window.location.assign(to),
  });
}

/**
 * Drops the cached data of a previous user when the signed-in user changes without this tab signing
 * out (the session ended, or another tab signed in as someone else).
 */
export function useForgetPreviousUser(name: string | null, known: boolean) {
  const queryClient = useQueryClient();
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!known) return;
    if (previous.current !== undefined && previous.current !== name) forgetUserData(queryClient);
    previous.current = name;
  }, [name, known, queryClient]);
}
