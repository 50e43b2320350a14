import type { UploadKind } from '../../../shared/schemas/uploads.ts';
import { sniffImage } from '../notes/images.ts';

export interface FileType {
  kind: UploadKind;
  ext: 'pdf' | 'jpg' | 'png' | 'gif' | 'bmp';
  mime: string;
}

/** Enough leading bytes to tell every accepted type apart. */
export const HEAD_BYTES = 12;
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
 * (C:\fakepath\...), without control characters, at most 1000 characters.
 */
export function fileTitle(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || fallback).slice(0, 1000);
}
