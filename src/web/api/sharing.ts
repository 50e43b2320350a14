import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '../../shared/schemas/mail.ts';
import type { SharedItemReply, ShareInfo } from '../../shared/schemas/sharing.ts';
import { ApiError, api } from './client.ts';
import { queryKeys } from './keys.ts';

/*
 * Share links (GET /item/get_share_url, POST /api/sharing/revoke, the read-only page's
 * GET /api/sharing/shared/{key}) and Send an Email (POST /message_mana/send_msg,
 * GET /interact_api/load_contacts).
 */

export type { Contact, SharedItemReply, ShareInfo };

/** The spec's e-mail payload (part 1 §3), with the items it sends. */
export interface SendMsgBody {
  send_type: 'some';
  send_to: { friends: string[]; emails: string[]; lists: string[]; usernames: string[] };
  message: string;
  privacy: 'private';
  subject: string;
  quotes: string[];
  link_ids: number[];
}

export const sharingApi = {
  shareUrl: (linkId: number) => api.get<ShareInfo & { code: 1 }>(`/item/get_share_url?link_id=${linkId}`),
  revoke: (linkId: number) =>
    api.post<{ code: 1; link_id: number }>('/api/sharing/revoke', { link_id: linkId }),
  shared: (key: string) => api.get<SharedItemReply>(`/api/sharing/shared/${encodeURIComponent(key)}`),
  sendMsg: (body: SendMsgBody) =>
    api.post<{ code: 1; message: string; sent: number }>('/message_mana/send_msg', body),
  contacts: () =>
    api.get<{ code: 1; contacts: Contact[] }>('/interact_api/load_contacts').then((r) => r.contacts),
};

/** The item's share link, made on first ask (the Share modal, while open). */
export function useShareLink(linkId: number | null) {
  return useQuery({
    queryKey: queryKeys.shareLink(linkId ?? 0),
    queryFn: () => sharingApi.shareUrl(linkId!),
    enabled: linkId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Revokes the link; the modal then offers a new one (a fresh get_share_url). */
export function useRevokeShareLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sharingApi.revoke,
    onSuccess: (_r, linkId) => client.removeQueries({ queryKey: queryKeys.shareLink(linkId) }),
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
