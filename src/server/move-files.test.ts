import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, startS3Peer } from '../../test/helpers/s3.ts';
import { loadConfig } from './config.ts';
import { moveFilesToS3 } from './move-files.ts';
import { LocalBlobStore } from './platform/blob-store.ts';
import { S3BlobStore } from './platform/s3-blob-store.ts';

let s3: S3Peer;
let bucket: S3BlobStore;
beforeAll(async () => {
  s3 = await startS3Peer();
  bucket = new S3BlobStore(s3.settings);
});
afterAll(async () => {
  bucket.close();
  await s3.close();
});

async function keys(prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const blob of bucket.list(prefix)) out.push(blob.key);
  return out.sort();
}

describe('move-files --to s3', () => {
  it('copies every blob with its type, skips what is already there, and resumes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-move-'));
    const local = new LocalBlobStore(path.join(dataDir, 'files'));
    await local.put('items/1/a.pdf', Buffer.from('%PDF-a'), 'application/pdf');
    await local.put('items/2/b.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await local.put('pages/1/c.html', Buffer.from('<p>c</p>'), 'text/html');
    // what an upload in progress or a crash leaves is not a blob
    writeFileSync(path.join(dataDir, 'files', 'items', '1', 'd.pdf.0123456789ab.tmp'), 'half');
    // an earlier run copied one whole and was cut short in another
    await bucket.put('items/1/a.pdf', Buffer.from('%PDF-a'), 'application/pdf');
    await bucket.put('items/2/b.jpg', Buffer.from('jp'), 'image/jpeg');
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env });

    expect(await moveFilesToS3(config)).toEqual({ copied: 2, skipped: 1, bytes: 4 + 8 });
    expect(await keys('items')).toEqual(['items/1/a.pdf', 'items/2/b.jpg']);
    const page = await bucket.get('pages/1/c.html');
    expect(page).toMatchObject({ contentType: 'text/html', size: 8 });
    expect(await text(page!.stream)).toBe('<p>c</p>');
    expect(await text((await bucket.get('items/2/b.jpg'))!.stream)).toBe('jpeg');

    expect(await moveFilesToS3(config)).toEqual({ copied: 0, skipped: 3, bytes: 0 });
    // the files on disk stay until the operator removes them
    expect(await local.exists('items/1/a.pdf')).toBe(true);
  });

  it('runs from the command line, and says what is missing without a bucket', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-move-'));
    await new LocalBlobStore(path.join(dataDir, 'files')).put(
      'notes/3/cli.png',
      Buffer.from('png'),
      'image/png',
    );
    const run = (env: Record<string, string>) =>
      promisify(execFile)('npx', ['tsx', 'src/server/cli.ts', 'move-files', '--to', 's3'], {
        env: { ...process.env, DATA_DIR: dataDir, ...env },
      });
    const { stdout } = await run(s3.env);
    expect(stdout).toContain('Copied 1 files (0.0 MB) to the bucket; 0 were already there.');
    expect(await bucket.exists('notes/3/cli.png')).toBe(true);
    await expect(run({})).rejects.toMatchObject({
      stderr: expect.stringContaining('move-files --to s3 needs S3_BUCKET'),
    });
  });
});
