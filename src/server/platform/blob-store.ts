import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface BlobInfo {
  contentType: string;
  size: number;
}

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where files live: a local directory now, S3-compatible storage when several instances share them. */
export interface BlobStore {
  /** Stores the whole body under key, or nothing: a failed or aborted body leaves no blob. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<BlobInfo>;
  /** The blob, or the inclusive byte range of it given; size is always the whole blob's. */
  get(key: string, range?: ByteRange): Promise<(BlobInfo & { stream: Readable }) | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every complete blob whose key starts with `prefix/`, with when it was stored. */
  list(prefix: string): AsyncIterable<ListedBlob>;
  /** Removes what puts that never finished (a crash mid-upload) left behind before `before`. */
  removeUnfinished(before: Date): Promise<number>;
}

/** A whole blob in memory (small ones: a page copy, a picture to embed), or null when there is none. */
export async function readBlob(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const blob = await blobs.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface ListedBlob {
  key: string;
  storedAt: Date;
}

/** A put's temporary files: `<key>.<12 hex>.tmp` and its `.tmp.meta`. */
const TEMP = /\.[0-9a-f]{12}\.tmp(\.meta)?$/;

/** Keys are slash-separated names of letters, digits, '.', '_' and '-'; no '..', no leading slash. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part.endsWith('.meta'))) {
    throw new Error(`invalid blob key: ${key}`);
  }
}

/** Blobs as files under one directory; each has a small `.meta` file beside it with its type. */
export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<BlobInfo> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const out = createWriteStream(temp, { flags: 'wx' });
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, out);
      const { size } = await stat(temp);
      const info: BlobInfo = { contentType, size };
      await writeFile(`${temp}.meta`, JSON.stringify(info));
      await rename(`${temp}.meta`, `${target}.meta`);
      // the data file appears last: a blob that exists is complete
      await rename(temp, target);
      return info;
    } catch (err) {
      // a body failing at once leaves the file's open pending: removed before it settles, it would
      // appear afterwards
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(temp, { force: true });
      await rm(`${temp}.meta`, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<(BlobInfo & { stream: Readable }) | null> {
    const file = this.file(key);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch {
      return null;
    }
    const meta = await readFile(`${file}.meta`, 'utf8')
      .then((text) => JSON.parse(text) as Partial<BlobInfo>)
      .catch(() => ({}) as Partial<BlobInfo>);
    return {
      contentType: meta.contentType ?? 'application/octet-stream',
      size,
      stream: createReadStream(file, range && { start: range.start, end: range.end }),
    };
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await rm(file, { force: true });
    await rm(`${file}.meta`, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch {
      return false;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedBlob> {
    assertBlobKey(prefix);
    for (const entry of await this.walk(prefix)) {
      if (entry.endsWith('.meta') || TEMP.test(entry)) continue;
      const info = await stat(path.join(this.root, entry)).catch(() => null);
      if (info?.isFile()) yield { key: entry.split(path.sep).join('/'), storedAt: info.mtime };
    }
  }

  async removeUnfinished(before: Date): Promise<number> {
    let removed = 0;
    for (const entry of await this.walk('')) {
      const file = path.join(this.root, entry);
      // a put's temporary files, and a type file whose blob never appeared (it appears last)
      const orphanMeta = entry.endsWith('.meta') && !TEMP.test(entry) && !(await isFile(file.slice(0, -5)));
      if (!TEMP.test(entry) && !orphanMeta) continue;
      const info = await stat(file).catch(() => null);
      if (!info || info.mtime >= before) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** Paths of every file under the directory, relative to the root. */
  private async walk(dir: string): Promise<string[]> {
    const entries = await readdir(path.join(this.root, ...dir.split('/').filter(Boolean)), {
      recursive: true,
      withFileTypes: true,
    }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(this.root, path.join(e.parentPath, e.name)));
  }
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}
