import { useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  REVIEW_GRADES,
  type ReviewCard,
  type ReviewGrade,
  type ReviewTodayReply,
} from '../../../shared/schemas/review.ts';
import { queryKeys } from '../../api/keys.ts';
import { reviewApi } from '../../api/review.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './Review.module.css';

const GRADE_LABELS: Record<ReviewGrade, string> = {
  again: 'Again',
  hard: 'Hard',
  good: 'Good',
  easy: 'Easy',
};
const SOURCE_LABELS = { page: 'Page', pdf: 'PDF', kindle: 'Kindle book', note: 'Note' } as const;

/** True while the user types: the session's keys are left to the field. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Works through today's cards one at a time; when they are done, tells what tomorrow holds. */
export function ReviewSession({ today, username }: { today: ReviewTodayReply; username: string }) {
  const [cards, setCards] = useState<ReviewCard[]>(today.due);
  const [index, setIndex] = useState(0);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const notify = useNotify();
  const client = useQueryClient();
  const card = cards[index];

  const next = () => {
    setEditing(false);
    setIndex((i) => i + 1);
    // the last card answered: the day's count, the streak and tomorrow's cards come from the server
    if (index + 1 >= cards.length) void client.invalidateQueries({ queryKey: queryKeys.reviewToday });
  };
  const run = async (work: () => Promise<unknown>, after: () => void) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
      after();
    } catch (err) {
      notify({ kind: 'error', text: err instanceof Error ? err.message : 'That did not work; try again.' });
    } finally {
      setBusy(false);
    }
  };
  const answer = (grade: ReviewGrade) => card && run(() => reviewApi.grade(card.ann_id, grade), next);
  const exclude = () =>
    card &&
    run(
      () => reviewApi.exclude(card.ann_id),
      () => {
        notify({ kind: 'done', text: 'This highlight will not be shown again.' });
        next();
      },
    );
  const favourite = () =>
    card &&
    run(
      () => reviewApi.favourite(card.ann_id, !card.favourite),
      () => setCards((all) => all.map((c) => (c === card ? { ...c, favourite: !c.favourite } : c))),
    );

  const keys = useRef({ answer, favourite, edit: () => setEditing(true) });
  keys.current = { answer, favourite, edit: () => setEditing(true) };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const grade = REVIEW_GRADES[Number(event.key) - 1];
      if (grade) {
        event.preventDefault();
        keys.current.answer(grade);
      } else if (event.key === 'f') keys.current.favourite();
      else if (event.key === 'n') {
        event.preventDefault();
        keys.current.edit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!card) {
    if (cards.length === 0 && today.done_today === 0) {
      return (
        <StateBox>
          <p>No highlights to review yet.</p>
          <p className={styles.muted}>
            Highlight passages in the reader, a PDF or a note, or import Kindle highlights: they come back
            here.
          </p>
        </StateBox>
      );
    }
    return (
      <StateBox role="status">
        <CalendarCheck size={24} aria-hidden="true" />
        <p className={styles.doneTitle}>All done for today</p>
        <p className={styles.muted} data-testid="review-tomorrow">
          Tomorrow: {today.due_tomorrow} card{today.due_tomorrow === 1 ? '' : 's'}
        </p>
      </StateBox>
    );
  }

  return (
    <section className={styles.session} aria-label="Review card">
      <p className={styles.progress} aria-live="polite">
        Card {index + 1} of {cards.length}
      </p>
      <article className={styles.card} data-color={card.color}>
        <p className={styles.source}>
          <span className={styles.badge}>{SOURCE_LABELS[card.source]}</span>
          {card.new ? <span className={styles.badge}>New</span> : null}
        </p>
        <blockquote className={styles.quote}>{card.quote}</blockquote>
        {editing ? (
          <NoteEditor
            card={card}
            onDone={(text) => {
              setEditing(false);
              if (text === null) return;
              void run(
                () => reviewApi.saveNote(card, text),
                () => setCards((all) => all.map((c) => (c === card ? { ...c, note: text } : c))),
              );
            }}
          />
        ) : card.note ? (
          <p className={styles.note}>{card.note}</p>
        ) : null}
        {card.sticky_notes.slice(1).map((n) => (
          <p key={n.id} className={styles.note}>
            {n.content}
          </p>
        ))}
        <p className={styles.title}>
          <Link to={links.item(username, card.link_id, new URLSearchParams({ ann_md5: card.ann_md5 }))}>
            {card.title || card.url || 'Untitled'}
          </Link>
        </p>
        <div className={styles.tools}>
          <Button size="sm" onClick={favourite} aria-pressed={card.favourite} disabled={busy}>
            <Star size={14} aria-hidden="true" fill={card.favourite ? 'currentColor' : 'none'} />
            Favourite <kbd className={styles.kbd}>F</kbd>
          </Button>
          {!editing ? (
            <Button size="sm" onClick={() => setEditing(true)} disabled={busy}>
              {card.note ? 'Edit note' : 'Add note'} <kbd className={styles.kbd}>N</kbd>
            </Button>
          ) : null}
          <Button size="sm" onClick={exclude} disabled={busy}>
            Don't show again
          </Button>
        </div>
      </article>
      <fieldset className={styles.grades}>
        <legend className="visually-hidden">How well did you remember it?</legend>
        {REVIEW_GRADES.map((grade, i) => (
          <Button
            key={grade}
            variant={grade === 'good' ? 'primary' : 'secondary'}
            onClick={() => answer(grade)}
            disabled={busy}
            className={styles.grade}
          >
            {GRADE_LABELS[grade]} <kbd className={styles.kbd}>{i + 1}</kbd>
          </Button>
        ))}
      </fieldset>
    </section>
  );
}

/** The card's note in a text box: Enter saves (Shift+Enter a new line), Escape cancels. */
function NoteEditor({ card, onDone }: { card: ReviewCard; onDone: (text: string | null) => void }) {
  const [text, setText] = useState(card.note);
  return (
    <div className={styles.noteEditor}>
      <textarea
        aria-label="Note"
        // biome-ignore lint/a11y/noAutofocus: opened on purpose to type the note
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone(null);
          else if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onDone(text.trim());
          }
        }}
      />
      <div className={styles.tools}>
        <Button size="sm" variant="primary" onClick={() => onDone(text.trim())}>
          Save note
        </Button>
        <Button size="sm" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
