import type { Clock } from '../../platform/clock.ts';
import type { LibraryFormat } from './format.ts';
import type { LibraryReader } from './library.ts';
import { netscapeFormat } from './netscape.ts';
import { opmlFormat } from './opml.ts';
import { readwiseFormat } from './readwise.ts';
import { vaultFormat } from './vault.ts';

/** The open formats: bookmarks HTML, the Markdown vault, OPML of the outliners, Readwise CSV. */
export function openFormats(reader: LibraryReader, clock: Clock): LibraryFormat[] {
  return [netscapeFormat(reader), vaultFormat(reader), opmlFormat(reader, clock), readwiseFormat(reader)];
}
