/**
 * Reads a Kindle 'My Clippings.txt' file, in whatever language the device writes. Each clipping is
 * four parts ended by a line of ten '=':
 *
 *   Book Title (Author Name)
 *   - Your Highlight on page 12 | Location 170-172 | Added on Monday, March 4, 2019 10:12:38 PM
 *   (blank line)
 *   the highlighted text, possibly over several lines
 *   ==========
 *
 * The structure is what is recognised: the separator lines, the title line and a metadata line that
 * starts with a dash ('-', or '–' on Russian devices). The metadata line's words follow the device's
 * language, e.g.
 *
 *   - Ihre Markierung auf Seite 9 | bei Position 130-131 | Hinzugefügt am Sonntag, 27. Dezember 2015 08:18:36
 *   - Votre surlignement sur la page 200 | emplacement 3054-3056 | Ajouté le mercredi 16 août 2017 02:14:10
 *   – Ваш выделенный отрывок на странице 8 | Место 243–245 | Добавлено: пятница, 26 февраля 2016 г. в 11:00:57
 *   - 27ページ|位置No. 409-412のハイライト |作成日: 2016年2月26日金曜日 11:49:27
 *   - 您在第 3 页（位置 #77-78）的标注 | 添加于 2016年2月26日星期五 上午10:56:04
 *
 * Older devices write '- Highlight Loc. 170-72 | Added on ...'; PDFs have a page and no location;
 * Dutch devices write ranges as '170 t/m 172'. Devices also put a byte-order mark before titles and use
 * Windows line endings. Bookmarks carry no text; they and clippings without text are skipped (and
 * counted). A clipping whose kind is in no known language is kept as a highlight and counted, never
 * dropped.
 */
export type KindleClippingKind = 'highlight' | 'note';

export interface KindleClipping {
  kind: KindleClippingKind;
  /** '170-172', '172' or '' (a PDF clipping with a page only); ranges always with '-' */
  location: string;
  page?: string;
  /** the 'Added on' text as the device wrote it, without its label */
  added?: string;
  /** the added date read from that text, 'YYYY-MM-DDTHH:MM:SS' in the device's own time; absent when unreadable */
  date?: string;
  text: string;
}

export interface KindleBook {
  title: string;
  author: string;
  clippings: KindleClipping[];
}

export interface KindleClippings {
  /** books in the order they first appear, with their highlights and notes in file order */
  books: KindleBook[];
  /** clippings recognised in the file, skipped ones included */
  found: number;
  /** bookmarks and clippings without text */
  skipped: number;
  /** clippings whose kind no known language names: kept as highlights */
  unclassified: number;
  /** blocks between separators with text that have no title and metadata line: not clippings */
  unreadable: number;
}

type Kind = KindleClippingKind | 'bookmark';

const SEPARATOR = /^={10}\s*$/m;
/** '-' as most devices write it; Russian devices write '–'. */
const META_START = /^[-–—‐‑−]/;

/**
 * The words for each kind, as devices write them (English, German, French, Spanish, Italian,
 * Portuguese, Dutch, Russian, Japanese, Chinese). Latin-script words must stand alone; the first
 * word found in the line decides.
 */
const KIND_WORDS: [Kind, string[]][] = [
  [
    'highlight',
    [
      'highlight',
      'clip',
      'markierung',
      'surlignement',
      'subrayado',
      'evidenziazione',
      'destaque',
      'markering',
      'выделенный',
      'ハイライト',
      '标注',
    ],
  ],
  ['note', ['note', 'notiz', 'nota', 'notitie', 'заметка', 'メモ', '笔记']],
  [
    'bookmark',
    [
      'bookmark',
      'lesezeichen',
      'signet',
      'marcador',
      'segnalibro',
      'bladwijzer',
      'закладка',
      'ブックマーク',
      '书签',
    ],
  ],
];
const KIND_PATTERNS: [Kind, RegExp][] = KIND_WORDS.map(([kind, words]) => [
  kind,
  new RegExp(words.map((w) => (/^[a-z]+$/.test(w) ? `(?<!\\p{L})${w}(?!\\p{L})` : w)).join('|'), 'iu'),
]);

