import { csvBookmarks } from '../csv.ts';
import { cleanTags, cleanText, type ImportHighlight, isTruthy, type Parsed, parseDate } from '../entry.ts';
import type { ImportFile } from '../source.ts';

/**
 * Raindrop's CSV: `id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite`. The
 * folder is the collection path (`Unsorted` for none); tags are `"a, b"`; highlights are lines.
 */
export function parseRaindrop(file: ImportFile): AsyncGenerator<Parsed> {
  return csvBookmarks(file, { required: ['url', 'folder', 'title'], what: 'a Raindrop CSV file' }, (r) => ({
    title: cleanText(r.title),
    description: cleanText(r.excerpt),
    note: cleanText(r.note) || undefined,
    tags: cleanTags((r.tags ?? '').split(',')),
    folder: raindropFolder(r.folder ?? ''),
    created: parseDate(r.created),
    starred: isTruthy(r.favorite),
    highlights: raindropHighlights(r.highlights ?? ''),
  }));
}

/**
 * A collection path. Levels are split by ' / ' when the path has it (names may hold a bare '/',
 * as in 'Apps/Services / AI Tools'), else by '/'. 'Unsorted' is no folder.
 */
export function raindropFolder(path: string): string[] {
  const text = cleanText(path);
  if (!text || text.toLowerCase() === 'unsorted') return [];
  const levels = text.includes(' / ') ? text.split(' / ') : text.split('/');
  return levels.map((l) => l.trim()).filter(Boolean);
}

/**
 * The highlights cell: one highlight per line, or `Highlight: ...` lines each optionally followed by
 * a `Note: ...` line for it.
 */
export function raindropHighlights(cell: string): ImportHighlight[] {
  const out: ImportHighlight[] = [];
  const lines = cell.split(/\r?\n/).map((l) => l.trim());
  const prefixed = lines.some((l) => /^highlight:/i.test(l));
  for (const line of lines) {
    if (!line) continue;
    const note = /^note:\s*(.*)$/i.exec(line);
    if (note && out.length) {
      const last = out[out.length - 1]!;
      last.note = last.note ? `${last.note}\n${note[1]}` : note[1];
      continue;
    }
    const quote = prefixed ? /^highlight:\s*(.*)$/i.exec(line)?.[1] : line.replace(/^[-•]\s+/, '');
    if (quote) out.push({ quote: cleanText(quote) });
    else if (out.length) out[out.length - 1]!.quote += ` ${line}`;
  }
  return out.filter((h) => h.quote);
}
