import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { freshDatabase, type TestDatabase } from '../../../../test/helpers/database.ts';
import { SignInThrottle } from '../../platform/auth/throttle.ts';
import { QuotaExceededError } from '../../platform/errors.ts';
import type { UsageKind, UserRow } from './repo.ts';
import { AccountsService } from './service.ts';

let database: TestDatabase;
let accounts: AccountsService;
let clock: TestClock;
let seq = 0;

beforeAll(async () => {
  database = await freshDatabase();
  clock = new TestClock();
  accounts = new AccountsService({
    db: database.db,
    clock,
    throttle: new SignInThrottle(database.db, clock),
  });
});
afterAll(() => database.close());

async function newUser(): Promise<UserRow> {
  seq += 1;
  const name = `quota${seq}${Date.now().toString(36).slice(-4)}`;
  return accounts.signUp({ name, email: `${name}@example.com`, password: 'password1' });
}

const used = async (user: UserRow, kind: UsageKind) =>
  ((await accounts.findUser(user.id)) as Record<string, unknown>)[`${kind}Used`];

/** Tries to take one unit in its own transaction: null when granted, else the refusal. */
async function reserve(user: UserRow, kind: UsageKind): Promise<QuotaExceededError | null> {
  try {
    await database.db.transaction((tx) => accounts.reserveUsage(tx, user, kind));
    return null;
  } catch (err) {
    if (err instanceof QuotaExceededError) return err;
    throw err;
  }
}

describe('reserveUsage', () => {
  it.each([
    // kind, free quota, the spec's refusal
    ['pdf', 100, -2, 'upgrade your account to upload more PDF files'],
    ['image', 100, -2, 'upgrade your account to upload more image files'],
    ['annotation', 100, -2, 'Your highlight number is over quota'],
    ['outliner', 3, -2, 'Your outliner number is over quota'],
    ['cachedPage', 500, -2, 'Your cached page number is over quota'],
  ] as const)(
    '%s: takes the last unit of the free quota (%i), then refuses with the spec code and message',
    async (kind, quota, code, message) => {
      const user = await newUser();
      await accounts.setUsage(user.name, kind, quota - 1);
      expect(await accounts.hasRoom(user, kind)).toBe(true);
      expect(await reserve(user, kind)).toBeNull();
      expect(await used(user, kind)).toBe(quota);

      const refused = await reserve(user, kind);
      expect(refused).toBeInstanceOf(QuotaExceededError);
      expect(refused).toMatchObject({ status: 402, code, kind });
      expect(refused!.message).toContain(message);
      expect(await used(user, kind)).toBe(quota);
      await expect(accounts.checkUsage(user, kind)).rejects.toBeInstanceOf(QuotaExceededError);

      await database.db.transaction((tx) => accounts.releaseUsage(tx, user.id, { [kind]: 1 }));
      expect(await used(user, kind)).toBe(quota - 1);
    },
  );

  it('follows the plan in force: unlimited while paid, the free quota once the plan has expired', async () => {
    const user = await newUser();
    await accounts.setUsage(user.name, 'annotation', 100);
    await accounts.setPlan(user.name, 'professional');
    const paid = (await accounts.findUser(user.id))!;
    expect(await reserve(paid, 'annotation')).toBeNull();
    expect(await used(user, 'annotation')).toBe(101);

    const expired = { ...paid, planExpiresAt: new Date(clock.now().getTime() - 1) };
    expect(await reserve(expired, 'annotation')).toBeInstanceOf(QuotaExceededError);
  });

  it('two reservations racing for the last unit: exactly one gets it', async () => {
    const user = await newUser();
    await accounts.setUsage(user.name, 'pdf', 99);
    const outcomes = await Promise.all([reserve(user, 'pdf'), reserve(user, 'pdf')]);
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(await used(user, 'pdf')).toBe(100);
  });

  it('gives units back, never below zero', async () => {
    const user = await newUser();
    await accounts.setUsage(user.name, 'image', 2);
    await database.db.transaction((tx) => accounts.releaseUsage(tx, user.id, { image: 5, pdf: 1 }));
    expect(await used(user, 'image')).toBe(0);
    expect(await used(user, 'pdf')).toBe(0);
  });
});
