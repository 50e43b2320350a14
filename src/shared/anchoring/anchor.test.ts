import { expect, it, describe as suite } from 'vitest';
import { anchor, anchorSteps, CONTEXT_CHARS, describe } from './anchor.ts';

const ARTICLE =
  'Reading on the web is better with a pen. The quick brown fox jumps over the lazy dog while ' +
  'the reader underlines the sentences that matter. Later the notes are gathered into an outline ' +
  'and shared with the class, who add their own notes in the margin.';

const select = (text: string, quote: string, from = 0) => {
  const start = text.indexOf(quote, from);
  if (start < 0) throw new Error(`no "${quote}"`);
  return { start, end: start + quote.length };
};
const quoted = (text: string, range: { start: number; end: number } | null) =>
  range ? text.slice(range.start, range.end) : null;

suite('describe', () => {
  it('keeps the quote, up to 32 characters either side, and the offsets', () => {
    const { start, end } = select(ARTICLE, 'quick brown fox');
    const [quote, position] = describe(ARTICLE, start, end);
    expect(quote).toEqual({
      type: 'TextQuoteSelector',
      exact: 'quick brown fox',
      prefix: ARTICLE.slice(start - CONTEXT_CHARS, start),
      suffix: ARTICLE.slice(end, end + CONTEXT_CHARS),
    });
    expect(position).toEqual({ type: 'TextPositionSelector', start, end });
  });

  it('leaves out empty context at the ends of the text', () => {
    const [quote] = describe('abc', 0, 3);
    expect(quote).toEqual({ type: 'TextQuoteSelector', exact: 'abc' });
  });

  it('refuses an empty selection', () => {
    expect(() => describe('abc', 1, 1)).toThrow(RangeError);
  });
});

suite('anchor', () => {
  it('finds an exact quote where it was', () => {
    const { start, end } = select(ARTICLE, 'underlines the sentences');
    expect(anchor(ARTICLE, describe(ARTICLE, start, end))).toEqual({ start, end });
  });

  it('follows text that moved', () => {
    const { start, end } = select(ARTICLE, 'underlines the sentences');
    const selectors = describe(ARTICLE, start, end);
    const moved = `A new introduction paragraph was added to the top of the page. ${ARTICLE}`;
    expect(quoted(moved, anchor(moved, selectors))).toBe('underlines the sentences');
    expect(anchor(moved, selectors)!.start).toBe(start + 63);
  });

  it('finds a quote whose text changed a little (fuzzy)', () => {
    const { start, end } = select(ARTICLE, 'The quick brown fox jumps over the lazy dog');
    const selectors = describe(ARTICLE, start, end);
    const changed = ARTICLE.replace('quick brown fox jumps', 'quick red fox leaps').replace(
      'Reading on',
      'Reading things on',
    );
    const found = anchor(changed, selectors);
    expect(quoted(changed, found)).toBe('The quick red fox leaps over the lazy dog');
  });

  it('decides between identical quotes by their prefix and suffix', () => {
    const text =
      'In chapter one the notes are short. ' +
      'In chapter two the notes are long and careful. ' +
      'In chapter three the notes are gone.';
    const second = select(text, 'the notes are', text.indexOf('two'));
    const selectors = describe(text, second.start, second.end);
    // the text moved, so the stored position no longer holds the quote
    const moved = `Preface. ${text}`;
    const found = anchor(moved, selectors)!;
    expect(found.start).toBe(moved.indexOf('the notes are', moved.indexOf('two')));
    // without a usable position the context alone still picks the right one
    const withoutPosition = selectors.filter((s) => s.type === 'TextQuoteSelector');
    expect(anchor(moved, withoutPosition)!.start).toBe(found.start);
    const third = select(text, 'the notes are', text.indexOf('three'));
    const thirdQuote = describe(text, third.start, third.end).filter((s) => s.type === 'TextQuoteSelector');
    expect(anchor(moved, thirdQuote)!.start).toBe(moved.indexOf('the notes are', moved.indexOf('three')));
  });

  it('keeps a quote at its stored offset when the words beside it were edited', () => {
    const text =
      'With the bank gone and the clinic shut on Fridays, the library booked a room for video ' +
      'appointments. The threat that never arrived was the one everybody talked about.';
    const { start, end } = select(text, 'video');
    const selectors = describe(text, start, end);
    // neither side agrees at its edge any more, and the long word lost most of the suffix
    const edited = text.replace('for video appointments', 'lantern video harbour');
    expect(anchor(edited, selectors)!.start).toBe(edited.indexOf('video'));
    // away from its stored offset the same evidence is not enough
    const moved = `${'A long new opening paragraph, added when the page was saved again. '.repeat(3)}${edited}`;
    expect(anchor(moved, selectors)).toBeNull();
  });

  it('finds an edited quote across the 64 K stretches it searches, in steps', () => {
    let seed = 5;
    const words = 'oak ash elm yew fir box bay'.split(' ');
    const filler = (n: number) =>
      Array.from({ length: n }, () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return words[seed % 7];
      }).join(' ');
    const before = filler(16_375); // the quote starts a few characters before 65,536
    const quote = 'the lighthouse keeper wrote every storm into a green ledger';
    const text = `${before} ${quote} ${filler(20_000)}`;
    const at = text.indexOf(quote);
    expect(at).toBeLessThan(65_536);
    expect(at + quote.length).toBeGreaterThan(65_536);
    const selectors = describe(text, at, at + quote.length);
    const edited = `Moved. ${text.replace('green ledger', 'grey ledger')}`;
    const steps = anchorSteps(edited, selectors);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    expect(quoted(edited, step.value)).toBe('the lighthouse keeper wrote every storm into a grey ledger');
    expect(yields).toBeGreaterThan(1);
  });

  it('is orphaned when the quote is gone', () => {
    const { start, end } = select(ARTICLE, 'shared with the class');
    const selectors = describe(ARTICLE, start, end);
    const rewritten =
      'This page was rewritten entirely. Nothing of the old article remains, only a short notice ' +
      'that says the content moved elsewhere.';
    expect(anchor(rewritten, selectors)).toBeNull();
    expect(anchor('', selectors)).toBeNull();
  });

  it('is orphaned when a short quote changed, rather than guessing', () => {
    const { start, end } = select(ARTICLE, 'pen');
    expect(anchor(ARTICLE.replace('pen.', 'pencil.'), describe(ARTICLE, start, end))).toEqual({
      start,
      end,
    });
    expect(anchor(ARTICLE.replace('pen.', 'ink.'), describe(ARTICLE, start, end))).toBeNull();
  });

  it('has nothing to anchor without selectors', () => {
    expect(anchor(ARTICLE, null)).toBeNull();
    expect(anchor(ARTICLE, [])).toBeNull();
  });
});
