import { mkdtempSync, readdirSync } from 'node:fs';
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
