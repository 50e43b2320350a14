import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '../../shared/api/define.ts';
import { ruleCalls } from '../../shared/api/rules.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

export function useRules() {
  return useQuery({ queryKey: queryKeys.rules, queryFn: () => call(ruleCalls.list) });
}

/** "This would have matched 42 items": the dry run of a query, asked once the typing settles. */
export function useRuleTry(query: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.ruleTry(query),
    queryFn: () => call(ruleCalls.try, { body: { query } }),
    enabled,
    retry: false,
  });
}

export function useCreateRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof ruleCalls.create>['body']) => call(ruleCalls.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.rules }),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ruleCalls.remove, { params: { id } }),
    onSuccess: (reply) => client.setQueryData(queryKeys.rules, reply),
  });
}

/** Apply now: the library's matching items change, so its lists are refreshed. */
export function useApplyRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ruleCalls.apply, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.itemsRoot }),
  });
}
