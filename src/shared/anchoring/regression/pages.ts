import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../../../../test/fixtures/anchoring/', import.meta.url));

/** A saved page of the suite and the quotes picked by hand (first occurrence unless `nth`). */
export interface SuitePage {
  name: string;
  html: string;
  picks: { quote: string; nth?: number }[];
  /** how many more highlights are chosen at random (seeded) */
  random: number;
}

const read = (file: string) => readFileSync(`${FIXTURES}${file}`, 'utf8');

/**
 * About 1 MB of article text: sections made of the other pages' paragraphs, each sentence
 * varied by its section number, so phrases repeat all over the page as in a long manual.
 */
export function bigPage(sources: string[], bytes = 1_000_000): string {
  const sentences = sources
    .flatMap((html) => html.match(/<p>[^<]{40,}<\/p>/g) ?? [])
    .flatMap((p) => p.slice(3, -4).split(/(?<=[.!?])\s+/))
    .filter((s) => s.length > 20);
  let rand = 7;
  const next = () => {
    rand = (rand * 1103515245 + 12345) % 2147483648;
    return rand / 2147483648;
  };
  const parts = ['<html><body><article><h1>Collected notes</h1>'];
  let size = 0;
  for (let section = 1; size < bytes; section++) {
    parts.push(`<h2>Section ${section}</h2>`);
    for (let p = 0; p < 6; p++) {
      const n = 3 + Math.floor(next() * 4);
      const text = Array.from({ length: n }, () => sentences[Math.floor(next() * sentences.length)]!).join(
        ' ',
      );
      const para = `<p>${text.replace(/\b(\d+)\b/, `$1.${section}`)}</p>\n`;
      parts.push(para);
      size += para.length;
    }
  }
  parts.push('</article></body></html>');
  return parts.join('');
}

export function suitePages(): SuitePage[] {
  const essay = read('essay.html');
  const reference = read('reference.html');
  const recipe = read('recipe.html');
  const thread = read('thread.html');
  return [
    {
      name: 'essay',
      html: essay,
      picks: [
        { quote: 'Small Towns Keep Their Libraries Open' },
        { quote: 'Small towns keep their libraries open' },
        { quote: 'Every chair is taken by noon.' },
        { quote: 'The library is the only room in town where nobody asks what you are buying.' },
      ],
      random: 40,
    },
    {
      name: 'reference',
      html: reference,
      picks: [
        { quote: 'An environment variable always wins over the file', nth: 1 },
        { quote: 'Optional.', nth: 2 },
        { quote: 'none' },
        { quote: 'Example', nth: 1 },
      ],
      random: 30,
    },
    {
      name: 'recipe',
      html: recipe,
      picks: [
        { quote: 'Stir well.', nth: 1 },
        { quote: 'for 5 minutes', nth: 2 },
        { quote: 'finely chopped', nth: 1 },
        { quote: 'The lemon matters more than it seems.' },
      ],
      random: 30,
    },
    {
      name: 'thread',
      html: thread,
      picks: [
        { quote: 'A shop quoted me about 400 for a full overhaul.', nth: 1 },
        { quote: 'Is it worth repairing a 15-year-old bicycle?', nth: 1 },
        { quote: 'Riding since the days of thumb shifters.', nth: 2 },
        { quote: 'A good steel frame will outlast all of us.' },
      ],
      random: 30,
    },
    { name: 'big (1 MB)', html: bigPage([essay, recipe, thread, reference]), picks: [], random: 8 },
  ];
}
