import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sharingCalls as calls } from '../../shared/api/sharing.ts';
import type { Contact, SendMsgInput } from '../../shared/schemas/mail.ts';
import type { SharedItemReply, ShareInfo } from '../../shared/schemas/sharing.ts';
import { ApiError, call } from './client.ts';
import { queryKeys } from './keys.ts';

/* Share links (sharingCalls: the link, its revocation, the read-only page's item) and Send an Email. */

export type { Contact, SharedItemReply, ShareInfo };

/** The spec's e-mail payload (part 1 §3), with the items it sends, as the server reads it. */
export type SendMsgBody = SendMsgInput;

export const sharingApi = {
  shareUrl: (linkId: number) => call(calls.shareUrl, { query: { link_id: linkId } }),
  create: (linkId: number) => call(calls.create, { body: { link_id: linkId } }),
  revoke: (linkId: number) => call(calls.revoke, { body: { link_id: linkId } }),
  shared: (key: string) => call(calls.shared, { params: { key } }),
  sendMsg: (body: SendMsgBody) => call(calls.sendMsg, { body }),
  contacts: () => call(calls.contacts).then((r) => r.contacts),
};

/** The item's share link as it stands (code 0 while it has none): reading never makes one. */
export function useShareLink(linkId: number | null) {
  return useQuery({
    queryKey: queryKeys.shareLink(linkId ?? 0),
    queryFn: () => sharingApi.shareUrl(linkId!),
    enabled: linkId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Makes the item's link when the owner asks for it (the Share modal's Create link). */
export function useCreateShareLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sharingApi.create,
    onSuccess: (reply, linkId) => client.setQueryData(queryKeys.shareLink(linkId), reply),
  });
}

/** Revokes the link; the item then has none until the owner creates a new one. */
export function useRevokeShareLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sharingApi.revoke,
    onSuccess: (_r, linkId) =>
      client.setQueryData(queryKeys.shareLink(linkId), {
        code: 0 as const,
        link_id: linkId,
        item_url: '',
        file_url: '',
      }),
  });
}

export function useSharedItem(key: string) {
  return useQuery({
    queryKey: queryKeys.sharedItem(key),
    queryFn: () => sharingApi.shared(key),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

export function useContacts(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.contacts, queryFn: sharingApi.contacts, enabled });
}

/** Sends the mail; the contacts list then holds the addresses just mailed. */
export function useSendMsg() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sharingApi.sendMsg,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.contacts }),
  });
}
