import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore, ByteRange } from './blob-store.ts';
import { NotFoundError } from './errors.ts';

/**
 * The one way a stored file goes out: its own type, nosniff, a CSP that forbids everything and
 * sandboxes the document, a strong ETag, one byte range when the size is known (pdf.js reads large
 * PDFs in pieces), and a download name that cannot pretend to be another type. Every file route
 * (uploads, their thumbnails, note pictures, cached copies' pictures) replies through send().
 */

/** A year: the blob behind a URL never changes (a new upload is a new item). */
const IMMUTABLE = 'max-age=31536000, immutable';
/** Public files may sit in shared caches; a day bounds how long one outlives a switch to private. */
const PUBLIC_CACHE = 'public, max-age=86400';

export interface SendableFile {
  key: string;
  contentType: string;
  fileName: string;
  /** a strong validator, unquoted (the file's SHA-256, or its random key) */
  etag: string;
  private: boolean;
  /** the blob's size when known: Range requests are answered only then */
  size: number | null;
  /** public pictures may be embedded on other sites (the image share dialog's Embed tab) */
  embeddable?: boolean;
}

export async function send(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  file: SendableFile,
  opts: { download?: boolean } = {},
) {
  const etag = `"${file.etag}"`;
  reply.header('etag', etag).header('cache-control', file.private ? `private, ${IMMUTABLE}` : PUBLIC_CACHE);
  if (file.private) reply.header('vary', 'Cookie');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();

  let range = file.size === null ? null : parseRange(request.headers.range, file.size);
  const ifRange = request.headers['if-range'];
  if (range && ifRange && ifRange !== etag) range = null;
  if (file.size !== null) reply.header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  }
  const blob = await blobs.get(file.key, range ?? undefined);
  if (!blob) throw new NotFoundError();
  reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', file.embeddable ? 'cross-origin' : 'same-origin')
    .header(
      'content-disposition',
      contentDisposition(opts.download ? 'attachment' : 'inline', file.fileName),
    );
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`)
      .header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(blob.size));
  }
  return reply.send(blob.stream);
}

/**
 * The one range of a `Range: bytes=...` header: a range, 'unsatisfiable' (416), or null to send
 * the whole file (no header, another unit, several ranges or a malformed one: RFC 9110 lets a
 * server ignore those).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // the last n bytes
    const n = Number(to);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Control characters, and the bidi controls that reorder what is shown (U+200E/F, U+202A-E,
 * U+2066-9): with them '\u202Efdp.exe' would read as 'exe.pdf'.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A file name as it may be shown or saved: without control and bidi characters. */
export function safeFileName(name: string): string {
  return name.replace(UNSAFE_NAME_CHARS, '');
}

/**
 * `inline` or `attachment` with the file's name twice: a plain ASCII fallback and the exact
 * UTF-8 name as RFC 5987 `filename*`, both without control or bidi characters.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const name = safeFileName(fileName).trim() || 'file';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** True when an If-None-Match header names this ETag (or is *). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag;
  });
}

/**
 * A file made for this request (an export) as a download: its type, the attachment name, no
 * caching, nosniff and a sandboxing CSP; the body streams as it is made.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: Readable },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.body);
}
