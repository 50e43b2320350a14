import { parseTagInput } from '../../../../shared/tags.ts';
import { csvBookmarks } from '../csv.ts';
import { cleanTags, cleanText, type ImportHighlight, type Parsed, parseDate } from '../entry.ts';
import { bytesFile, type ImportFile } from '../source.ts';
import { zipMembers } from '../zip.ts';

/** Diigo's CSV: `title,url,tags,description,comments,annotations,created_at`. */
export function parseDiigoCsv(file: ImportFile): AsyncGenerator<Parsed> {
  const format = { required: ['title', 'url', 'tags', 'annotations'], what: 'a Diigo CSV file' };
  return csvBookmarks(file, format, (r) => ({
    title: cleanText(r.title),
    description: cleanText(r.description),
    note: cleanText(r.comments) || undefined,
    tags: diigoTags(r.tags ?? ''),
    created: parseDate(r.created_at),
    highlights: diigoHighlights(r.annotations ?? ''),
  }));
}

/** Diigo's zip holds one CSV. */
export async function* parseDiigoZip(file: ImportFile): AsyncGenerator<Parsed> {
  for await (const member of zipMembers(file, (name) => name.toLowerCase().endsWith('.csv'))) {
    if ('problem' in member) yield { problem: `${member.name}: ${member.problem}`, at: { entry: 0 } };
    else yield* parseDiigoCsv(bytesFile(member.bytes));
  }
}

/** Tags split by commas when there are any, else by spaces ("quoted names" kept whole). */
export function diigoTags(cell: string): string[] {
  return cell.includes(',') ? cleanTags(cell.split(',')) : cleanTags(parseTagInput(cell));
}

/**
 * The annotations cell: `Highlight: ...` lines, each possibly followed by its sticky notes (lines
 * starting with `Sticky Note:` or plain lines, which continue the note).
 */
export function diigoHighlights(cell: string): ImportHighlight[] {
  const out: ImportHighlight[] = [];
  for (const raw of cell.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const highlight = /^highlight:\s*(.*)$/i.exec(line);
    if (highlight) {
      if (highlight[1]) out.push({ quote: cleanText(highlight[1]) });
      continue;
    }
    const last = out[out.length - 1];
    if (!last) continue;
    const note = cleanText(line.replace(/^(sticky note|note|comment)s?:\s*/i, ''));
    if (note) last.note = last.note ? `${last.note}\n${note}` : note;
  }
  return out;
}
