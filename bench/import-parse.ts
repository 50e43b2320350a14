/**
 * Parsing alone, no database: a large file of each streamed kind read through its parser from disk in
 * 64 KB chunks, with the event loop watched. What a parse holds the loop for, apart from writing.
 *
 *   npx tsx bench/import-parse.ts [--mb 50]
 */
import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Parsed } from '../src/server/modules/import/entry.ts';
import { parseNetscape } from '../src/server/modules/import/parsers/netscape.ts';
import { parsePinboard } from '../src/server/modules/import/parsers/pinboard.ts';
import { parseRaindrop } from '../src/server/modules/import/parsers/raindrop.ts';
import type { ImportFile } from '../src/server/modules/import/source.ts';
import { parseArgs } from './lib.ts';
import { describeLoop, watchLoop } from './loop-stalls.ts';

const MB = Number(parseArgs().get('mb') ?? 50);
const dir = mkdtempSync(path.join(tmpdir(), 'folio-parse-'));

/** Lines of one entry each until the file reaches the size. */
function write(name: string, head: string, entry: (n: number) => string, tail = ''): string {
  const parts = [head];
  let size = head.length;
  for (let n = 0; size < MB * 1e6; n += 1) {
    const line = entry(n);
    parts.push(line);
    size += line.length;
  }
  parts.push(tail);
  const file = path.join(dir, name);
  writeFileSync(file, parts.join(''));
  return file;
}

const files: [string, string, (file: ImportFile) => AsyncGenerator<Parsed>][] = [
  [
    'Netscape HTML',
    write(
      'bookmarks.html',
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n',
      (n) =>
        `<DT><A HREF="https://site${n % 500}.example/a/${n}" ADD_DATE="${1_600_000_000 + n}" TAGS="t${n % 50},x">Article ${n} ünïcode</A>\n<DD>Description of article ${n} with some words.\n`,
      '</DL><p>\n',
    ),
    parseNetscape,
  ],
  [
    'Raindrop CSV',
    write(
      'raindrop.csv',
      'id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite\n',
      (n) =>
        `${n},Article ${n},,An excerpt,https://site${n % 500}.example/a/${n},Work/Sub ${n % 7}/Leaf,"a, b",2024-01-02T03:04:05Z,,"Highlight: quote ${n}\nNote: note ${n}",false\n`,
    ),
    parseRaindrop,
  ],
  [
    'Pinboard JSON',
    write(
      'pinboard.json',
      '[',
      (n) =>
        `${n ? ',' : ''}{"href":"https://site${n % 500}.example/a/${n}","description":"Article ${n}","extended":"Words","time":"2023-05-01T10:00:00Z","shared":"no","toread":"yes","tags":"a b"}\n`,
      ']',
    ),
    parsePinboard,
  ],
];

for (const [label, file, parse] of files) {
  const loop = watchLoop();
  const t0 = performance.now();
  let entries = 0;
  for await (const parsed of parse({ open: () => createReadStream(file, { highWaterMark: 64 * 1024 }) })) {
    if ('entry' in parsed) entries += 1;
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `${label}: ${MB} MB, ${entries} entries in ${seconds.toFixed(1)} s; ${describeLoop(loop.stop())}`,
  );
}
