import type { Sentence } from './sentences.ts';

/** The parts of the Web Speech API Listen uses (the test gives a stand-in). */
export interface Synth {
  speak(utterance: SpeechSynthesisUtterance): void;
  cancel(): void;
  getVoices(): SpeechSynthesisVoice[];
}
export type MakeUtterance = (text: string) => SpeechSynthesisUtterance;

export interface ListenState {
  playing: boolean;
  /** the sentence being read (or to be read on play) */
  index: number;
  finished: boolean;
}

/**
 * Reads sentences aloud one utterance each, so the sentence being read is always known (for marking
 * it) and pausing, skipping or changing the speed restarts at a sentence's start. Pause is a cancel
 * that remembers the place: browsers' own pause is unreliable.
 */
export class SpeechQueue {
  private state: ListenState = { playing: false, index: 0, finished: false };
  private current: SpeechSynthesisUtterance | null = null;
  rate = 1;
  voice: SpeechSynthesisVoice | null = null;

  constructor(
    private readonly synth: Synth,
    private readonly makeUtterance: MakeUtterance,
    private readonly sentences: Sentence[],
    private readonly onChange: (state: ListenState) => void,
  ) {}

  get snapshot(): ListenState {
    return this.state;
  }

  play(from = this.state.index): void {
    if (this.sentences.length === 0) return;
    this.stopCurrent();
    this.set({
      playing: true,
      index: Math.min(Math.max(from, 0), this.sentences.length - 1),
      finished: false,
    });
    this.speakCurrent();
  }

  pause(): void {
    this.stopCurrent();
    this.set({ ...this.state, playing: false });
  }

  toggle(): void {
    if (this.state.playing) this.pause();
    else this.play(this.state.finished ? 0 : this.state.index);
  }

  /** The first sentence of the next paragraph (step 1) or of this one / the previous (step -1). */
  skipParagraph(step: 1 | -1): void {
    const at = this.sentences[this.state.index];
    if (!at) return;
    let target: number;
    if (step === 1) {
      target = this.sentences.findIndex((s, i) => i > this.state.index && s.paragraph > at.paragraph);
      if (target === -1) return;
    } else {
      const startOfThis = this.sentences.findIndex((s) => s.paragraph === at.paragraph);
      // at a paragraph's start, back to the previous one's start
      const paragraph =
        this.state.index === startOfThis && at.paragraph > 0 ? at.paragraph - 1 : at.paragraph;
      target = this.sentences.findIndex((s) => s.paragraph === paragraph);
    }
    if (this.state.playing) this.play(target);
    else this.set({ ...this.state, index: target });
  }

  /** A new speed or voice applies from the sentence being read, started again. */
  configure(opts: { rate?: number; voice?: SpeechSynthesisVoice | null }): void {
    if (opts.rate !== undefined) this.rate = opts.rate;
    if (opts.voice !== undefined) this.voice = opts.voice;
    if (this.state.playing) this.play(this.state.index);
  }

  stop(): void {
    this.stopCurrent();
    this.set({ playing: false, index: 0, finished: false });
  }

  private speakCurrent(): void {
    const sentence = this.sentences[this.state.index];
    if (!sentence) return;
    const utterance = this.makeUtterance(sentence.text);
    utterance.rate = this.rate;
    if (this.voice) utterance.voice = this.voice;
    utterance.onend = () => {
      if (this.current !== utterance) return;
      this.current = null;
      const next = this.state.index + 1;
      if (next >= this.sentences.length)
        this.set({ playing: false, index: this.state.index, finished: true });
      else {
        this.set({ ...this.state, index: next });
        this.speakCurrent();
      }
    };
    utterance.onerror = () => {
      if (this.current !== utterance) return;
      this.current = null;
      this.set({ ...this.state, playing: false });
    };
    this.current = utterance;
    this.synth.speak(utterance);
  }

  private stopCurrent(): void {
    // the cancelled utterance's end event must not move on
    this.current = null;
    this.synth.cancel();
  }

  private set(state: ListenState): void {
    this.state = state;
    this.onChange(state);
  }
}