const NUMBER = String.raw`#?\s*(\d+)`;
const RANGE_TAIL = String.raw`(?:\s*(?:[-–—]|t\/m)\s*#?\s*(\d+))?`;
/** The location words: English, German, French, Spanish, Italian, Portuguese, Dutch, Russian, Japanese, Chinese. */
const LOCATION = new RegExp(
  String.raw`(?:location|loc\.|position|emplacement|posición|posizione|posição|locatie|месте|место|位置(?:\s*no\.)?)\s*${NUMBER}${RANGE_TAIL}`,
  'iu',
);
const PAGE_TOKEN = String.raw`(\d+|[ivxlcdm]+)(?!\p{L})`;
const PAGE = new RegExp(
  String.raw`(?:page|seite|página|pagina|странице)\s*${PAGE_TOKEN}(?:\s*(?:[-–—]|t\/m)\s*${PAGE_TOKEN})?`,
  'iu',
);
/** Japanese '27ページ', Chinese '第 126-126 页': the number comes before the word. */
const PAGE_BEFORE = /(\d+)(?:\s*[-–—]\s*(\d+))?\s*(?:ページ|页)/u;
const ANY_RANGE = new RegExp(`${NUMBER}${RANGE_TAIL}`, 'u');
const ADDED_LABEL =
  /^(?:added on|hinzugefügt am|ajouté le|añadido el|aggiunto in data|aggiunto il|adicionado(?: em)?:?|toegevoegd op|добавлено:?|作成日\s*[:：]|添加于)\s*/iu;

export function parseKindleClippings(input: string): KindleClippings {
  const text = input.replace(/\uFEFF/g, '').replace(/\r\n?/g, '\n');
  const books = new Map<string, KindleBook>();
  const result: KindleClippings = { books: [], found: 0, skipped: 0, unclassified: 0, unreadable: 0 };
  for (const chunk of text.split(SEPARATOR)) {
    const lines = chunk.split('\n');
    while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
    if (lines.length === 0) continue;
    const header = lines[0]!.trim();
    const meta = (lines[1] ?? '').trim();
    if (header === '' || !META_START.test(meta) || !/\d/.test(meta)) {
      result.unreadable += 1;
      continue;
    }
    result.found += 1;
    const kind = kindOf(meta);
    const body = lines.slice(2).join('\n').trim();
    if (kind === 'bookmark' || body === '') {
      result.skipped += 1;
      continue;
    }
    if (kind === undefined) result.unclassified += 1;
    const { title, author } = splitTitle(header);
    const key = `${title}\u0000${author}`;
    let book = books.get(key);
    if (!book) {
      book = { title, author, clippings: [] };
      books.set(key, book);
    }
    book.clippings.push({ kind: kind ?? 'highlight', ...readMeta(meta), text: body });
  }
  result.books = [...books.values()];
  return result;
}

/** The kind the metadata line names (the first kind word in it), or undefined when none is known. */
export function kindOf(meta: string): Kind | undefined {
  let best: { kind: Kind; at: number } | undefined;
  for (const [kind, pattern] of KIND_PATTERNS) {
    const at = pattern.exec(meta)?.index;
    if (at !== undefined && (best === undefined || at < best.at)) best = { kind, at };
  }
  return best?.kind;
}

/** Location, page and added text (and date) of a metadata line, in any language. */
function readMeta(meta: string): Omit<KindleClipping, 'kind' | 'text'> {
  const parts = meta.replace(META_START, '').split('|');
  const last = parts.length > 1 ? parts[parts.length - 1]!.trim() : '';
  const label = ADDED_LABEL.exec(last);
  const added = label ? last.slice(label[0].length).trim() : /\d{4}/.test(last) ? last : '';
  const place = added || label ? parts.slice(0, -1).join('|') : parts.join('|');
  const locationMatch = LOCATION.exec(place);
  const pageMatch = PAGE.exec(place) ?? PAGE_BEFORE.exec(place);
  // a language whose location word is unknown: its first number is taken as the location
  const fallback = locationMatch || pageMatch ? null : ANY_RANGE.exec(place);
  const location = range(locationMatch ?? fallback);
  const page = range(pageMatch);
  const date = added ? parseKindleDate(added) : undefined;
  return {
    location,
    ...(page ? { page } : {}),
    ...(added ? { added } : {}),
    ...(date ? { date } : {}),
  };
}

