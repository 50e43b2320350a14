import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestClient } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/uploads');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

export interface UploadOptions {
  /** the name on the file part; qqfilename defaults to it */
  filename?: string;
  url?: string;
  fields?: Record<string, string>;
  contentType?: string;
}

/** Sends a file the way the upload modal does: the form fields, then qqfile. */
export function uploadFile(client: TestClient, file: Buffer, opts: UploadOptions = {}) {
  const filename = opts.filename ?? 'file.pdf';
  const fields = { qqfilename: filename, ...opts.fields };
  const { payload, headers } = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'qqfile', value: file, filename, contentType: opts.contentType ?? 'application/octet-stream' },
  ]);
  return client.request({ method: 'POST', url: opts.url ?? '/item/save', payload, headers });
}
