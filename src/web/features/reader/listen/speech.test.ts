// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { articleSentences, splitSentences } from './sentences.ts';
import { type ListenState, SpeechQueue, type Synth } from './speech.ts';

/** A synthesiser that keeps what it was asked to say; the test ends each utterance by hand. */
class FakeSynth implements Synth {
  spoken: SpeechSynthesisUtterance[] = [];
  cancelled = 0;
  speak(u: SpeechSynthesisUtterance) {
    this.spoken.push(u);
  }
  cancel() {
    this.cancelled += 1;
  }
  getVoices() {
    return [];
  }
  finish() {
    const u = this.spoken[this.spoken.length - 1]!;
    u.onend?.(new Event('end') as SpeechSynthesisEvent);
  }
}
const utterance = (text: string) => ({ text, rate: 1 }) as unknown as SpeechSynthesisUtterance;

function article(html: string): HTMLElement {
  const el = document.createElement('article');
  el.innerHTML = html;
  document.body.append(el);
  return el;
}

describe('the sentences Listen reads', () => {
  it('cuts paragraphs into sentences and finds each in the page', () => {
    const el = article(
      '<h2>Ferns</h2><p>Ferns are old. They <em>predate</em> flowers!</p><blockquote><p>Quoted once.</p></blockquote>',
    );
    const sentences = articleSentences(el);
    expect(sentences.map((s) => [s.text, s.paragraph])).toEqual([
      ['Ferns', 0],
      ['Ferns are old.', 1],
      ['They predate flowers!', 1],
      ['Quoted once.', 2],
    ]);
    expect(sentences[2]!.range!()!.toString()).toBe('They predate flowers!');
    expect(splitSentences('  One. Two?  ')).toEqual([
      { text: 'One.', start: 2 },
      { text: 'Two?', start: 7 },
    ]);
  });
});

describe('SpeechQueue', () => {
  const sentences = [
    { text: 'A one.', paragraph: 0 },
    { text: 'A two.', paragraph: 0 },
    { text: 'B one.', paragraph: 1 },
    { text: 'C one.', paragraph: 2 },
  ];
  function queue() {
    const synth = new FakeSynth();
    const states: ListenState[] = [];
    const q = new SpeechQueue(synth, utterance, sentences, (s) => states.push(s));
    return { synth, states, q };
  }

  it('reads sentence after sentence, then says it finished', () => {
    const { synth, q } = queue();
    q.play();
    for (let i = 0; i < 4; i++) {
      expect(synth.spoken.at(-1)!.text).toBe(sentences[i]!.text);
      synth.finish();
    }
    expect(q.snapshot).toEqual({ playing: false, index: 3, finished: true });
  });

  it('pauses at a sentence and starts it again; a cancelled sentence does not move on', () => {
    const { synth, q } = queue();
    q.play();
    synth.finish();
    const cancelled = synth.spoken.at(-1)!;
    q.pause();
    cancelled.onend?.(new Event('end') as SpeechSynthesisEvent);
    expect(q.snapshot).toMatchObject({ playing: false, index: 1 });
    q.toggle();
    expect(synth.spoken.at(-1)!.text).toBe('A two.');
  });

  it('skips by paragraph both ways and applies a new speed from the current sentence', () => {
    const { synth, q } = queue();
    q.play();
    q.skipParagraph(1);
    expect(synth.spoken.at(-1)!.text).toBe('B one.');
    q.skipParagraph(1);
    expect(q.snapshot.index).toBe(3);
    q.skipParagraph(-1);
    expect(synth.spoken.at(-1)!.text).toBe('B one.');
    q.configure({ rate: 1.5 });
    expect(synth.spoken.at(-1)!).toMatchObject({ text: 'B one.', rate: 1.5 });
  });
});
