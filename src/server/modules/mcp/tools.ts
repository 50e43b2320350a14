import { z } from 'zod';
import { searchWords } from '../../../shared/annotation-words.ts';
import { noteText } from '../../../shared/notes.ts';
import { type AnnotationReply, addAnnotationSchema, SHAPE } from '../../../shared/schemas/annotations.ts';
import { type ItemReply, loadItemsSchema, saveBookmarkSchema } from '../../../shared/schemas/items.ts';
import { splitTName } from '../../../shared/tags.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { AnnotationsService } from '../annotations/service.ts';
import { htmlToText } from '../capture/extract.ts';
import type { CaptureService } from '../capture/service.ts';
import type { ItemsService } from '../items/service.ts';

export interface LibraryToolsDeps {
  items: ItemsService;
  annotations: AnnotationsService;
  capture: CaptureService;
}

/** One tool of the MCP server: its input as a plain zod shape (shown to the assistant as JSON Schema). */
export interface LibraryTool<S extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** needs a write token; a read token is refused */
  write: boolean;
  run(user: SessionUser, args: z.output<z.ZodObject<S>>): Promise<unknown>;
}

const tool = <S extends z.ZodRawShape>(t: LibraryTool<S>) => t as unknown as LibraryTool;

const SNIPPET_MAX = 300;
/** get_item's reader text: enough for an assistant to read a long article, not a book */
const READER_TEXT_MAX = 100_000;
const LIMIT_MAX = 50;

/** The shared schemas decide as the calls do; a refusal reads as the call's 400 would. */
function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ValidationError(issue?.message ?? 'Bad input.', issue?.path.join('.'));
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Where the item matched, or what best tells what it is: its full-text snippet, description, note or first highlight. */
function snippetOf(item: ItemReply): string {
  const text =
    item.snippet?.map((p) => p.text).join('') ||
    item.description ||
    noteText(item.note_content) ||
    item.annotations[0]?.content ||
    '';
  return clip(text.replace(/\s+/g, ' ').trim(), SNIPPET_MAX);
}

function summaryOf(item: ItemReply) {
  return {
    link_id: item.link_id,
    title: item.title,
    url: item.url,
    tags: splitTName(item.t_name),
    snippet: snippetOf(item),
  };
}

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

function highlightOf(a: AnnotationReply) {
  return {
    id: a.id,
    link_id: a.link_id,
    kind: a.shape === SHAPE.floatNote ? ('note' as const) : ('highlight' as const),
    text: a.content,
    color: a.extra.color,
    notes: a.stickyNotes.map((s) => s.content),
    created_at: isoOf(a.created_at),
  };
}

/**
 * The tools: each calls the services as the token's user, under the same policies as the calls
 * (another user's link_id is the same "not found").
 */
