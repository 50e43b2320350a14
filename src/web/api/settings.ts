import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsReply, UserSettingReply } from '../../shared/schemas/settings.ts';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';

export const settingsKey = ['user-setting'] as const;

/** GET /interact_api/load_user_setting */
export function useUserSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => api.get<UserSettingReply>('/interact_api/load_user_setting'),
  });
}

/** POST /api/settings/{operation}; refreshes the settings and who is signed in (name, avatar). */
export function useSettingsOperation(operation: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.post<SettingsReply>(`/api/settings/${operation}`, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.userInfo }),
      ]);
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post<SettingsReply>('/api/auth/forgot-password', { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api.post<SettingsReply>('/api/auth/reset-password', input),
  });
}
