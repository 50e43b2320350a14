/** A multipart/form-data body for app.inject: fields and files in order. */
export function multipartBody(
  parts: { name: string; value: Buffer | string; filename?: string; contentType?: string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----folio${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
