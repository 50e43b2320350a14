import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueName } from '../../../../test/helpers/app.ts';
import { MSG } from '../../../shared/messages.ts';
import { queryRows } from '../../db/client.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`);
  return row!.n;
}

async function timed<T>(run: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

describe('sign-up and existing accounts', () => {
  it('hashes the password even when the name or e-mail is taken, so the answer takes as long', async () => {
    const taken = await t.signUp();
    // the fastest of three hashes: the slowest the machine is right now cannot make this bound flaky
    const hashMs = Math.min(
      await timed(() => hashPassword('secret123')),
      await timed(() => hashPassword('secret123')),
      await timed(() => hashPassword('secret123')),
    );
    for (const body of [
      { name: taken.name, email: 'fresh@example.com', password: 'secret123' },
      { name: uniqueName(), email: `${taken.name}@example.com`, password: 'secret123' },
    ]) {
      let status = 0;
      const ms = await timed(async () => {
        status = (await t.visitor().post('/api/auth/sign-up', body)).statusCode;
      });
      expect(status).toBe(400);
      expect(ms).toBeGreaterThan(hashMs * 0.5);
    }
  });

  it('refuses to sign up while signed in, and keeps the session', async () => {
    const client = await t.signUp();
    const before = await userCount();
    const name = uniqueName();
    const res = await client.post('/api/auth/sign-up', {
      name,
      email: `${name}@example.com`,
      password: 'secret123',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: -1, message: MSG.signUpWhileSignedIn });
    expect(await userCount()).toBe(before);
    expect((await client.get('/interact_api/load_user_info')).json().name).toBe(client.name);
  });

  it('lets a browser whose session has ended sign up again', async () => {
    const client = await t.signUp();
    await client.post('/api/auth/sign-out');
    const name = uniqueName();
    const res = await client.post('/api/auth/sign-up', {
      name,
      email: `${name}@example.com`,
      password: 'secret123',
    });
    expect(res.statusCode).toBe(200);
  });
});