function range(match: RegExpExecArray | null): string {
  if (!match) return '';
  return match[2] ? `${match[1]}-${match[2]}` : match[1]!;
}

const MONTHS: string[][] = [
  // English, German, French, Spanish, Italian, Portuguese, Dutch, Russian (genitive)
  'january february march april may june july august september october november december'.split(' '),
  'januar februar märz april mai juni juli august september oktober november dezember'.split(' '),
  'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' '),
  'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' '),
  'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'.split(' '),
  'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'.split(' '),
  'januari februari maart april mei juni juli augustus september oktober november december'.split(' '),
  'января февраля марта апреля мая июня июля августа сентября октября ноября декабря'.split(' '),
];
const MONTH_OF = new Map<string, number>(MONTHS.flatMap((names) => names.map((n, i) => [n, i + 1])));

const TIME = /(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?\s?m\.?(?!\p{L}))?/iu;

/**
 * The date of an 'Added on' text in any of the devices' languages, as 'YYYY-MM-DDTHH:MM:SS' (the
 * device's own time: the file names no time zone); undefined when it cannot be read.
 */
export function parseKindleDate(added: string): string | undefined {
  let year: number;
  let month: number | undefined;
  let day: number | undefined;
  let rest = added;
  const cjk = /(\d{4})年\s*(\d{1,2})月\s*(\d{1,2})日/.exec(added);
  if (cjk) {
    [year, month, day] = [Number(cjk[1]), Number(cjk[2]), Number(cjk[3])];
    rest = added.slice(cjk.index + cjk[0].length);
  } else {
    const yearMatch = /(?<!\d)(\d{4})(?!\d)/.exec(added);
    if (!yearMatch) return undefined;
    year = Number(yearMatch[1]);
    for (const word of added.toLowerCase().match(/\p{L}+/gu) ?? []) {
      month = MONTH_OF.get(word);
      if (month) break;
    }
    const withoutTimeAndYear = added.replace(TIME, ' ').replace(yearMatch[1]!, ' ');
    const dayMatch = /(?<!\d)(\d{1,2})(?!\d)/.exec(withoutTimeAndYear);
    day = dayMatch ? Number(dayMatch[1]) : undefined;
  }
  if (!month || !day) return undefined;
  const time = TIME.exec(rest);
  let hours = time ? Number(time[1]) : 0;
  const minutes = time ? Number(time[2]) : 0;
  const seconds = time?.[3] ? Number(time[3]) : 0;
  // 'PM' and Chinese '下午' are afternoon, 'AM' and '上午' morning
  const half = time?.[4]?.toLowerCase() ?? (/下午/.test(rest) ? 'p' : /上午/.test(rest) ? 'a' : '');
  if (half && (hours < 1 || hours > 12)) return undefined;
  if (half === 'p' && hours < 12) hours += 12;
  if (half === 'a' && hours === 12) hours = 0;
  const at = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  if (
    at.getUTCFullYear() !== year ||
    at.getUTCMonth() !== month - 1 ||
    at.getUTCDate() !== day ||
    hours > 23 ||
    minutes > 59 ||
    seconds > 59
  ) {
    return undefined;
  }
  return at.toISOString().slice(0, 19);
}

/** 'Title (Author)': the author is the last bracketed part; titles may hold brackets of their own. */
export function splitTitle(header: string): { title: string; author: string } {
  const match = /^(.*\S)\s*\(([^()]*)\)$/.exec(header);
  if (!match) return { title: header, author: '' };
  return { title: match[1]!.trim(), author: match[2]!.trim() };
}

/** The last location a clipping covers ('170-172' ends at 172); a note is written there. */
export function locationEnd(location: string): string {
  const [start, end] = location.split('-');
  if (!end) return start ?? '';
  // older devices shorten the end: 'Loc. 1170-72' is 1170 to 1172
  return end.length < (start ?? '').length ? start!.slice(0, start!.length - end.length) + end : end;
}
