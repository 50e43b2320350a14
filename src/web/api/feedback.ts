import { useMutation } from '@tanstack/react-query';
import { feedbackCalls } from '../../shared/api/feedback.ts';
import type { ContactInput } from '../../shared/schemas/feedback.ts';
import { call } from './client.ts';

/**
 * Sends feedback; the reply names where support will answer (the signed-in user's address, or null
 * for a visitor). It changes no data the client shows, so nothing is refreshed.
 */
export function useContact() {
  return useMutation({
    mutationFn: (input: ContactInput) => call(feedbackCalls.contact, { body: input }),
  });
}
