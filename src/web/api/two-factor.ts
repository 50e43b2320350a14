import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsReply } from '../../shared/schemas/settings.ts';
import type {
  TwoFactorEnabledReply,
  TwoFactorSetupReply,
  TwoFactorStatusReply,
} from '../../shared/schemas/two-factor.ts';
import { api } from './client.ts';

const statusKey = ['user-setting', 'two-factor'] as const;

/** GET /api/settings/two-factor */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: () => api.get<TwoFactorStatusReply>('/api/settings/two-factor'),
  });
}

export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: () => api.post<TwoFactorSetupReply>('/api/settings/two-factor/setup'),
  });
}

/** Turns two-factor on or off; the status is read again after. */
function useTwoFactorChange<I, R>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => api.post<R>(path, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export const useTwoFactorEnable = () =>
  useTwoFactorChange<{ code: string }, TwoFactorEnabledReply>('/api/settings/two-factor/enable');
export const useTwoFactorDisable = () =>
  useTwoFactorChange<{ password: string; code: string }, SettingsReply>('/api/settings/two-factor/disable');

/**
 * Sign-in's second step: the pending sign-in (absent after a provider: the server reads its cookie)
 * and a code; a session starts when it passes.
 */
export function useTwoFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { pending?: string; code: string }) =>
      api.post<{ code: 1; name: string }>('/api/auth/two-factor', input),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
