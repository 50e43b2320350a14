import type { Writable } from 'node:stream';
import { splitTName } from '../../../shared/tags.ts';
import type { LibraryFormat } from './format.ts';
import type { LibraryItem, LibraryReader } from './library.ts';
import { escapeDocumentText, put } from './out.ts';

const HEADER = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
`;

const seconds = (d: Date | number) => Math.floor((typeof d === 'number' ? d * 1000 : d.getTime()) / 1000);

/** Only addresses a browser opens: notes and uploads without a web address have no bookmark. */
function hasWebAddress(item: LibraryItem): boolean {
  return /^https?:\/\//i.test(item.reply.url);
}

/**
 * One bookmark: `<DT><A HREF ADD_DATE LAST_MODIFIED TAGS PRIVATE TOREAD>` as browsers, Pinboard and
 * Raindrop write it, the description in `<DD>`. Every value is escaped; tags are joined with commas
 * (Folio's tags never hold one).
 */
export function bookmarkLine(item: LibraryItem, indent: string): string {
  const r = item.reply;
  const attrs = [
    `HREF="${escapeDocumentText(r.url)}"`,
    `ADD_DATE="${seconds(r.created_at)}"`,
    `LAST_MODIFIED="${seconds(r.updated_at)}"`,
  ];
  const tags = splitTName(r.t_name);
  if (tags.length) attrs.push(`TAGS="${escapeDocumentText(tags.join(','))}"`);
  attrs.push(`PRIVATE="${r.private ? 1 : 0}"`, `TOREAD="${r.readed ? 0 : 1}"`);
  let line = `${indent}<DT><A ${attrs.join(' ')}>${escapeDocumentText(r.title || r.url)}</A>\n`;
  const description = r.description.trim();
  if (description) line += `${indent}<DD>${escapeDocumentText(description).replace(/\r?\n/g, '<BR>')}\n`;
  return line;
}

/**
 * Netscape bookmarks HTML (every browser imports it): each outliner a folder holding the items it
 * holds, in its order; the items in no outliner after the folders. An item in two outliners is a
 * bookmark in both folders, as a browser keeps it.
 */
export function netscapeFormat(reader: LibraryReader): LibraryFormat {
  return {
    name: 'netscape',
    extension: 'html',
    contentType: 'text/html; charset=utf-8',
    write: (userId, out) => writeNetscape(reader, userId, out),
  };
}

export async function writeNetscape(reader: LibraryReader, userId: number, out: Writable): Promise<void> {
  await put(out, HEADER);
  for await (const o of reader.outliners(userId)) {
    const ids = o.entries.filter((e) => e.kind === 'item' && e.link_id !== null).map((e) => e.link_id!);
    await put(
      out,
      `    <DT><H3 ADD_DATE="${seconds(o.createdAt)}">${escapeDocumentText(o.outliner.title || 'Outliner')}</H3>\n    <DL><p>\n`,
    );
    for await (const item of reader.itemsByIds(userId, ids)) {
      if (hasWebAddress(item)) await put(out, bookmarkLine(item, '        '));
    }
    await put(out, '    </DL><p>\n');
  }
  for await (const item of reader.items(userId)) {
    if (item.reply.ouliner_id.length === 0 && hasWebAddress(item)) await put(out, bookmarkLine(item, '    '));
  }
  await put(out, '</DL><p>\n');
}
