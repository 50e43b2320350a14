import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadNoteImage } from './notes.ts';

/** The server's answer, as the transport's fetch receives it. */
const reply = (status: number, body: string) => {
  vi.stubGlobal('fetch', async () => new Response(body, { status }));
  return file;
};
const file = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadNoteImage', () => {
  it('resolves to the address to embed', async () => {
    const url = await uploadNoteImage(reply(200, '{"image_url_embeded_in_note":"/api/files/notes/1/a.png"}'));
    expect(url).toBe('/api/files/notes/1/a.png');
  });
  it("a non-200 reply is 'HTTP Error: {status}' with the server's reason", async () => {
    await expect(uploadNoteImage(reply(400, '{"code":-1,"message":"Too big"}'))).rejects.toThrow(
      'HTTP Error: 400 (Too big)',
    );
    await expect(uploadNoteImage(reply(502, '<html>bad gateway</html>'))).rejects.toThrow(
      /^HTTP Error: 502$/,
    );
  });
  it("a body that is not JSON is 'Invalid JSON: ...'", async () => {
    await expect(uploadNoteImage(reply(200, 'oops'))).rejects.toThrow('Invalid JSON: oops');
    await expect(uploadNoteImage(reply(200, '{}'))).rejects.toThrow('Invalid JSON: {}');
  });
  it('a network failure is HTTP Error: 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await expect(uploadNoteImage(file)).rejects.toThrow('HTTP Error: 0');
  });
});
