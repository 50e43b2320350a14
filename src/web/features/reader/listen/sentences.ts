/**
 * What Listen reads: the article's paragraphs (its leaf text blocks, so a quote's paragraphs are not
 * read twice) cut into sentences, each able to give back its place in the page as a DOM Range.
 */
export interface Sentence {
  text: string;
  paragraph: number;
  /** the sentence's text in the page, for marking it; absent for text not on the page (a PDF's) */
  range?: () => Range | null;
}

const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, figcaption, dd, dt, td, th';

/** Sentences of a text with their offsets, by the browser's own sentence rules where it has them. */
export function splitSentences(text: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  const segmenter =
    typeof Intl !== 'undefined' && 'Segmenter' in Intl
      ? new Intl.Segmenter(undefined, { granularity: 'sentence' })
      : null;
  const parts = segmenter
    ? Array.from(segmenter.segment(text), (s) => ({ text: s.segment, start: s.index }))
    : Array.from(text.matchAll(/[^.!?]+[.!?]*\s*/g), (m) => ({ text: m[0], start: m.index ?? 0 }));
  for (const part of parts) {
    const trimmed = part.text.trim();
    if (!trimmed) continue;
    out.push({ text: trimmed, start: part.start + part.text.indexOf(trimmed) });
  }
  return out;
}

/** A Range over [start, end) of an element's text, found by walking its text nodes. */
export function rangeOf(element: Element, start: number, end: number): Range | null {
  const doc = element.ownerDocument;
  const walker = doc.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = doc.createRange();
  let offset = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.nodeValue?.length ?? 0;
    if (!started && start < offset + length) {
      range.setStart(node, start - offset);
      started = true;
    }
    if (started && end <= offset + length) {
      range.setEnd(node, end - offset);
      return range;
    }
    offset += length;
  }
  return null;
}

/** The sentences of an article element, in reading order. */
export function articleSentences(article: Element): Sentence[] {
  const blocks = Array.from(article.querySelectorAll(BLOCKS)).filter((b) => !b.querySelector(BLOCKS));
  const sentences: Sentence[] = [];
  let paragraph = 0;
  for (const block of blocks) {
    const text = block.textContent ?? '';
    const parts = splitSentences(text);
    if (parts.length === 0) continue;
    for (const part of parts) {
      sentences.push({
        text: part.text,
        paragraph,
        range: () => rangeOf(block, part.start, part.start + part.text.length),
      });
    }
    paragraph += 1;
  }
  return sentences;
}

/** Sentences of plain text (a PDF's pages), a paragraph per blank-line-separated block. */
export function textSentences(paragraphs: string[]): Sentence[] {
  return paragraphs.flatMap((text, paragraph) =>
    splitSentences(text).map((part) => ({ text: part.text, paragraph })),
  );
}
