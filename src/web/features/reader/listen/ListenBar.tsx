import { ChevronsLeft, ChevronsRight, Pause, Play, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { IconButton } from '../../../ui/IconButton.tsx';
import styles from './Listen.module.css';
import type { Sentence } from './sentences.ts';
import { type ListenState, SpeechQueue } from './speech.ts';

const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2];
const HIGHLIGHT = 'folio-listen';
const QUEUE_KEY = 'folio.listen.queue';
const SPEED_KEY = 'folio.listen.speed';

interface ListenBarProps {
  sentences: Sentence[];
  voices: SpeechSynthesisVoice[];
  onClose: () => void;
  /** the queue's next unread item, when "then the next unread" is on */
  onFinished?: () => void;
}

/** Marks the sentence being read in the page (the CSS Custom Highlight API) and keeps it in view. */
function mark(sentence: Sentence | undefined): void {
  const registry = typeof CSS !== 'undefined' ? CSS.highlights : undefined;
  if (!registry) return;
  const range = sentence?.range?.();
  if (!range) {
    registry.delete(HIGHLIGHT);
    return;
  }
  registry.set(HIGHLIGHT, new Highlight(range));
  const box = range.getBoundingClientRect();
  if (box.top < 80 || box.bottom > window.innerHeight - 120) {
    window.scrollBy({ top: box.top - window.innerHeight / 3, behavior: 'smooth' });
  }
}

/** The Listen controls: play/pause, a paragraph back or on, speed, voice, and the queue. */
export function ListenBar({ sentences, voices, onClose, onFinished }: ListenBarProps) {
  const [state, setState] = useState<ListenState>({ playing: false, index: 0, finished: false });
  const [speed, setSpeed] = useState(() => Number(localStorage.getItem(SPEED_KEY)) || 1);
  const [voiceName, setVoiceName] = useState('');
  const [queue, setQueue] = useState(() => localStorage.getItem(QUEUE_KEY) === '1');
  const speech = useRef<SpeechQueue | null>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const speedId = useId();
  const voiceId = useId();

  useEffect(() => {
    const q = new SpeechQueue(
      window.speechSynthesis,
      (text) => new SpeechSynthesisUtterance(text),
      sentences,
      setState,
    );
    q.rate = Number(localStorage.getItem(SPEED_KEY)) || 1;
    speech.current = q;
    q.play(0);
    return () => {
      q.stop();
      CSS.highlights?.delete(HIGHLIGHT);
    };
  }, [sentences]);

  useEffect(() => {
    mark(state.playing || !state.finished ? sentences[state.index] : undefined);
    if (state.finished && queue) finished.current?.();
  }, [state, sentences, queue]);

  const sentence = sentences[state.index];
  return (
    <section
      className={styles.bar}
      aria-label="Listen"
      data-listen-index={state.index}
      data-listen-playing={state.playing ? 'true' : 'false'}
    >
      <IconButton
        label="Previous paragraph"
        onClick={() => speech.current?.skipParagraph(-1)}
        icon={<ChevronsLeft size={18} aria-hidden="true" />}
      />
      <IconButton
        label={state.playing ? 'Pause' : 'Play'}
        onClick={() => speech.current?.toggle()}
        icon={state.playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
      />
      <IconButton
        label="Next paragraph"
        onClick={() => speech.current?.skipParagraph(1)}
        icon={<ChevronsRight size={18} aria-hidden="true" />}
      />
      <p className={styles.sentence} aria-live="off" title={sentence?.text}>
        {state.finished ? 'Finished' : (sentence?.text ?? '')}
      </p>
      <label htmlFor={speedId} className="visually-hidden">
        Speed
      </label>
      <select
        id={speedId}
        className={styles.select}
        value={speed}
        onChange={(e) => {
          const rate = Number(e.target.value);
          setSpeed(rate);
          localStorage.setItem(SPEED_KEY, String(rate));
          speech.current?.configure({ rate });
        }}
      >
        {SPEEDS.map((s) => (
          <option key={s} value={s}>
            {s}×
          </option>
        ))}
      </select>
      <label htmlFor={voiceId} className="visually-hidden">
        Voice
      </label>
      <select
        id={voiceId}
        className={styles.select}
        value={voiceName}
        onChange={(e) => {
          setVoiceName(e.target.value);
          speech.current?.configure({ voice: voices.find((v) => v.name === e.target.value) ?? null });
        }}
      >
        <option value="">Default voice</option>
        {voices.map((v) => (
          <option key={`${v.name}-${v.lang}`} value={v.name}>
            {v.name} ({v.lang})
          </option>
        ))}
      </select>
      {onFinished ? (
        <label className={styles.queue}>
          <input
            type="checkbox"
            checked={queue}
            onChange={(e) => {
              setQueue(e.target.checked);
              localStorage.setItem(QUEUE_KEY, e.target.checked ? '1' : '0');
            }}
          />
          Then the next unread
        </label>
      ) : null}
      <IconButton label="Stop listening" onClick={onClose} icon={<X size={18} aria-hidden="true" />} />
    </section>
  );
}
