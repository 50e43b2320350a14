import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  CARDS_PER_DAY_MAX,
  REVIEW_SOURCES,
  type ReviewSettingsReply,
} from '../../../shared/schemas/review.ts';
import { reviewApi, useReviewSettings, useSaveReviewSettings } from '../../api/review.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Review.module.css';

const SOURCE_LABELS = { page: 'Pages', pdf: 'PDFs', kindle: 'Kindle books', note: 'Notes' } as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const ZONES = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [browserZone()];
  }
})();

interface Draft {
  cards: string;
  sources: string[];
  tags: string;
  newJoin: boolean;
  digest: ReviewSettingsReply['digest'];
  hour: string;
  weekday: string;
  zone: string;
}

const draftOf = (s: ReviewSettingsReply): Draft => ({
  cards: String(s.cards_per_day),
  sources: s.sources,
  tags: s.tags.join(', '),
  newJoin: s.new_join,
  digest: s.digest,
  hour: String(s.digest_hour),
  weekday: String(s.digest_weekday),
  // a user who never chose one gets the browser's zone offered
  zone: s.time_zone === 'UTC' ? browserZone() : s.time_zone,
});

/** The review's preferences and its e-mail digest (weekly for free accounts, daily with a plan). */
export function ReviewPreferences({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useReviewSettings();
  const save = useSaveReviewSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<'sending' | 'sent' | null>(null);
  const ids = { digest: useId(), hour: useId(), weekday: useId(), zone: useId() };

  useEffect(() => {
    if (open && settings.data) setDraft(draftOf(settings.data));
    if (!open) {
      setError(null);
      setSent(null);
    }
  }, [open, settings.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate(
      {
        cards_per_day: draft.cards,
        sources: draft.sources.join(','),
        tags: draft.tags,
        new_join: draft.newJoin ? '1' : '0',
        digest: draft.digest,
        digest_hour: draft.hour,
        digest_weekday: draft.weekday,
        time_zone: draft.zone,
      },
      { onSuccess: onClose, onError: (err) => setError(err.message) },
    );
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const dailyAllowed = settings.data?.daily_allowed ?? false;

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Review preferences"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="review-preferences" busy={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      {!draft ? (
        <Spinner size={18} />
      ) : (
        <form id="review-preferences" className={styles.prefs} onSubmit={submit}>
          <TextField
            label="Cards a day"
            type="number"
            min={1}
            max={CARDS_PER_DAY_MAX}
            value={draft.cards}
            onChange={(e) => set({ cards: e.target.value })}
          />
          <fieldset className={styles.fieldset}>
            <legend>Highlights from</legend>
            {REVIEW_SOURCES.map((source) => (
              <label key={source} className={styles.check}>
                <input
                  type="checkbox"
                  checked={draft.sources.includes(source)}
                  onChange={(e) =>
                    set({
                      sources: e.target.checked
                        ? [...draft.sources, source]
                        : draft.sources.filter((s) => s !== source),
                    })
                  }
                />
                {SOURCE_LABELS[source]}
              </label>
            ))}
          </fieldset>
          <TextField
            label="Only items tagged"
            hint="Comma-separated; empty for every item."
            value={draft.tags}
            onChange={(e) => set({ tags: e.target.value })}
          />
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={draft.newJoin}
              onChange={(e) => set({ newJoin: e.target.checked })}
            />
            New highlights join the review the day they are made
          </label>
          <fieldset className={styles.fieldset}>
            <legend>E-mail digest</legend>
            <div className={styles.row}>
              <label htmlFor={ids.digest}>Send</label>
              <select
                id={ids.digest}
                className={styles.select}
                value={draft.digest}
                onChange={(e) => set({ digest: e.target.value as Draft['digest'] })}
              >
                <option value="off">Never</option>
                <option value="weekly">Weekly</option>
                <option value="daily" disabled={!dailyAllowed}>
                  Daily{dailyAllowed ? '' : ' (premium)'}
                </option>
              </select>
              {draft.digest === 'weekly' ? (
                <>
                  <label htmlFor={ids.weekday}>on</label>
                  <select
                    id={ids.weekday}
                    className={styles.select}
                    value={draft.weekday}
                    onChange={(e) => set({ weekday: e.target.value })}
                  >
                    {WEEKDAYS.map((day, i) => (
                      <option key={day} value={i}>
                        {day}
                      </option>
                    ))}
                  </select>
                </>
              ) : null}
              <label htmlFor={ids.hour}>at</label>
              <select
                id={ids.hour}
                className={styles.select}
                value={draft.hour}
                onChange={(e) => set({ hour: e.target.value })}
              >
                {HOURS.map((label, h) => (
                  <option key={label} value={h}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.row}>
              <label htmlFor={ids.zone}>Time zone</label>
              <select
                id={ids.zone}
                className={styles.select}
                value={draft.zone}
                onChange={(e) => set({ zone: e.target.value })}
              >
                {(ZONES.includes(draft.zone) ? ZONES : [draft.zone, ...ZONES]).map((zone) => (
                  <option key={zone}>{zone}</option>
                ))}
              </select>
            </div>
            <div className={styles.row}>
              <Button
                size="sm"
                busy={sent === 'sending'}
                onClick={() => {
                  setSent('sending');
                  reviewApi.sendDigest().then(
                    () => setSent('sent'),
                    (err: Error) => {
                      setSent(null);
                      setError(err.message);
                    },
                  );
                }}
              >
                Send one now
              </Button>
              {sent === 'sent' ? (
                <span role="status" className={styles.muted}>
                  Sent to your e-mail address.
                </span>
              ) : null}
            </div>
          </fieldset>
          {error ? (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          ) : null}
        </form>
      )}
    </Modal>
  );
}
