import type { Writable } from 'node:stream';
import { opmlOutlines, xmlAttribute } from '../../../shared/outliners/export.ts';
import type { Clock } from '../../platform/clock.ts';
import type { LibraryFormat } from './format.ts';
import type { LibraryReader } from './library.ts';
import { put } from './out.ts';

/**
 * Every outliner in one OPML 2.0 document (http://opml.org/spec2.opml): `<head>` with its title,
 * dateCreated in RFC 822 form and the owner's name; in `<body>` one `<outline text>` per outliner
 * (its description as `_note`, as the single-outliner export writes notes) holding its tree.
 */
export function opmlFormat(reader: LibraryReader, clock: Clock): LibraryFormat {
  return {
    name: 'opml',
    extension: 'opml',
    contentType: 'text/x-opml; charset=utf-8',
    write: (userId, out) => writeOpml(reader, clock, userId, out),
  };
}

async function writeOpml(reader: LibraryReader, clock: Clock, userId: number, out: Writable) {
  const owner = await reader.ownerName(userId);
  await put(
    out,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<opml version="2.0">',
      '  <head>',
      `    <title>${xmlAttribute(`${owner ? `${owner}'s ` : ''}outliners (Folio)`)}</title>`,
      // toUTCString() is RFC 822's form with a four-digit year, as the spec's examples write it
      `    <dateCreated>${clock.now().toUTCString()}</dateCreated>`,
      `    <ownerName>${xmlAttribute(owner)}</ownerName>`,
      '  </head>',
      '  <body>',
      '',
    ].join('\n'),
  );
  for await (const o of reader.outliners(userId)) {
    let attrs = `text="${xmlAttribute(o.outliner.title || 'Outliner')}"`;
    if (o.outliner.description.trim()) attrs += ` _note="${xmlAttribute(o.outliner.description)}"`;
    attrs += ` created="${o.createdAt.toUTCString()}"`;
    const lines = opmlOutlines(o.entries, 3);
    await put(
      out,
      lines.length
        ? `    <outline ${attrs}>\n${lines.join('\n')}\n    </outline>\n`
        : `    <outline ${attrs}/>\n`,
    );
  }
  await put(out, '  </body>\n</opml>\n');
}
