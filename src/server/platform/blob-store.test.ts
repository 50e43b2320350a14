import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, startS3Peer } from '../../../test/helpers/s3.ts';
import { type BlobStore, LocalBlobStore } from './blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

/** One store to test, and how to see what an unfinished put left behind in it. */
interface Subject {
  blobs: BlobStore;
  /** what a process that died mid-put leaves */
  leaveUnfinished(key: string): Promise<void>;
  /** the unfinished puts' leftovers still there */
  leftovers(): Promise<string[]>;
}

let s3: S3Peer;
let s3Client: S3Client;
beforeAll(async () => {
  s3 = await startS3Peer();
  s3Client = new S3Client({
    region: s3.settings.region,
    endpoint: s3.settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  s3Client.destroy();
  await s3.close();
});

function localSubject(): Subject & { root: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'folio-blobs-'));
  const files = () =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  return {
    root,
    blobs: new LocalBlobStore(root),
    async leaveUnfinished(key) {
      const file = path.join(root, `${key}.0123456789ab.tmp`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'half');
    },
    async leftovers() {
      return files().filter((f) => f.endsWith('.tmp'));
    },
  };
}

function s3Subject(): Subject {
  const store = new S3BlobStore(s3.settings);
  return {
    blobs: store,
    async leaveUnfinished(key) {
      const { UploadId } = await s3Client.send(
        new CreateMultipartUploadCommand({ Bucket: s3.settings.bucket, Key: key }),
      );
      await s3Client.send(
        new UploadPartCommand({
          Bucket: s3.settings.bucket,
          Key: key,
          UploadId,
          PartNumber: 1,
          Body: Buffer.from('half'),
        }),
      );
    },
    async leftovers() {
      const page = await s3Client.send(new ListMultipartUploadsCommand({ Bucket: s3.settings.bucket }));
      return (page.Uploads ?? []).map((u) => u.Key!);
    },
  };
}

/** A first key part of one test's own: the S3 subjects share one bucket. */
let run = 0;
const area = () => {
  run += 1;
  return `t${run}`;
};

async function keysUnder(blobs: BlobStore, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const blob of blobs.list(prefix)) out.push(blob.key);
  return out.sort();
}

/** A body of `size` bytes in chunks that fails after `failAfter` bytes when given. */
function body(size: number, failAfter?: number, chunkSize = 1024 * 1024): Readable {
  return Readable.from(
    (async function* () {
      const chunk = Buffer.alloc(chunkSize, 7);
      for (let sent = 0; sent < size; sent += chunk.length) {
        if (failAfter !== undefined && sent >= failAfter) throw new Error('client went away');
        yield chunk.subarray(0, Math.min(chunk.length, size - sent));
      }
    })(),
  );
}

