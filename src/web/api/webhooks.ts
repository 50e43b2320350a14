import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhookCalls } from '../../shared/api/webhooks.ts';
import type { CreateWebhookInput } from '../../shared/schemas/webhooks.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

/** The user's webhooks; `pollMs` reads them again while a delivery is awaited (a test just sent). */
export function useWebhooks(pollMs: number | false = false) {
  return useQuery({
    queryKey: queryKeys.webhooks,
    queryFn: () => call(webhookCalls.list).then((r) => r.webhooks),
    refetchInterval: pollMs,
  });
}

function useWebhookMutation<I, R>(fn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

/** Answers {id, secret}: the secret is shown once. */
export const useCreateWebhook = () =>
  useWebhookMutation((body: CreateWebhookInput) => call(webhookCalls.create, { body }));

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => call(webhookCalls.delete, { params: { id } }));

export const useTestWebhook = () =>
  useWebhookMutation((id: number) => call(webhookCalls.test, { params: { id } }));
