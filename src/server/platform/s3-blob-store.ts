import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertBlobKey,
  type BlobInfo,
  type BlobStore,
  type ByteRange,
  type ListedBlob,
} from './blob-store.ts';

/** Where the bucket is and how to reach it (S3_* settings). */
export interface S3Settings {
  bucket: string;
  /** another S3-compatible service (MinIO, Garage, R2...); AWS itself when unset */
  endpoint: string | undefined;
  region: string;
  /** unset: the SDK's own chain (environment, instance role) */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`, for servers without bucket subdomains */
  forcePathStyle: boolean;
}

/** Bodies above this go up in parts of this size, two at a time: memory stays at two parts. */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * Blobs as objects of one bucket, under the same keys as on disk. The bucket stays private: files
 * are still served through Folio (send-file.ts), with its headers and access rules.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // checksums only where S3 demands them: R2 and several self-hosted servers refuse the SDK's
      // default CRC32 on every put (docs/decisions.md)
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<BlobInfo> {
    assertBlobKey(key);
    let size = Buffer.isBuffer(body) ? body.length : 0;
    const counted = Buffer.isBuffer(body)
      ? body
      : Readable.from(
          (async function* () {
            for await (const chunk of body) {
              size += (chunk as Buffer).length;
              yield chunk as Buffer;
            }
          })(),
        );
    // a small body is one PUT; a large one a multipart upload, aborted when the body fails, and
    // an object appears only when the whole of it is complete
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    return { contentType, size };
  }

  async get(key: string, range?: ByteRange): Promise<(BlobInfo & { stream: Readable }) | null> {
    assertBlobKey(key);
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range && `bytes=${range.start}-${range.end}`,
        }),
      );
      // a range's reply carries the whole size after the slash: bytes 0-99/12345
      const whole = /\/(\d+)$/.exec(res.ContentRange ?? '')?.[1];
      return {
        contentType: res.ContentType ?? 'application/octet-stream',
        size: whole ? Number(whole) : (res.ContentLength ?? 0),
        stream: res.Body as Readable,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertBlobKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /** The object's size, or null when there is none (move-files skips what is already there). */
  async sizeOf(key: string): Promise<number | null> {
    assertBlobKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedBlob> {
    assertBlobKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, storedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Multipart uploads a crashed instance never completed nor aborted: their parts cost storage. */
  async removeUnfinished(before: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({
            Bucket: this.bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
        );
        removed += 1;
      }
      const more = page.IsTruncated === true;
      keyMarker = more ? page.NextKeyMarker : undefined;
      uploadIdMarker = more ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }

  close(): void {
    this.client.destroy();
  }
}

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}
