import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient, uniqueName } from '../../../../test/helpers/app.ts';
import { TWO_FACTOR_MSG } from '../../../shared/schemas/two-factor.ts';
import { twoFactor, twoFactorRecoveryCodes, users } from '../../db/schema.ts';
import { codeAt, stepAt } from './totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The code an authenticator app shows now for this secret. */
const codeNow = (secret: string) => codeAt(secret, stepAt(t.clock.now()));
/** Moves to the next 30-second step, so the app shows a new code. */
const nextStep = () => t.clock.advance(30_000);

async function enrol(client: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = (await client.post('/api/settings/two-factor/setup')).json();
  const enabled = await client.post('/api/settings/two-factor/enable', { code: codeNow(setup.secret) });
  expect(enabled.statusCode).toBe(200);
  nextStep();
  return { secret: setup.secret, recoveryCodes: enabled.json().recoveryCodes };
}

async function passwordStep(name: string) {
  const browser = t.visitor();
  const res = await browser.post('/api/auth/sign-in', { name_or_email: name, password: 'secret123' });
  expect(res.statusCode).toBe(200);
  return { browser, reply: res.json() as { code: number; pending?: string; name?: string } };
}

describe('two-factor enrolment', () => {
  it('gives a sealed seed, turns on only with a right first code, and shows 10 recovery codes once', async () => {
    const name = uniqueName();
    const user = await t.signUp({ name });
    expect((await user.get('/api/settings/two-factor')).json()).toEqual({
      code: 1,
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const setup = (await user.post('/api/settings/two-factor/setup')).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain('otpauth://totp/Folio:');
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    // not on until confirmed: the password alone still signs in
    expect((await passwordStep(name)).reply.code).toBe(1);

    const wrong = String((Number(codeNow(setup.secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await user.post('/api/settings/two-factor/enable', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TWO_FACTOR_MSG.codeWrong);
    expect((await user.get('/api/settings/two-factor')).json().enabled).toBe(false);

    const on = await user.post('/api/settings/two-factor/enable', { code: codeNow(setup.secret) });
    expect(on.statusCode).toBe(200);
    const { recoveryCodes } = on.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await user.get('/api/settings/two-factor')).json()).toEqual({
      code: 1,
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await user.post('/api/settings/two-factor/setup')).statusCode).toBe(400);

    // the seed is sealed and the recovery codes hashed: neither is readable in the database
    const db = t.database.db;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.name, name));
    const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, owner!.id));
    const hashes = (
      await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, owner!.id))
    )
      .map((r) => r.codeHash)
      .join(',');
    expect(row!.sealedSecret.startsWith('v1.')).toBe(true);
    expect(row!.sealedSecret).not.toContain(setup.secret);
    for (const c of recoveryCodes as string[]) {
      expect(hashes).not.toContain(c);
      expect(hashes).not.toContain(c.replace('-', ''));
    }
  });

  it('refuses bad input with 400 and writes nothing; a visitor gets 401', async () => {
    const user = await t.signUp();
    for (const body of [{}, { code: '' }, { code: 123456 }, { code: 'x'.repeat(65) }]) {
      expect((await user.post('/api/settings/two-factor/enable', body)).statusCode).toBe(400);
    }
    // no set-up started: a code has nothing to confirm
    const none = await user.post('/api/settings/two-factor/enable', { code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(TWO_FACTOR_MSG.noSetup);
    expect((await user.post('/api/settings/two-factor/disable', { password: 'secret123' })).statusCode).toBe(
      400,
    );
    expect((await t.visitor().post('/api/auth/two-factor', { code: '123456' })).statusCode).toBe(400);
    expect((await t.visitor().post('/api/auth/two-factor', { pending: 'x', code: [] })).statusCode).toBe(400);
    expect((await user.get('/api/settings/two-factor')).json().enabled).toBe(false);

    const visitor = t.visitor();
    expect((await visitor.get('/api/settings/two-factor')).statusCode).toBe(401);
    expect((await visitor.post('/api/settings/two-factor/setup')).statusCode).toBe(401);
    expect((await visitor.post('/api/settings/two-factor/enable', { code: '123456' })).statusCode).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  it('starts no session at the password; a right code does, a wrong or replayed one does not', async () => {
    const name = uniqueName();
    const { secret } = await enrol(await t.signUp({ name }));

    const { browser, reply } = await passwordStep(name);
    expect(reply.code).toBe(2);
    expect(reply.pending).toBeTruthy();
    expect(reply.name).toBeUndefined();
    expect((await browser.get('/interact_api/load_user_setting')).statusCode).toBe(401);

    const wrong = await browser.post('/api/auth/two-factor', { pending: reply.pending, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TWO_FACTOR_MSG.codeWrong);
    expect((await browser.get('/interact_api/load_user_setting')).statusCode).toBe(401);

    const code = codeNow(secret);
    const ok = await browser.post('/api/auth/two-factor', { pending: reply.pending, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ code: 1, name });
    expect((await browser.get('/interact_api/load_user_setting')).json().name).toBe(name);

    // the same code, seen again in its window (an eavesdropper's replay), is refused
    const again = await passwordStep(name);
    const replay = await again.browser.post('/api/auth/two-factor', { pending: again.reply.pending, code });
    expect(replay.statusCode).toBe(400);
    expect((await again.browser.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    // the next step's code passes
    nextStep();
    const later = await again.browser.post('/api/auth/two-factor', {
      pending: again.reply.pending,
      code: codeNow(secret),
    });
    expect(later.statusCode).toBe(200);
  });

  it('takes each recovery code once, typed in any case with spaces', async () => {
    const name = uniqueName();
    const user = await t.signUp({ name });
    const { recoveryCodes } = await enrol(user);
    const typed = ` ${recoveryCodes[3]!.toUpperCase().replace('-', ' ')} `;

    const first = await passwordStep(name);
    const used = await first.browser.post('/api/auth/two-factor', {
      pending: first.reply.pending,
      code: typed,
    });
    expect(used.statusCode).toBe(200);
    expect((await user.get('/api/settings/two-factor')).json().recoveryCodesLeft).toBe(9);

    const second = await passwordStep(name);
    const reused = await second.browser.post('/api/auth/two-factor', {
      pending: second.reply.pending,
      code: recoveryCodes[3],
    });
    expect(reused.statusCode).toBe(400);
    const other = await second.browser.post('/api/auth/two-factor', {
      pending: second.reply.pending,
      code: recoveryCodes[4],
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a forged, expired or another user’s pending sign-in', async () => {
    const alice = uniqueName();
    const bob = uniqueName();
    const aliceKeys = await enrol(await t.signUp({ name: alice }));
    const bobKeys = await enrol(await t.signUp({ name: bob }));

    const a = await passwordStep(alice);
    const [id, expires, nonce, mac] = a.reply.pending!.split('.');
    const [bobRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.name, bob));
    const bobId = bobRow!.id;
    for (const forged of [
      `${bobId}.${expires}.${nonce}.${mac}`,
      `${id}.${expires}.${nonce}.${'0'.repeat(64)}`,
      'x',
    ]) {
      const res = await a.browser.post('/api/auth/two-factor', {
        pending: forged,
        code: codeNow(bobKeys.secret),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TWO_FACTOR_MSG.signInExpired);
    }
    // Alice's pending sign-in with Bob's code (or recovery code) does not sign anyone in
    for (const code of [codeNow(bobKeys.secret), bobKeys.recoveryCodes[0]]) {
      expect(
        (await a.browser.post('/api/auth/two-factor', { pending: a.reply.pending, code })).statusCode,
      ).toBe(400);
    }
    expect((await a.browser.get('/interact_api/load_user_setting')).statusCode).toBe(401);

    t.clock.advance(5 * 60_000 + 1);
    const late = await a.browser.post('/api/auth/two-factor', {
      pending: a.reply.pending,
      code: codeNow(aliceKeys.secret),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(TWO_FACTOR_MSG.signInExpired);
  });

  it('throttles code guesses for the account', async () => {
    const name = uniqueName();
    const { secret } = await enrol(await t.signUp({ name }));
    const { browser, reply } = await passwordStep(name);
    const answers: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await browser.post('/api/auth/two-factor', { pending: reply.pending, code: '999999' });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers).toContain(429);
    // once the wait is over, the right code still signs in
    t.clock.advance(60_000);
    const fresh = await passwordStep(name);
    const ok = await fresh.browser.post('/api/auth/two-factor', {
      pending: fresh.reply.pending,
      code: codeNow(secret),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code, and leaves another user’s two-factor on', async () => {
    const name = uniqueName();
    const user = await t.signUp({ name });
    const other = await t.signUp();
    const { secret } = await enrol(user);
    await enrol(other);

    const noPassword = await user.post('/api/settings/two-factor/disable', {
      password: 'nope',
      code: codeNow(secret),
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe(TWO_FACTOR_MSG.passwordIncorrect);
    const noCode = await user.post('/api/settings/two-factor/disable', {
      password: 'secret123',
      code: '000000',
    });
    expect(noCode.statusCode).toBe(400);
    expect((await user.get('/api/settings/two-factor')).json().enabled).toBe(true);

    const off = await user.post('/api/settings/two-factor/disable', {
      password: 'secret123',
      code: codeNow(secret),
    });
    expect(off.json()).toEqual({ code: 1, message: TWO_FACTOR_MSG.disabled });
    expect((await user.get('/api/settings/two-factor')).json()).toEqual({
      code: 1,
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await passwordStep(name)).reply.code).toBe(1);
    expect((await other.get('/api/settings/two-factor')).json()).toEqual({
      code: 1,
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await passwordStep(other.name!)).reply.code).toBe(2);
  });
});
