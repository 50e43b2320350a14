import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/server/platform/s3-blob-store.ts';

export interface S3Peer {
  settings: S3Settings;
  /** the same settings as the environment an instance reads */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free port with one empty bucket, path-style, with the
 * credentials S3RVER/S3RVER it checks signatures with. s3rver has multipart uploads but neither
 * lists unfinished ones nor aborts them; those two calls are answered here from its own upload
 * directory, in S3's wire format, so the store's clean-up runs against the server's real state.
 */
export async function startS3Peer(bucket = 'folio'): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'folio-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  server.middleware.unshift(unfinishedUploads(path.join(directory, bucket, '._S3rver_uploads')));
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** ListMultipartUploads (GET /bucket?uploads) and AbortMultipartUpload (DELETE /bucket/key?uploadId=). */
function unfinishedUploads(uploadsDir: string) {
  return async (
    ctx: Parameters<S3rver['middleware'][number]>[0],
    next: () => Promise<void>,
  ): Promise<void> => {
    const parts = ctx.path.split('/').filter(Boolean);
    if (ctx.method === 'GET' && parts.length === 1 && 'uploads' in ctx.query) {
      const uploads: string[] = [];
      for (const id of await readdir(uploadsDir).catch(() => [] as string[])) {
        const keyFile = path.join(uploadsDir, id, 'key');
        const key = await readFile(keyFile, 'utf8').catch(() => null);
        if (key === null) continue;
        const initiated = (await stat(keyFile)).mtime.toISOString();
        uploads.push(
          `<Upload><Key>${key}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`,
        );
      }
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${parts[0]}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && parts.length > 1 && typeof uploadId === 'string') {
      if (!/^[\w-]+$/.test(uploadId)) {
        ctx.status = 400;
        return;
      }
      await rm(path.join(uploadsDir, uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
  };
}
