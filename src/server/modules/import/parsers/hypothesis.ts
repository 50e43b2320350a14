import {
  cleanTags,
  cleanText,
  httpUrl,
  type ImportEntry,
  newEntry,
  type Parsed,
  parseDate,
} from '../entry.ts';
import { fieldsOf, jsonValues } from '../json-stream.ts';
import type { ImportFile } from '../source.ts';

interface Annotation {
  id: string;
  parent: string | undefined;
  text: string;
  tags: unknown[];
  created?: Date;
  quote?: { exact: string; prefix?: string; suffix?: string };
  position?: { start: number; end: number };
}

/**
 * Hypothesis's JSON export: `{export_userid, annotations: [{id, uri, text, tags, created, references,
 * document{title}, target[{selector[]}]}]}`. One bookmark per page; an annotation with a quote is a
 * highlight (its comment the note), one without is a page note; a reply joins its thread's first
 * annotation's note. Annotations are gathered per page (an export holds a page's or a group's
 * annotations, far smaller than a library), then each page is one entry. PDFs known only by their
 * fingerprint (`urn:x-pdf:`) cannot be fetched: they are listed as problems to upload by hand.
 */
export async function* parseHypothesis(file: ImportFile): AsyncGenerator<Parsed> {
  const pages = new Map<string, { title: string; annotations: Annotation[] }>();
  const byId = new Map<string, Annotation>();
  const problems: Parsed[] = [];
  let index = 0;
  for await (const { value } of jsonValues(file, ['$.annotations.*'], 'a Hypothesis JSON export')) {
    index += 1;
    const a = fieldsOf(value);
    const uri = cleanText(a.uri);
    if (!httpUrl(uri)) {
      problems.push({
        problem: uri.startsWith('urn:x-pdf:')
          ? `A PDF annotation (${cleanText(fieldsOf(a.document).title) || uri}): upload the PDF to keep it.`
          : `Not a web address: ${uri.slice(0, 200)}`,
        at: { entry: index },
      });
      continue;
    }
    const url = httpUrl(uri)!;
    const page = pages.get(url) ?? { title: '', annotations: [] };
    pages.set(url, page);
    const title = fieldsOf(a.document).title;
    page.title ||= cleanText(Array.isArray(title) ? title[0] : title);
    const refs = Array.isArray(a.references) ? a.references.map(String) : [];
    const annotation: Annotation = {
      id: String(a.id ?? index),
      parent: refs[0],
      text: cleanText(a.text),
      tags: Array.isArray(a.tags) ? a.tags : [],
      created: parseDate(a.created),
      ...selectorsOf(a.target),
    };
    byId.set(annotation.id, annotation);
    page.annotations.push(annotation);
  }
  yield* problems;
  let entry = 0;
  for (const [url, page] of pages) {
    entry += 1;
    yield { entry: pageEntry(url, page, byId), at: { entry } };
  }
}

function selectorsOf(target: unknown): Pick<Annotation, 'quote' | 'position'> {
  const out: Pick<Annotation, 'quote' | 'position'> = {};
  for (const t of Array.isArray(target) ? target : []) {
    for (const s of Array.isArray(fieldsOf(t).selector) ? (fieldsOf(t).selector as unknown[]) : []) {
      const sel = fieldsOf(s);
      if (sel.type === 'TextQuoteSelector' && cleanText(sel.exact)) {
        out.quote = {
          exact: String(sel.exact),
          prefix: strOrUndefined(sel.prefix),
          suffix: strOrUndefined(sel.suffix),
        };
      } else if (
        sel.type === 'TextPositionSelector' &&
        Number.isInteger(sel.start) &&
        Number.isInteger(sel.end)
      ) {
        out.position = { start: Number(sel.start), end: Number(sel.end) };
      }
    }
  }
  return out;
}

const strOrUndefined = (v: unknown) => (typeof v === 'string' ? v : undefined);

function pageEntry(
  url: string,
  page: { title: string; annotations: Annotation[] },
  byId: Map<string, Annotation>,
) {
  const entry: ImportEntry = newEntry({ url, title: page.title || url });
  const notes: string[] = [];
  const replies = new Map<string, string[]>();
  const tags: unknown[] = [];
  for (const a of page.annotations) {
    tags.push(...a.tags);
    if (a.parent && byId.has(a.parent)) {
      const list = replies.get(a.parent) ?? [];
      list.push(a.text);
      replies.set(a.parent, list);
    }
  }
  for (const a of page.annotations) {
    if (a.parent && byId.has(a.parent)) continue;
    const text = [a.text, ...(replies.get(a.id) ?? [])].filter(Boolean).join('\n\n');
    if (a.quote) {
      entry.highlights.push({
        quote: a.quote.exact,
        prefix: a.quote.prefix,
        suffix: a.quote.suffix,
        position: a.position,
        note: text || undefined,
        created: a.created,
      });
    } else if (text) notes.push(text);
  }
  entry.tags = cleanTags(tags);
  if (notes.length) entry.floatNote = notes.join('\n\n');
  return entry;
}
