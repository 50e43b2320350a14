import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { annotationCalls } from '../../shared/api/annotations.ts';
import { reviewCalls } from '../../shared/api/review.ts';
import type { ReviewGrade, ReviewSettingsReply } from '../../shared/schemas/review.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

/** Today's cards, the day's count and the streak. Kept as they are while the session runs. */
export function useReviewToday() {
  return useQuery({
    queryKey: queryKeys.reviewToday,
    queryFn: () => call(reviewCalls.today),
    refetchOnWindowFocus: false,
  });
}

export function useReviewSettings() {
  return useQuery({ queryKey: queryKeys.reviewSettings, queryFn: () => call(reviewCalls.settings) });
}

export function useSaveReviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Record<keyof ReviewSettingsReply, string>>) =>
      call(reviewCalls.saveSettings, { body }),
    onSuccess: (reply) => {
      client.setQueryData(queryKeys.reviewSettings, reply);
      void client.invalidateQueries({ queryKey: queryKeys.reviewToday });
    },
  });
}

export const reviewApi = {
  grade: (annId: number, grade: ReviewGrade) =>
    call(reviewCalls.grade, { params: { ann_id: annId }, body: { grade } }),
  exclude: (annId: number) => call(reviewCalls.exclude, { params: { ann_id: annId } }),
  favourite: (annId: number, favourite: boolean) =>
    call(reviewCalls.favourite, { params: { ann_id: annId }, body: { favourite: favourite ? 1 : 0 } }),
  sendDigest: () => call(reviewCalls.sendDigest),
  /** the card's note is the highlight's first sticky note: edited, or added when it has none */
  saveNote: (card: { ann_id: number; link_id: number; sticky_notes: { id: number }[] }, text: string) => {
    const first = card.sticky_notes[0];
    return first
      ? call(annotationCalls.editStickyNote, { body: { id: first.id, link_id: card.link_id, content: text } })
      : call(annotationCalls.postStickyNote, {
          body: { ann_id: card.ann_id, link_id: card.link_id, sContent: text, sMode: 2 },
        });
  },
};