describe.each([
  ['LocalBlobStore', localSubject],
  ['S3BlobStore', s3Subject],
] as const)('%s', (_name, subject) => {
  it('puts, gets with its type and size, checks and deletes', async () => {
    const { blobs } = subject();
    const key = `${area()}/1/a.png`;
    const info = await blobs.put(key, Buffer.from('hello'), 'image/png');
    expect(info).toEqual({ contentType: 'image/png', size: 5 });
    expect(await blobs.exists(key)).toBe(true);
    const got = await blobs.get(key);
    expect(got).toMatchObject({ contentType: 'image/png', size: 5 });
    expect(await text(got!.stream)).toBe('hello');
    await blobs.delete(key);
    expect(await blobs.exists(key)).toBe(false);
    expect(await blobs.get(key)).toBeNull();
    await blobs.delete(key); // deleting what is gone is no error
  });

  it('reads a byte range, with the whole blob size', async () => {
    const { blobs } = subject();
    const key = `${area()}/1/doc.pdf`;
    await blobs.put(key, Buffer.from('0123456789'), 'application/pdf');
    const got = await blobs.get(key, { start: 2, end: 5 });
    expect(got).toMatchObject({ contentType: 'application/pdf', size: 10 });
    expect(await text(got!.stream)).toBe('2345');
    expect(await text((await blobs.get(key, { start: 9, end: 9 }))!.stream)).toBe('9');
  });

  it('streams a body and leaves nothing behind when the stream fails', async () => {
    const { blobs, leftovers } = subject();
    const prefix = area();
    await expect(blobs.put(`${prefix}/2/b.png`, body(3000, 1000, 500), 'image/png')).rejects.toThrow(
      'client went away',
    );
    expect(await blobs.exists(`${prefix}/2/b.png`)).toBe(false);
    expect(await keysUnder(blobs, prefix)).toEqual([]);
    expect(await leftovers()).toEqual([]);
  });

  it('stores a large body in parts, and a large body that fails leaves no blob nor parts', async () => {
    const { blobs, leftovers } = subject();
    const prefix = area();
    const size = 10 * 1024 * 1024 + 5;
    expect(await blobs.put(`${prefix}/1/big.pdf`, body(size), 'application/pdf')).toEqual({
      contentType: 'application/pdf',
      size,
    });
    const got = await blobs.get(`${prefix}/1/big.pdf`, { start: size - 3, end: size - 1 });
    expect(got!.size).toBe(size);
    expect((await buffer(got!.stream)).length).toBe(3);

    await expect(
      blobs.put(`${prefix}/1/broken.pdf`, body(size, 9 * 1024 * 1024), 'application/pdf'),
    ).rejects.toThrow('client went away');
    expect(await blobs.exists(`${prefix}/1/broken.pdf`)).toBe(false);
    expect(await leftovers()).toEqual([]);
  });

  it('lists complete blobs under a prefix with when they were stored, not unfinished puts', async () => {
    const { blobs, leaveUnfinished } = subject();
    const [items, notes, pages] = [area(), area(), area()];
    const before = Date.now() - 1000;
    await blobs.put(`${items}/1/a.pdf`, Buffer.from('a'), 'application/pdf');
    await blobs.put(`${items}/2/b.jpg`, Buffer.from('b'), 'image/jpeg');
    await blobs.put(`${notes}/1/c.png`, Buffer.from('c'), 'image/png');
    // a prefix is a whole first part of the key, not any beginning
    await blobs.put(`${items}x/1/d.png`, Buffer.from('d'), 'image/png');
    await leaveUnfinished(`${items}/1/e.pdf`);
    expect(await keysUnder(blobs, items)).toEqual([`${items}/1/a.pdf`, `${items}/2/b.jpg`]);
    expect(await keysUnder(blobs, notes)).toEqual([`${notes}/1/c.png`]);
    expect(await keysUnder(blobs, pages)).toEqual([]);
    for await (const blob of blobs.list(notes)) {
      expect(blob.storedAt.getTime()).toBeGreaterThan(before);
      expect(blob.storedAt.getTime()).toBeLessThan(Date.now() + 1000);
    }
    await blobs.removeUnfinished(new Date(Date.now() + 60_000));
  });

  it('removes unfinished puts started before the given time only', async () => {
    const { blobs, leaveUnfinished, leftovers } = subject();
    const prefix = area();
    await blobs.put(`${prefix}/1/a.pdf`, Buffer.from('a'), 'application/pdf');
    await leaveUnfinished(`${prefix}/1/x.pdf`);
    expect(await blobs.removeUnfinished(new Date(Date.now() - 60_000))).toBe(0);
    expect(await leftovers()).toHaveLength(1);
    expect(await blobs.removeUnfinished(new Date(Date.now() + 60_000))).toBe(1);
    expect(await leftovers()).toEqual([]);
    expect(await keysUnder(blobs, prefix)).toEqual([`${prefix}/1/a.pdf`]);
  });

  it.each(['../x', '/abs', 'a/../b', 'a//b', '', 'a\\b', 'a/b.meta'])('refuses the key %j', async (key) => {
    const { blobs } = subject();
    await expect(blobs.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('invalid blob key');
  });
});

describe('LocalBlobStore clean-up', () => {
  it('removes temporary files and type files without a blob, older than the given time only', async () => {
    const { root, blobs } = localSubject();
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
