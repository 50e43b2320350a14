import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError } from './fetch-errors.ts';
import { Fetcher } from './fetcher.ts';

let server: Server;
let base: string;
const seen: { method: string; url: string; auth?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        auth: req.headers.authorization,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/elsewhere' }).end();
        return;
      }
      res.writeHead(201, { 'content-type': 'text/plain' }).end('created');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('Fetcher.send', () => {
  it('sends the method, headers and body, and answers status and body', async () => {
    const res = await new Fetcher({ allowPrivate: true }).send(`${base}/file.docx`, {
      method: 'PUT',
      headers: { authorization: 'Basic eDp5' },
      body: Buffer.from('hello'),
    });
    expect(res.status).toBe(201);
    expect(res.body.toString()).toBe('created');
    expect(seen.at(-1)).toEqual({ method: 'PUT', url: '/file.docx', auth: 'Basic eDp5', body: 'hello' });
  });

  it('does not follow a redirect', async () => {
    const before = seen.length;
    const res = await new Fetcher({ allowPrivate: true }).send(`${base}/moved`, { method: 'PUT', body: 'x' });
    expect(res.status).toBe(302);
    expect(seen.length).toBe(before + 1);
  });

  it('refuses a private address unless allowed, sending nothing', async () => {
    const before = seen.length;
    await expect(
      new Fetcher().send(`${base}/file.docx`, { method: 'PUT', body: 'x' }),
    ).rejects.toBeInstanceOf(BlockedAddressError);
    expect(seen.length).toBe(before);
  });
});
