import { IMPORT_FORMAT_LABELS, type ImportFormatName } from '../../../shared/schemas/import.ts';
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

/** The formats read as a stream of entries; Kindle clippings, OPML and Folio backups have their own importers. */
export const ENTRY_FORMATS = {
  netscape: { parse: parseNetscape },
  pocket_csv: { parse: parsePocketCsv },
  pocket_zip: { parse: parsePocketZip },
  pinboard: { parse: parsePinboard },
  instapaper: { parse: parseInstapaper },
  raindrop: { parse: parseRaindrop },
  readwise_reader: { parse: parseReadwiseReader },
  readwise_highlights: { parse: parseReadwiseHighlights },
  karakeep: { parse: parseKarakeep },
  linkwarden: { parse: parseLinkwarden },
  wallabag: { parse: parseWallabag },
  omnivore: { parse: parseOmnivore },
  hypothesis: { parse: parseHypothesis },
  diigo_csv: { parse: parseDiigoCsv },
  diigo_zip: { parse: parseDiigoZip },
} satisfies Record<
  Exclude<ImportFormatName, 'kindle' | 'opml' | 'folio'>,
  { parse: (file: ImportFile) => AsyncGenerator<Parsed> }
>;

export type EntryFormat = keyof typeof ENTRY_FORMATS;
export type ImportFormat = ImportFormatName;

export const formatLabel = (format: ImportFormatName) => IMPORT_FORMAT_LABELS[format];

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
  'a Folio backup',
].join(', ')}.`;
