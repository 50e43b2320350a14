import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '../../shared/schemas/feedback.ts';
import { api } from './client.ts';

interface ContactReply {
  code: 1;
  /** where support will answer: the signed-in user's address, or null for a visitor */
  email: string | null;
}

/** POST /common/contact. Sending feedback changes no data the client shows, so nothing is refreshed. */
export function useContact() {
  return useMutation({
    mutationFn: (input: ContactInput) => api.post<ContactReply>('/common/contact', input),
  });
}
