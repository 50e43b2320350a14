import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';
import { ConfigError } from './config.ts';
import { LocalBlobStore } from './platform/blob-store.ts';
import { S3BlobStore } from './platform/s3-blob-store.ts';

export interface MoveResult {
  copied: number;
  /** already in the bucket with the same size: an earlier run copied them */
  skipped: number;
  bytes: number;
}

/**
 * `move-files --to s3`: copies every blob of DATA_DIR/files into the S3_BUCKET under the same key,
 * with its type. It can run again after an interruption: a key already in the bucket with the same
 * size is skipped, and a copy cut short left no object (S3 stores an object whole or not at all).
 * The files on disk stay, so the instance can go on serving them until it restarts with S3_BUCKET.
 */
export async function moveFilesToS3(
  config: Pick<Config, 'dataDir' | 's3'>,
  progress: (line: string) => void = () => {},
): Promise<MoveResult> {
  if (!config.s3) throw new ConfigError('move-files --to s3 needs S3_BUCKET (and its S3_* settings).');
  const root = path.join(config.dataDir, 'files');
  const local = new LocalBlobStore(root);
  const bucket = new S3BlobStore(config.s3);
  const result: MoveResult = { copied: 0, skipped: 0, bytes: 0 };
  try {
    // the first part of every key is an area (items, notes, pages...): each listed on its own
    const areas = await readdir(root, { withFileTypes: true }).catch(() => []);
    for (const area of areas.filter((e) => e.isDirectory())) {
      for await (const { key } of local.list(area.name)) {
        const blob = await local.get(key);
        if (!blob) continue; // deleted since it was listed
        if ((await bucket.sizeOf(key)) === blob.size) {
          blob.stream.destroy();
          result.skipped += 1;
          continue;
        }
        await bucket.put(key, blob.stream, blob.contentType);
        result.copied += 1;
        result.bytes += blob.size;
        if (result.copied % 100 === 0) progress(`${result.copied} files copied...`);
      }
    }
  } finally {
    bucket.close();
  }
  return result;
}

export function describeMove(result: MoveResult): string {
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  return `Copied ${result.copied} files (${mb} MB) to the bucket; ${result.skipped} were already there.`;
}
