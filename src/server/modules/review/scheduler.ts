import { type Card, createEmptyCard, fsrs, generatorParameters, Rating, type State } from 'ts-fsrs';
import type { ReviewGrade } from '../../../shared/schemas/review.ts';

/** A card's FSRS state as review_cards stores it. */
export interface StoredCard {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

const RATINGS = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
} as const;

/**
 * The review is a daily session, so the learning and relearning steps are one day (Again brings a
 * card back tomorrow, not in ten minutes), and fuzz is off so a grade's interval is the same every
 * time. Good then gives 2, 11, 46... days.
 */
const scheduler = fsrs(
  generatorParameters({ enable_fuzz: false, learning_steps: ['1d'], relearning_steps: ['1d'] }),
);

function toCard(stored: StoredCard): Card {
  return {
    due: stored.due,
    stability: stored.stability,
    difficulty: stored.difficulty,
    elapsed_days: stored.elapsedDays,
    scheduled_days: stored.scheduledDays,
    learning_steps: stored.learningSteps,
    reps: stored.reps,
    lapses: stored.lapses,
    state: stored.state as State,
    ...(stored.lastReview ? { last_review: stored.lastReview } : {}),
  };
}

/** The card after answering it at `now` (a highlight never reviewed starts as FSRS's empty card). */
export function answer(stored: StoredCard | null, grade: ReviewGrade, now: Date): StoredCard {
  const card = stored ? toCard(stored) : createEmptyCard(now);
  const next = scheduler.next(card, now, RATINGS[grade]).card;
  return {
    due: next.due,
    stability: next.stability,
    difficulty: next.difficulty,
    elapsedDays: next.elapsed_days,
    scheduledDays: next.scheduled_days,
    learningSteps: next.learning_steps,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    lastReview: next.last_review ?? now,
  };
}

export const GRADE_NUMBERS: Record<ReviewGrade, number> = RATINGS;
