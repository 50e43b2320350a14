import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { PUBLIC_URL_WARNING, registerOriginCheck } from './origin.ts';

const PUBLIC = 'http://folio.example';
let configured: TestApp;
let hostTrusting: TestApp;
beforeAll(async () => {
  configured = await createTestApp({ PUBLIC_URL: PUBLIC });
  // an empty variable counts as unset
  hostTrusting = await createTestApp({ PUBLIC_URL: '' });
});
afterAll(async () => {
  await configured.close();
  await hostTrusting.close();
});

function signOut(t: TestApp, host: string, origin: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { host, origin } });
}

describe('the cross-site check', () => {
  it('checks Origin against PUBLIC_URL when set, whatever Host says', async () => {
    expect((await signOut(configured, 'attacker.example', 'http://attacker.example')).statusCode).toBe(403);
    expect((await signOut(configured, 'attacker.example', PUBLIC)).statusCode).toBe(200);
    expect((await signOut(configured, 'folio.example', 'https://folio.example')).statusCode).toBe(403);
  });

  it('without PUBLIC_URL, takes the origin from Host (as the README warns)', async () => {
    expect(hostTrusting.config.publicUrl).toBeUndefined();
    expect((await signOut(hostTrusting, 'attacker.example', 'http://attacker.example')).statusCode).toBe(200);
    expect((await signOut(hostTrusting, 'folio.example', 'http://attacker.example')).statusCode).toBe(403);
  });

  it('warns at start-up when PUBLIC_URL is not set, and only then', async () => {
    const logged = async (publicUrl: string | undefined) => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const app = Fastify({ logger: { level: 'warn', stream } });
      registerOriginCheck(app, publicUrl);
      await app.close();
      return lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    };
    expect(await logged(undefined)).toEqual([
      expect.objectContaining({ level: 40, msg: PUBLIC_URL_WARNING }),
    ]);
    expect(await logged(PUBLIC)).toEqual([]);
  });
});
