import { MSG } from '../../../shared/messages.ts';
import { isPlanId, type PlanId, type PlanUnit } from '../../../shared/plans.ts';
import { type SignInInput, type SignUpInput, signUpSchema } from '../../../shared/schemas/auth.ts';
import type { LoadUserInfoReply } from '../../../shared/schemas/user-info.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Device } from '../../platform/auth/device.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import type { SignInThrottle } from '../../platform/auth/throttle.ts';
import { addressKey } from '../../platform/client-address.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, parse, RateLimitedError, ValidationError } from '../../platform/errors.ts';
import * as repo from './repo.ts';
import { presentUserInfo, visitorInfo } from './user-info.ts';

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  throttle: SignInThrottle;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export class AccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  /**
   * The password is hashed before the names are looked up, so a taken name or e-mail answers in the
   * time a new account takes (docs/decisions.md, 'Sign-up').
   */
  async signUp(input: SignUpInput): Promise<repo.UserRow> {
    const { name, email, password } = parse(signUpSchema, input);
    const passwordHash = await hashPassword(password);
    const taken = await repo.existingNameOrEmail(this.deps.db, name, email);
    if (taken.name) throw new ValidationError(MSG.usernameUsed, 'name');
    if (taken.email) throw new ValidationError(MSG.emailUsed, 'email');
    try {
      return await repo.insertUser(this.deps.db, { name, email, passwordHash });
    } catch (err) {
      // Two sign-ups racing for one name: the unique index decides, the loser gets the same answer.
      if (!isUniqueViolation(err)) throw err;
      const again = await repo.existingNameOrEmail(this.deps.db, name, email);
      if (again.email && !again.name) throw new ValidationError(MSG.emailUsed, 'email');
      throw new ValidationError(MSG.usernameUsed, 'name');
    }
  }

  /**
   * One answer for an unknown user and a wrong password. Counted per account (name and e-mail of
   * one user are one key; an unknown name is a key of its own), or per device when this browser
   * signed in to the account before, and per address (platform/auth/throttle.ts).
   */
  async signIn(input: SignInInput, from: { ip: string; device: Device | null }): Promise<repo.UserRow> {
    const user = await repo.findUserByNameOrEmail(this.deps.db, input.name_or_email);
    const knownDevice = user && from.device?.userId === user.id ? from.device : null;
    const claim = await this.deps.throttle.claim([
      { kind: 'address', key: `ip:${addressKey(from.ip)}` },
      knownDevice
        ? { kind: 'device', key: `dev:${knownDevice.nonce}` }
        : {
            kind: 'account',
            key: user ? `acct:${user.id}` : `acct?:${input.name_or_email.trim().toLowerCase()}`,
          },
    ]);
    if ('waitSeconds' in claim) throw new RateLimitedError(MSG.signInThrottled, claim.waitSeconds);
    const ok = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !ok) throw new ValidationError(MSG.signInFailed);
    await this.deps.throttle.succeeded(claim);
    return user;
  }

  findUser(id: number): Promise<repo.UserRow | undefined> {
    return repo.findUserById(this.deps.db, id);
  }

  adjustUsage(ex: Executor, userId: number, delta: Parameters<typeof repo.adjustUsage>[2]): Promise<void> {
    return repo.adjustUsage(ex, userId, delta);
  }

  /** Takes one unit of a quota-limited count if any is left (see repo.reserveUsage). */
  reserveUsage(ex: Executor, userId: number, kind: repo.UsageKind, quota: number | null): Promise<boolean> {
    return repo.reserveUsage(ex, userId, kind, quota);
  }

  findUserByName(name: string): Promise<repo.UserRow | undefined> {
    return repo.findUserByName(this.deps.db, name);
  }

  async userInfo(userId: number | null): Promise<LoadUserInfoReply> {
    if (userId === null) return visitorInfo();
    const user = await repo.findUserById(this.deps.db, userId);
    return user ? presentUserInfo(user, this.deps.clock.now()) : visitorInfo();
  }

  async setTeacher(name: string, teacher: boolean): Promise<void> {
    const user = await repo.findUserByName(this.deps.db, name);
    if (!user) throw new NotFoundError(`No user named ${name}.`);
    await repo.updateUser(this.deps.db, user.id, { teacher });
  }

  /** Operator command: set a used count outright (support corrections, tests near a quota). */
  async setUsage(name: string, kind: repo.UsageKind, used: number): Promise<void> {
    if (!Number.isSafeInteger(used) || used < 0)
      throw new ValidationError('The count must be 0 or more.', 'used');
    const user = await repo.findUserByName(this.deps.db, name);
    if (!user) throw new NotFoundError(`No user named ${name}.`);
    await repo.updateUser(this.deps.db, user.id, { [`${kind}Used`]: used });
  }

  /** Operator command: set a user's plan; a paid plan bills again one term from now. */
  async setPlan(name: string, plan: string, unit: string = 'year'): Promise<void> {
    if (!isPlanId(plan)) throw new ValidationError(`Unknown plan: ${plan}`, 'plan');
    if (unit !== 'month' && unit !== 'year') throw new ValidationError(`Unknown term: ${unit}`, 'unit');
    const user = await repo.findUserByName(this.deps.db, name);
    if (!user) throw new NotFoundError(`No user named ${name}.`);
    const now = this.deps.clock.now();
    const next = new Date(now);
    if (unit === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
    else next.setUTCMonth(next.getUTCMonth() + 1);
    const paid = (plan as PlanId) !== 'free';
    await repo.updateUser(this.deps.db, user.id, {
      plan,
      planUnit: paid ? (unit as PlanUnit) : null,
      nextBillingAt: paid ? next : null,
      planExpiresAt: null,
    });
  }
}
