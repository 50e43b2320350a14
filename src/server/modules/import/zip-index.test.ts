import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bytesFile } from './source.ts';
import { memberContent, zipEntries } from './zip-index.ts';

/** A zip as fflate's streaming Zip writes it: every member followed by a data descriptor. */
function streamedZip(members: [string, Uint8Array, 'store' | 'deflate'][]): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  for (const [name, data, how] of members) {
    const member = how === 'store' ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 0 });
    zip.add(member);
    // in pieces, as a stream gives them
    for (let i = 0; i < data.length; i += 1000) member.push(data.subarray(i, i + 1000), false);
    member.push(new Uint8Array(0), true);
  }
  zip.end();
  return Buffer.concat(parts);
}

const collect = async (chunks: AsyncIterable<Uint8Array>) => {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
};

describe('reading a zip through its directory', () => {
  it('finds each member by its offset, even when its bytes hold the signatures a front-to-back reader looks for', async () => {
    // local header, data descriptor and directory signatures inside the content
    const tricky = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from([0x50, 0x4b, 0x07, 0x08, 1, 2, 3, 4, 0x50, 0x4b, 0x03, 0x04, 0x50, 0x4b, 0x01, 0x02]),
      Buffer.alloc(5000, 7),
    ]);
    const json = new TextEncoder().encode('{"format":"folio-backup"}');
    const zip = streamedZip([
      ['files/items/a.pdf', tricky, 'store'],
      ['files/items/b.pdf', tricky, 'deflate'],
      ['folio-backup.json', json, 'deflate'],
    ]);
    const file = bytesFile(zip, 333);
    const entries = await zipEntries(file);
    expect(entries.map((e) => e.name)).toEqual([
      'files/items/a.pdf',
      'files/items/b.pdf',
      'folio-backup.json',
    ]);
    expect(await collect(memberContent(file, entries[0]!))).toEqual(tricky);
    expect(await collect(memberContent(file, entries[1]!))).toEqual(tricky);
    expect(new TextDecoder().decode(await collect(memberContent(file, entries[2]!)))).toBe(
      '{"format":"folio-backup"}',
    );
  });

  it('refuses a file cut before its directory with a clear message', async () => {
    const zip = streamedZip([['folio-backup.json', new Uint8Array(100), 'deflate']]);
    await expect(zipEntries(bytesFile(zip.subarray(0, zip.length - 30)))).rejects.toThrow(
      'This zip file is incomplete: its directory is missing.',
    );
  });
});
