import type { RestoredItem } from '../items/backup.ts';
import type { HighlightReview } from '../review/backup.ts';
import { rehome } from './model.ts';
import type { ParsedItem } from './records.ts';

/** A backup's item record as the rows each owning module writes back (restore.ts). */

export function restoredItem(item: ParsedItem, from: number, to: number): RestoredItem {
  return {
    type: item.type,
    title: item.title,
    description: item.description,
    url: item.url,
    srcUrl: item.src_url,
    noteContent: item.note_content === null ? null : rehome(item.note_content, from, to),
    noteType: item.note_type,
    unread: item.unread,
    private: item.private,
    localId: item.local_id,
    // set once the new id is known (they name it)
    thumbnailUrl: null,
    downloadUrl: null,
    permanentUrl: null,
    starred: item.starred,
    captureStatus: item.capture_status,
    captureError: item.capture_error,
    capturedAt: item.captured_at,
    createdAt: item.created_at,
    updatedAt: item.updated_at,
  };
}

/** The highlights' review state under their restored ids (`ids`: restored id by backup id). */
export function reviewsOf(item: ParsedItem, ids: Map<number, number>) {
  const out: { annotationId: number; review: HighlightReview }[] = [];
  for (const a of item.annotations) {
    const annotationId = ids.get(a.id);
    const card = a.review_card;
    if (annotationId === undefined || !card) continue;
    out.push({
      annotationId,
      review: {
        card: {
          due: card.due,
          stability: card.stability,
          difficulty: card.difficulty,
          elapsedDays: card.elapsed_days,
          scheduledDays: card.scheduled_days,
          learningSteps: card.learning_steps,
          reps: card.reps,
          lapses: card.lapses,
          state: card.state,
          lastReview: card.last_review,
          excluded: card.excluded,
          favourite: card.favourite,
        },
        answers: a.review_answers.map((r) => ({ grade: r.grade, day: r.day, answeredAt: r.answered_at })),
      },
    });
  }
  return out;
}

export function annotationsOf(item: ParsedItem) {
  return item.annotations.map((a) => ({
    sourceId: a.id,
    shape: a.shape,
    content: a.content,
    annMd5: a.ann_md5,
    color: a.color,
    selector: a.selector,
    anchored: a.anchored,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
    stickyNotes: a.sticky_notes.map((n) => ({
      content: n.content,
      sMode: n.s_mode,
      createdAt: n.created_at,
      updatedAt: n.updated_at,
    })),
  }));
}
