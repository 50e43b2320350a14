import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { LocalBlobStore } from './blob-store.ts';

const store = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'folio-blobs-'));
  return { root, blobs: new LocalBlobStore(root) };
};

describe('LocalBlobStore', () => {
  it('puts, gets with its type and size, checks and deletes', async () => {
    const { blobs } = store();
    const info = await blobs.put('notes/1/a.png', Buffer.from('hello'), 'image/png');
    expect(info).toEqual({ contentType: 'image/png', size: 5 });
    expect(await blobs.exists('notes/1/a.png')).toBe(true);
    const got = await blobs.get('notes/1/a.png');
    expect(got).toMatchObject({ contentType: 'image/png', size: 5 });
    expect(await text(got!.stream)).toBe('hello');
    await blobs.delete('notes/1/a.png');
    expect(await blobs.exists('notes/1/a.png')).toBe(false);
    expect(await blobs.get('notes/1/a.png')).toBeNull();
  });

  it('streams a body and leaves nothing behind when the stream fails', async () => {
    const { root, blobs } = store();
    async function* failing() {
      yield Buffer.from('part');
      throw new Error('client went away');
    }
    await expect(blobs.put('notes/2/b.png', Readable.from(failing()), 'image/png')).rejects.toThrow(
      'client went away',
    );
    expect(await blobs.exists('notes/2/b.png')).toBe(false);
    expect(readdirSync(path.join(root, 'notes', '2'))).toEqual([]);
  });

  it.each(['../x', '/abs', 'a/../b', 'a//b', '', 'a\\b', 'a/b.meta'])('refuses the key %j', async (key) => {
    const { blobs } = store();
    await expect(blobs.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('invalid blob key');
  });
});

describe('LocalBlobStore listing and clean-up', () => {
  it('lists complete blobs under a prefix, not type files or unfinished puts', async () => {
    const { root, blobs } = store();
    await blobs.put('items/1/a.pdf', Buffer.from('a'), 'application/pdf');
    await blobs.put('items/2/b.jpg', Buffer.from('b'), 'image/jpeg');
    await blobs.put('notes/1/c.png', Buffer.from('c'), 'image/png');
    writeFileSync(path.join(root, 'items', '1', 'd.pdf.0123456789ab.tmp'), 'half');
    const keys = async (prefix: string) => {
      const out: string[] = [];
      for await (const blob of blobs.list(prefix)) out.push(blob.key);
      return out.sort();
    };
    expect(await keys('items')).toEqual(['items/1/a.pdf', 'items/2/b.jpg']);
    expect(await keys('notes')).toEqual(['notes/1/c.png']);
    expect(await keys('pages')).toEqual([]);
  });

  it('removes temporary files and type files without a blob, older than the given time only', async () => {
    const { root, blobs } = store();
    await blobs.put('items/1/a.pdf', Buffer.from('a'), 'application/pdf');
    const dir = path.join(root, 'items', '1');
    const old = new Date(Date.now() - 2 * 3_600_000);
    for (const name of ['x.pdf.0123456789ab.tmp', 'x.pdf.0123456789ab.tmp.meta', 'y.pdf.meta']) {
      writeFileSync(path.join(dir, name), 'left');
      utimesSync(path.join(dir, name), old, old);
    }
    writeFileSync(path.join(dir, 'z.pdf.abcdefabcdef.tmp'), 'uploading now');
    expect(await blobs.removeUnfinished(new Date(Date.now() - 3_600_000))).toBe(3);
    expect(readdirSync(dir).sort()).toEqual(['a.pdf', 'a.pdf.meta', 'z.pdf.abcdefabcdef.tmp']);
  });
});
