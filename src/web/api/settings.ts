import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Call, CallInput, CallReply } from '../../shared/api/define.ts';
import { settingsCalls } from '../../shared/api/settings.ts';
import type { AccountGuide } from '../../shared/schemas/settings.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

export const settingsKey = ['user-setting'] as const;

export function useUserSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => call(settingsCalls.load),
  });
}

/** A settings operation: a POST with a JSON body or, for the avatar, a multipart form. */
type SettingsOperation = Call & { method: 'POST'; reply: z.ZodType };
type OperationInput<C extends SettingsOperation> = C['multipart'] extends z.ZodType
  ? FormData
  : C['body'] extends z.ZodType
    ? z.input<C['body']>
    : undefined;

/** A settings operation (settingsCalls); refreshes the settings and who is signed in (name, avatar). */
export function useSettingsOperation<C extends SettingsOperation>(operation: C) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperationInput<C>) => {
      const sent = (input instanceof FormData ? { form: input } : { body: input }) as CallInput<C>;
      return (call as (definition: C, input: CallInput<C>) => Promise<CallReply<C>>)(operation, sent);
    },
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
    mutationFn: (email: string) => call(settingsCalls.forgotPassword, { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      call(settingsCalls.resetPassword, { body: input }),
  });
}

/** The guides this account has been shown (asked only in a browser that has not shown them). */
export function useGuidesSeen(enabled: boolean) {
  return useQuery({
    queryKey: ['guides-seen'] as const,
    queryFn: () => call(settingsCalls.guidesSeen),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function markGuideSeen(guide: AccountGuide): Promise<unknown> {
  return call(settingsCalls.markGuideSeen, { body: { guide } });
}
