import type { Writable } from 'node:stream';
import type { Clock } from '../../platform/clock.ts';
import { FOLIO_BACKUP_MIMETYPE } from '../import/parsers/folio.ts';
import type { LibraryFormat } from '../library-export/format.ts';
import { type LibraryDeps, LibraryReader } from './library.ts';
import { ANNOTATIONS_JSONLD, BACKUP_FORMAT, BACKUP_JSON, BACKUP_VERSION } from './model.ts';
import { writeAnnotationsJsonLd } from './web-annotations.ts';
import { drainOf, ZipOut } from './zip-out.ts';

export interface BackupDeps extends LibraryDeps {
  clock: Clock;
}

/**
 * The Folio backup (docs/backup-format.md): a zip of its `mimetype`, the library's files (`files/...`), then
 * `folio-backup.json` (everything else, read again a batch at a time), then `annotations.jsonld`.
 * The files come first so a restore reading the zip as a stream has them stored before the records
 * that name them arrive.
 */
export function folioBackupFormat(deps: BackupDeps): LibraryFormat {
  const reader = new LibraryReader(deps);
  return {
    name: 'folio',
    extension: 'zip',
    contentType: 'application/zip',
    async write(userId: number, out: Writable) {
      const exportedAt = deps.clock.now();
      const zip = new ZipOut(out);
      await zip.stored('mimetype', FOLIO_BACKUP_MIMETYPE);
      const { account, groups, files } = await reader.account(userId);
      const written = new Set<string>();
      const copy = async (file: { key: string; member: string }) => {
        // a picture pasted into two notes is one file
        if (written.has(file.member)) return;
        const blob = await deps.blobs.get(file.key);
        if (!blob) return;
        written.add(file.member);
        await zip.file(file.member, blob.stream);
      };
      for (const file of files) await copy(file);
      for await (const batch of reader.items(userId, 'files'))
        for (const file of batch.files) await copy(file);

      const json = zip.text(BACKUP_JSON);
      const field = (name: string, value: unknown) =>
        `  ${JSON.stringify(name)}: ${JSON.stringify(value)},\n`;
      await json.write(
        `{\n${field('format', BACKUP_FORMAT)}${field('version', BACKUP_VERSION)}${field(
          'exported_at',
          exportedAt.toISOString(),
        )}${field('account', account)}${field('groups', groups)}  "items": [`,
      );
      let n = 0;
      for await (const batch of reader.items(userId)) {
        for (const item of batch.items) {
          // a file missing from the store is left out of the zip: the record must not name it
          if (item.file && !written.has(item.file.path)) item.file = null;
          await json.write(`${n ? ',' : ''}\n    ${JSON.stringify(item)}`);
          n += 1;
        }
      }
      await json.write('\n  ],\n  "outliners": [');
      let o = 0;
      for await (const outliner of reader.outliners(userId)) {
        await json.write(`${o ? ',' : ''}\n    ${JSON.stringify(outliner)}`);
        o += 1;
      }
      await json.write(
        `\n  ],\n  "counts": ${JSON.stringify({ items: n, outliners: o, files: written.size })}\n}\n`,
      );
      await json.end();

      const jsonld = zip.text(ANNOTATIONS_JSONLD);
      await writeAnnotationsJsonLd(jsonld, reader, userId, exportedAt);
      await jsonld.end();
      await zip.end();
    },
  };
}

/** W3C Web Annotations alone (`annotations.jsonld`): what other annotation tools read. */
export function webAnnotationsFormat(deps: BackupDeps): LibraryFormat {
  const reader = new LibraryReader(deps);
  return {
    name: 'annotations',
    extension: 'jsonld',
    contentType: 'application/ld+json; profile="http://www.w3.org/ns/anno.jsonld"',
    async write(userId: number, out: Writable) {
      const sink = {
        async write(text: string) {
          if (!out.write(text)) await drainOf(out);
          if (out.destroyed) throw out.errored ?? new Error('The export was stopped.');
        },
      };
      await writeAnnotationsJsonLd(sink, reader, userId, deps.clock.now());
    },
  };
}
