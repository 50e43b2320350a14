import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MSG } from '../../../shared/schemas/uploads.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { type StoredFile as IntakeFile, receiveFile } from '../../platform/file-intake.ts';
import { type FileType, sniffUpload } from './sniff.ts';

/** The file fields we read: fine-uploader's qqfile, or a plain file. */
const FILE_FIELDS = ['qqfile', 'file'];

export type StoredFile = IntakeFile<FileType>;

export interface ReceiveOptions {
  blobs: BlobStore;
  userId: number;
  maxBytes: number;
  /**
   * Called once the file's type is known and before its body is read: throws to refuse it (wrong
   * type for the call, quota reached) so a refused file is never stored.
   */
  accept(type: FileType | null, fields: Record<string, string>): Promise<void>;
}

export interface Received {
  fields: Record<string, string>;
  file: StoredFile | null;
}

/**
 * A PDF or picture upload through the shared intake (platform/file-intake.ts): the file streams
 * into items/<userId>/<random>.<ext>, never whole in memory; fields may come before or after it.
 */
export function receiveUpload(request: FastifyRequest, opts: ReceiveOptions): Promise<Received> {
  return receiveFile(request, opts.blobs, {
    fileFields: FILE_FIELDS,
    field: 'qqfile',
    maxBytes: opts.maxBytes,
    sniff: sniffUpload,
    messages: { missing: UPLOAD_MSG.missing, wrongType: UPLOAD_MSG.notPdf, tooLarge: UPLOAD_MSG.tooLarge },
    accept: opts.accept,
    keyFor: (type) => `items/${opts.userId}/${randomBytes(16).toString('base64url')}.${type.ext}`,
  });
}