export function libraryTools(deps: LibraryToolsDeps): LibraryTool[] {
  return [
    tool({
      name: 'search_library',
      title: 'Search the library',
      description:
        'Search the user\'s Folio library with Folio\'s search syntax: words, "a phrase", #tag, -word, ' +
        'OR, site:example.com. Answers items with title, url, tags, snippet and link_id.',
      input: {
        query: z.string().max(1000).describe('the search, in Folio search syntax'),
        limit: z.number().int().min(1).max(LIMIT_MAX).optional().describe('at most this many items (10)'),
      },
      write: false,
      async run(user, { query, limit = 10 }) {
        const count = limit <= 24 ? 24 : limit <= 48 ? 48 : 96;
        const q = parsed(loadItemsSchema, { what: query, count, username: user.name, sort: 'updated' });
        const page = await deps.items.list(user, q);
        return { total: page.total, items: page.items.slice(0, limit).map(summaryOf) };
      },
    }),
    tool({
      name: 'get_item',
      title: 'Read an item',
      description:
        'One item of the library by link_id: its details, its reader text (the saved copy of the page, ' +
        'or the note), its highlights with their notes, and its float notes.',
      input: { link_id: z.number().int().positive().describe('the item, as search_library names it') },
      write: false,
      async run(user, { link_id }) {
        const item = await deps.items.loadItem(user, { link_id });
        const reader =
          item.type_name === 'note' ? null : await deps.capture.reader(user, { link_id: item.link_id });
        const text = reader ? htmlToText(reader.html) : noteText(item.note_content);
        const annotations = item.annotations.map(highlightOf);
        return {
          ...summaryOf(item),
          type: item.type_name,
          description: item.description,
          unread: item.readed === 0,
          private: item.private === 1,
          created_at: isoOf(item.created_at),
          capture_status: reader?.status ?? null,
          text: clip(text, READER_TEXT_MAX),
          highlights: annotations.filter((a) => a.kind === 'highlight'),
          notes: annotations.filter((a) => a.kind === 'note'),
        };
      },
    }),
    tool({
      name: 'list_highlights',
      title: 'List highlights',
      description:
        "The user's highlights and float notes across the library, newest first, with the item each " +
        'belongs to; optionally only those containing the words of query, on items tagged tag, made since a date.',
      input: {
        query: z.string().max(1000).optional().describe('words the highlight or its notes contain'),
        tag: z.string().max(200).optional().describe("a tag of the highlighted item (no '#')"),
        since: z.string().max(40).optional().describe('an ISO 8601 date or time: highlights made since'),
        limit: z.number().int().min(1).max(LIMIT_MAX).optional().describe('at most this many (20)'),
      },
      write: false,
      async run(user, { query, tag, since, limit = 20 }) {
        const from = since === undefined ? undefined : new Date(since);
        if (from && Number.isNaN(from.getTime()))
          throw new ValidationError('since must be an ISO 8601 date.', 'since');
        const found = await deps.annotations.listOwn(user, {
          words: searchWords(query ?? ''),
          tag: tag?.trim().replace(/^#/, '') || undefined,
          since: from,
          limit,
        });
        const ids = [...new Set(found.map((a) => a.link_id))];
        const items = new Map((await deps.items.loadAll(user, ids)).map((i) => [i.link_id, i]));
        return {
          highlights: found.map((a) => ({
            ...highlightOf(a),
            item_title: items.get(a.link_id)?.title ?? '',
            item_url: items.get(a.link_id)?.url ?? '',
          })),
        };
      },
    }),
    tool({
      name: 'save_bookmark',
      title: 'Save a bookmark',
      description:
        'Save a web page to the library (as the Add bookmark form does; its copy is captured in the ' +
        'background). A page already saved is updated. Needs a write token.',
      input: {
        url: z.string().max(2000).describe('the http:// or https:// address'),
        title: z.string().max(500).optional(),
        description: z.string().max(5000).optional(),
        tags: z.array(z.string().max(200)).max(50).optional(),
      },
      write: true,
      async run(user, { url, title, description, tags }) {
        const known = await deps.items.bookmarkIdFor(user.id, url);
        const {
          lists: _lists,
          groups: _groups,
          ...fields
        } = parsed(saveBookmarkSchema, {
          url,
          title,
          description,
          tags: tags?.join(','),
          // a new bookmark as the form leaves it: read, public; a saved one keeps its own
          ...(known === undefined ? { unread: false, private: false } : {}),
        });
        return summaryOf(await deps.items.saveBookmark(user, fields));
      },
    }),
    tool({
      name: 'add_note',
      title: 'Add a note to an item',
      description:
        "Add a float note (a note on the page, not on a highlight) to one of the user's items. Needs a write token.",
      input: {
        link_id: z.number().int().positive(),
        text: z.string().max(10_000).describe('the note'),
      },
      write: true,
      async run(user, { link_id, text }) {
        const data = parsed(addAnnotationSchema, {
          link_id,
          shape: SHAPE.floatNote,
          content: text,
          // the top left of the page: the reader lets the owner move it
          selector: [{ type: 'FloatPositionSelector', x: 0, y: 0 }],
        });
        const { annotation } = await deps.annotations.add(user, data);
        return highlightOf(annotation);
      },
    }),
  ];
}
