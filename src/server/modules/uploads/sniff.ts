import type { UploadKind } from '../../../shared/schemas/uploads.ts';
import { safeFileName } from '../../platform/send-file.ts';
import { sniffImage } from '../notes/images.ts';

export interface FileType {
  kind: UploadKind;
  ext: 'pdf' | 'jpg' | 'png' | 'gif' | 'bmp';
  mime: string;
}

const UPLOAD_IMAGE_EXTS = new Set(['jpg', 'png', 'gif', 'bmp']);

/**
 * The file's type by its first bytes, never by its name: PDF (%PDF-) or a jpeg, png, gif or bmp
 * picture (spec §5). SVG, webp and everything else (a renamed .exe) is refused.
 */
export function sniffUpload(head: Buffer): FileType | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') {
    return { kind: 'pdf', ext: 'pdf', mime: 'application/pdf' };
  }
  const image = sniffImage(head);
  if (image && UPLOAD_IMAGE_EXTS.has(image.ext)) {
    return { kind: 'image', ext: image.ext as FileType['ext'], mime: image.mime };
  }
  return null;
}

/**
 * The title of an uploaded file: its name without any path a browser put in front
 * (C:\fakepath\...), without control or bidi characters, at most 1000 characters.
 */
export function fileTitle(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = safeFileName(base).trim();
  return (clean || fallback).slice(0, 1000);
}
