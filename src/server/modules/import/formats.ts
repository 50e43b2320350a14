import type { Parsed } from './entry.ts';
import { parseDiigoCsv, parseDiigoZip } from './parsers/diigo.ts';
import { parseHypothesis } from './parsers/hypothesis.ts';
import { parseInstapaper } from './parsers/instapaper.ts';
import { parseKarakeep } from './parsers/karakeep.ts';
import { parseLinkwarden } from './parsers/linkwarden.ts';
import { parseNetscape } from './parsers/netscape.ts';
import { parseOmnivore } from './parsers/omnivore.ts';
import { parsePinboard } from './parsers/pinboard.ts';
import { parsePocketCsv, parsePocketZip } from './parsers/pocket.ts';
import { parseRaindrop } from './parsers/raindrop.ts';
import { parseReadwiseHighlights, parseReadwiseReader } from './parsers/readwise.ts';
import { parseWallabag } from './parsers/wallabag.ts';
import type { ImportFile } from './source.ts';

/** The formats read as a stream of entries; Kindle clippings and OPML have their own importers. */
export const ENTRY_FORMATS = {
  netscape: {
    label: 'Bookmarks HTML (browsers, Pocket, Pinboard, Raindrop, Karakeep, Linkwarden, Diigo)',
    parse: parseNetscape,
  },
  pocket_csv: { label: 'Pocket CSV', parse: parsePocketCsv },
  pocket_zip: { label: 'Pocket zip', parse: parsePocketZip },
  pinboard: { label: 'Pinboard JSON', parse: parsePinboard },
  instapaper: { label: 'Instapaper CSV', parse: parseInstapaper },
  raindrop: { label: 'Raindrop CSV', parse: parseRaindrop },
  readwise_reader: { label: 'Readwise Reader CSV', parse: parseReadwiseReader },
  readwise_highlights: { label: 'Readwise highlights CSV', parse: parseReadwiseHighlights },
  karakeep: { label: 'Karakeep JSON', parse: parseKarakeep },
  linkwarden: { label: 'Linkwarden backup.json', parse: parseLinkwarden },
  wallabag: { label: 'Wallabag JSON', parse: parseWallabag },
  omnivore: { label: 'Omnivore zip', parse: parseOmnivore },
  hypothesis: { label: 'Hypothesis JSON', parse: parseHypothesis },
  diigo_csv: { label: 'Diigo CSV', parse: parseDiigoCsv },
  diigo_zip: { label: 'Diigo zip', parse: parseDiigoZip },
} satisfies Record<string, { label: string; parse: (file: ImportFile) => AsyncGenerator<Parsed> }>;

export const OTHER_FORMATS = {
  kindle: { label: "Kindle 'My Clippings.txt'" },
  opml: { label: 'OPML outline' },
};

export type EntryFormat = keyof typeof ENTRY_FORMATS;
export type ImportFormat = EntryFormat | keyof typeof OTHER_FORMATS;

export const IMPORT_FORMATS = Object.keys({ ...ENTRY_FORMATS, ...OTHER_FORMATS }) as ImportFormat[];

export const formatLabel = (format: ImportFormat) =>
  format in ENTRY_FORMATS
    ? ENTRY_FORMATS[format as EntryFormat].label
    : OTHER_FORMATS[format as 'kindle' | 'opml'].label;

/** The one message for a file of no known format, naming what Folio reads. */
export const UNKNOWN_FORMAT_MESSAGE = `Folio cannot read this file. It reads: ${[
  'bookmarks HTML from any browser',
  'Pocket',
  'Pinboard',
  'Instapaper',
  'Raindrop',
  'Readwise and Readwise Reader',
  'Karakeep',
  'Linkwarden',
  'Wallabag',
  'Omnivore',
  'Hypothesis',
  'Diigo',
  "Kindle 'My Clippings.txt'",
  'OPML',
].join(', ')}.`;
