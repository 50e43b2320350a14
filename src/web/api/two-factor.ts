import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { twoFactorCalls } from '../../shared/api/two-factor.ts';
import { call } from './client.ts';

const statusKey = ['user-setting', 'two-factor'] as const;

/** Whether two-factor sign-in is on, and the recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: () => call(twoFactorCalls.status),
  });
}

export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: () => call(twoFactorCalls.setup),
  });
}

/** Turns two-factor on or off; the status is read again after. */
export function useTwoFactorEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string }) => call(twoFactorCalls.enable, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useTwoFactorDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) => call(twoFactorCalls.disable, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

/**
 * Sign-in's second step: the pending sign-in (absent after a provider: the server reads its cookie)
 * and a code; a session starts when it passes.
 */
export function useTwoFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { pending?: string; code: string }) => call(twoFactorCalls.signIn, { body: input }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
