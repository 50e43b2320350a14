import {
  cleanTags,
  cleanText,
  httpUrl,
  type ImportEntry,
  type ImportHighlight,
  newEntry,
  type Parsed,
  parseDate,
} from '../entry.ts';
import type { ImportFile } from '../source.ts';
import { zipMembers } from '../zip.ts';

const METADATA = /(^|\/)metadata_[^/]*\.json$/i;
const HIGHLIGHTS = /(^|\/)highlights\/([^/]+)\.md$/i;
const CONTENT = /(^|\/)content\/([^/]+)\.(html|pdf)$/i;

/**
 * Omnivore's export zip: `metadata_*.json` (arrays of `{slug, title, description, url, state, labels,
 * savedAt, readingProgress}`), `content/<slug>.html` (the readable copy) or `.pdf`, and
 * `highlights/<slug>.md`. Read twice: the metadata and highlights first (small), then each content
 * file joined to its item as it streams by; items without content come last.
 */
export async function* parseOmnivore(file: ImportFile): AsyncGenerator<Parsed> {
  const items = new Map<string, { entry: ImportEntry; at: number; raw: unknown }>();
  const highlights = new Map<string, ImportHighlight[]>();
  const problems: Parsed[] = [];
  let index = 0;
  for await (const member of zipMembers(file, (n) => METADATA.test(n) || HIGHLIGHTS.test(n))) {
    if ('problem' in member) {
      problems.push({ problem: `${member.name}: ${member.problem}`, at: { entry: 0 } });
      continue;
    }
    const text = new TextDecoder().decode(member.bytes);
    const slug = HIGHLIGHTS.exec(member.name)?.[2];
    if (slug) {
      highlights.set(slug, omnivoreHighlights(text));
      continue;
    }
    let rows: unknown;
    try {
      rows = JSON.parse(text);
    } catch {
      problems.push({ problem: `${member.name} is not JSON.`, at: { entry: 0 } });
      continue;
    }
    for (const row of Array.isArray(rows) ? rows : []) {
      index += 1;
      const m = row && typeof row === 'object' ? (row as Record<string, unknown>) : {};
      const url = httpUrl(m.url);
      const slugOf = cleanText(m.slug) || String(index);
      items.set(slugOf, {
        at: index,
        raw: m.url,
        entry: newEntry({
          url,
          title: cleanText(m.title) || url || '',
          description: cleanText(m.description),
          tags: cleanTags(
            Array.isArray(m.labels)
              ? m.labels.map((l) => (typeof l === 'string' ? l : (l as { name?: unknown })?.name))
              : [],
          ),
          created: parseDate(m.savedAt),
          read: m.state === 'Archived' || Number(m.readingProgress) > 98,
        }),
      });
    }
  }
  yield* problems;
  const finish = (slug: string) => {
    const item = items.get(slug)!;
    items.delete(slug);
    item.entry.highlights = highlights.get(slug) ?? [];
    if (!item.entry.url) {
      const raw = String(item.raw ?? '').trim();
      return {
        problem: raw ? `Not a web address: ${raw.slice(0, 200)}` : 'This entry has no web address.',
        at: { entry: item.at },
      };
    }
    return { entry: item.entry, at: { entry: item.at } };
  };
  for await (const member of zipMembers(file, (n) => items.has(CONTENT.exec(n)?.[2] ?? ''))) {
    const [, , slug, ext] = CONTENT.exec(member.name)!;
    if (!items.has(slug!)) continue;
    if ('problem' in member) {
      yield { problem: `${member.name}: ${member.problem}`, at: { entry: items.get(slug!)!.at } };
      continue;
    }
    const item = items.get(slug!)!;
    if (ext!.toLowerCase() === 'pdf') item.entry.file = { name: `${slug}.pdf`, bytes: member.bytes };
    else item.entry.pageCopy = new TextDecoder().decode(member.bytes);
    yield finish(slug!);
  }
  for (const slug of [...items.keys()]) yield finish(slug);
}

/**
 * A highlights Markdown file: blocks split by blank lines; a quote is `> ` lines, followed by its
 * `#label` line and its note; a block without a quote is a note of the one before, or of none.
 */
export function omnivoreHighlights(markdown: string): ImportHighlight[] {
  const out: ImportHighlight[] = [];
  let current: ImportHighlight | undefined;
  let inQuote = false;
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (/^>\s?/.test(line)) {
      const text = line.replace(/^>\s?/, '');
      if (!inQuote) {
        current = { quote: text };
        out.push(current);
        inQuote = true;
      } else current!.quote += `\n${text}`;
      continue;
    }
    inQuote = false;
    if (!line.trim() || !current) continue;
    current.note = current.note ? `${current.note}\n${line.trim()}` : line.trim();
  }
  return out.map((h) => ({ ...h, quote: cleanText(h.quote.replace(/\n+/g, '\n')) })).filter((h) => h.quote);
}
