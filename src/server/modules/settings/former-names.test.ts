import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient, uniqueName } from '../../../../test/helpers/app.ts';
import { MSG } from '../../../shared/messages.ts';

/**
 * A renamed user's former name stays theirs for a year (issue 27): nobody else can sign up or
 * rename to it, so its old links cannot lead to someone else; the owner may take it back.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const YEAR = 365 * 86_400_000;
const rename = (c: TestClient, name: string) => c.post('/api/settings/changeUserName', { name });
const signIn = (c: TestClient, name: string) =>
  c.post('/api/auth/sign-in', { name_or_email: name, password: 'secret123' });
const signUpAs = (name: string) =>
  t.visitor().post('/api/auth/sign-up', {
    name,
    email: `${uniqueName('mail')}@example.com`,
    password: 'secret123',
  });

/** Renames the user and signs in again (a rename ends the sessions). */
async function renamed(c: TestClient): Promise<string> {
  const next = uniqueName('renamed');
  expect((await rename(c, next)).json().code).toBe(1);
  expect((await signIn(c, next)).statusCode).toBe(200);
  return next;
}

describe('former user names', () => {
  it('sign-up and another user’s rename refuse a former name; its owner takes it back', async () => {
    const alice = await t.signUp();
    const old = alice.name!;
    await renamed(alice);

    for (const name of [old, old.toUpperCase()]) {
      const res = await signUpAs(name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.usernameReserved, field: 'name' });
    }
    const bob = await t.signUp();
    const taken = await rename(bob, old);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ message: MSG.usernameReserved, field: 'name' });
    // its old pages still lead to alice, not to anyone else
    expect((await t.visitor().get(`/profile/${old}`)).headers.location).not.toContain(bob.name!);
    expect((await t.visitor().get(`/rss/${old}`)).statusCode).not.toBe(200);

    expect((await rename(alice, old)).json().code).toBe(1);
    expect((await signIn(alice, old)).statusCode).toBe(200);
  });

  it('is free again after a year; its pages then belong to the new holder', async () => {
    const alice = await t.signUp();
    const old = alice.name!;
    await renamed(alice);
    t.clock.advance(YEAR + 86_400_000);
    const res = await signUpAs(old);
    expect(res.statusCode).toBe(200);
    // no longer sent to alice's new name: the page is the new holder's
    expect((await t.visitor().get(`/profile/${old}`)).statusCode).not.toBe(301);
  });
});
