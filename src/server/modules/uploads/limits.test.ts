import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../../test/factories/items.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { waitForFiles } from '../../../../test/helpers/files.ts';
import { PDF_MAX_BYTES } from '../../../shared/limits.ts';
import { UPLOAD_MSG } from '../../../shared/schemas/uploads.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let alice: TestClient;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  dir = path.join(t.config.dataDir, 'files', 'items', String(await userIdOf(t.database, alice.name!)));
});
afterAll(() => t.close());

const files = () => (existsSync(dir) ? readdirSync(dir) : []);
const BOUNDARY = '----folio-limits';
const MB = 1024 * 1024;

function multipartHead(filename: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="dtype"\r\n\r\npdf\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="qqfile"; filename="${filename}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
}
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/**
 * A PDF-looking file of exactly `size` bytes, made as it is sent (never whole in memory), and the
 * SHA-256 of what was sent once the stream has been read.
 */
function streamedPdf(size: number) {
  const hash = createHash('sha256');
  const head = multipartHead('big.pdf');
  const chunk = Buffer.alloc(MB, 0x20);
  const body = async function* () {
    yield head;
    const start = Buffer.from('%PDF-1.4\n');
    hash.update(start);
    yield start;
    for (let left = size - start.length; left > 0; left -= chunk.length) {
      const part = chunk.subarray(0, Math.min(left, chunk.length));
      hash.update(part);
      yield part;
    }
    yield TAIL;
  };
  return {
    payload: Readable.from(body()),
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(head.length + size + TAIL.length),
    },
    sha256: () => hash.digest('hex'),
  };
}

describe('the 64 MB cap, enforced while the file streams in', () => {
  it('accepts a file one byte below 67108864 bytes (the spec: size below 64 MB)', async () => {
    const upload = streamedPdf(PDF_MAX_BYTES - 1);
    const res = await alice.request({ method: 'POST', url: '/item/save', ...upload });
    expect(res.statusCode).toBe(200);
    const item = res.json().items[0];
    expect(item.file_size).toBe(PDF_MAX_BYTES - 1);
    const [row] = await queryRows<{ sha256: string }>(
      t.database.db,
      sql`SELECT sha256 FROM item_files WHERE item_id = ${item.link_id}`,
    );
    expect(row!.sha256).toBe(upload.sha256());
    expect(files().filter((f) => !f.endsWith('.meta'))).toHaveLength(1);
    await alice.post('/ditem_mana2/delete_b', { link_id: String(item.link_id) });
    await alice.post('/api/trash/delete', { link_id: String(item.link_id) });
    await t.jobs.runDueJobs();
    expect(files()).toEqual([]);
  });

  it.each([
    ['exactly 67108864 bytes', PDF_MAX_BYTES],
    ['one byte more', PDF_MAX_BYTES + 1],
  ])('refuses %s and keeps nothing', async (_what, size) => {
    const res = await alice.request({ method: 'POST', url: '/item/save', ...streamedPdf(size) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, message: UPLOAD_MSG.tooLarge });
    expect(files()).toEqual([]);
    const info = (await alice.get('/interact_api/load_user_info')).json();
    expect(info.permissions.pdfPermission.pdfUsedCount).toBe(0);
  });
});

describe('an upload cut off midway', () => {
  it('leaves no item, no blob and no temp file', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const head = multipartHead('cut.pdf');
    const cookie = [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /item/save HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Origin: ${TEST_ORIGIN}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        `Content-Length: ${head.length + 20 * MB + TAIL.length}\r\n\r\n`,
    );
    socket.write(head);
    socket.write('%PDF-1.4\n');
    for (let i = 0; i < 4; i++) socket.write(Buffer.alloc(MB, 0x20));
    // the file is on its way into the store...
    const store = path.join(t.config.dataDir, 'files');
    await waitForFiles(store, () => files().some((f) => f.endsWith('.tmp')));
    // ...when the browser goes away
    socket.destroy();
    await waitForFiles(store, () => files().length === 0);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM items WHERE user_id = ${await userIdOf(t.database, alice.name!)}`,
    );
    expect(row!.n).toBe(0);
    // the server is fine and the next upload works
    const res = await alice.request({ method: 'POST', url: '/item/save', ...streamedPdf(1000) });
    expect(res.statusCode).toBe(200);
  });
});
