import { FORMER_NAME_RESERVED_DAYS } from '../../../shared/limits.ts';
import { MSG } from '../../../shared/messages.ts';
import {
  isPlanId,
  PLANS,
  type PlanId,
  type PlanQuotas,
  type PlanUnit,
  withinQuota,
} from '../../../shared/plans.ts';
import type { SignInInput, SignUpInput } from '../../../shared/schemas/auth.ts';
import type { LoadUserInfoReply } from '../../../shared/schemas/user-info.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Device } from '../../platform/auth/device.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import type { SignInThrottle } from '../../platform/auth/throttle.ts';
import { addressKey } from '../../platform/client-address.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  NotFoundError,
  QuotaExceededError,
  RateLimitedError,
  ValidationError,
} from '../../platform/errors.ts';
import * as repo from './repo.ts';
import { effectivePlan, presentUserInfo, visitorInfo } from './user-info.ts';

/** Whose quota: the fields that decide the plan (a session user carries them, so no lookup). */
export type PlanHolder = Pick<repo.UserRow, 'id' | 'plan' | 'planExpiresAt'>;

/** The plan quota that limits each used count. */
const QUOTA_OF: Record<repo.UsageKind, keyof PlanQuotas> = {
  pdf: 'pdfs',
  image: 'images',
  annotation: 'annotations',
  outliner: 'outliners',
  cachedPage: 'cachedPages',
};

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  throttle: SignInThrottle;
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export class AccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  /**
   * The password is hashed before the names are looked up, so a taken name or e-mail answers in the
   * time a new account takes (docs/decisions.md, 'Sign-up').
   */
  async signUp({ name, email, password }: SignUpInput): Promise<repo.UserRow> {
    const passwordHash = await hashPassword(password);
    const taken = await repo.existingNameOrEmail(this.deps.db, name, email);
    if (taken.name) throw new ValidationError(MSG.usernameUsed, 'name');
    if (await this.nameReserved(name)) throw new ValidationError(MSG.usernameReserved, 'name');
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

  /**
   * An account without a password (signed up through a sign-in provider: modules/connections), in
   * the caller's transaction; a taken name or e-mail is the unique index's error.
   */
  createWithoutPassword(tx: Executor, values: { name: string; email: string }): Promise<repo.UserRow> {
    return repo.insertUser(tx, { ...values, passwordHash: null });
  }

  /**
   * Whether `name` is another user's former name, reserved for them for a year after their rename
   * (FORMER_NAME_RESERVED_DAYS): sign-up, provider sign-up and renames refuse it.
   */
  nameReserved(
    name: string,
    exceptUserId: number | null = null,
    ex: Executor = this.deps.db,
  ): Promise<boolean> {
    const since = new Date(this.deps.clock.now().getTime() - FORMER_NAME_RESERVED_DAYS * 86_400_000);
    return repo.nameReserved(ex, name, since, exceptUserId);
  }

  /** Whether a new account may take `name`: nobody has it, and it is no one's reserved former name. */
  async nameAvailable(name: string): Promise<boolean> {
    return !(await repo.findUserByName(this.deps.db, name)) && !(await this.nameReserved(name));
  }

  /** `ex`: a caller's transaction (on PGlite's one connection, a read beside it would wait for it). */
  findUser(id: number, ex: Executor = this.deps.db): Promise<repo.UserRow | undefined> {
    return repo.findUserById(ex, id);
  }

  /** The user's quota of this kind under the plan in force now (null: unlimited). */
  quotaOf(user: PlanHolder, kind: repo.UsageKind): number | null {
    return PLANS[effectivePlan(user, this.deps.clock.now())].quotas[QUOTA_OF[kind]];
  }

  /** Whether a unit of the kind is left (the plan's quota, or none). */
  async hasRoom(user: PlanHolder, kind: repo.UsageKind): Promise<boolean> {
    const quota = this.quotaOf(user, kind);
    return quota === null || withinQuota(quota, await repo.usedCount(this.deps.db, user.id, kind));
  }

  /**
   * Refuses with QuotaExceededError when no unit of the kind is left, without taking one: spares
   * work (reading an upload) that reserveUsage would refuse anyway.
   */
  async checkUsage(user: PlanHolder, kind: repo.UsageKind): Promise<void> {
    if (!(await this.hasRoom(user, kind))) throw new QuotaExceededError(kind);
  }

  /**
   * Takes one unit of the plan's quota in the caller's transaction, or refuses with
   * QuotaExceededError; one statement, so two instances racing for the last unit cannot both get it.
   */
  async reserveUsage(tx: Executor, user: PlanHolder, kind: repo.UsageKind): Promise<void> {
    if (!(await repo.reserveUsage(tx, user.id, kind, this.quotaOf(user, kind))))
      throw new QuotaExceededError(kind);
  }

  /**
   * reserveUsage for several units at once (restoring trashed items takes their pdf, image and
   * highlight units again): all or none, in the caller's transaction; QuotaExceededError names the
   * first kind without room.
   */
  async reserveUnits(
    tx: Executor,
    user: PlanHolder,
    units: Partial<Record<repo.UsageKind, number>>,
  ): Promise<void> {
    const list = (Object.entries(units) as [repo.UsageKind, number][]).map(([kind, n]) => ({
      kind,
      n,
      quota: this.quotaOf(user, kind),
    }));
    const refused = await repo.reserveUnits(tx, user.id, list);
    if (refused) throw new QuotaExceededError(refused);
  }

  /** Gives units back (deleted items, removed highlights); a count never goes below zero. */
  releaseUsage(tx: Executor, userId: number, units: Partial<Record<repo.UsageKind, number>>): Promise<void> {
    const delta = Object.fromEntries(Object.entries(units).map(([kind, n]) => [kind, -n]));
    return repo.adjustUsage(tx, userId, delta);
  }

  /** A user by name or e-mail address, ignoring case (group invitations). */
  findUserByNameOrEmail(nameOrEmail: string): Promise<repo.UserRow | undefined> {
    return repo.findUserByNameOrEmail(this.deps.db, nameOrEmail);
  }

  /** Change display name (only the owner: the caller passes their own id). */
  setRealName(userId: number, firstName: string, lastName: string): Promise<void> {
    return repo.setRealName(this.deps.db, userId, firstName, lastName);
  }

  /**
   * The settings' writes to the account row (the accounts module owns the users table). Each takes
   * the caller's transaction when the change is one step with writes of its own.
   */
  setOpenTextView(userId: number, openTextView: boolean): Promise<void> {
    return repo.updateUser(this.deps.db, userId, { openTextView });
  }

  setAvatarUrl(userId: number, avatarUrl: string): Promise<void> {
    return repo.updateUser(this.deps.db, userId, { avatarUrl });
  }

  rename(tx: Executor, userId: number, name: string): Promise<void> {
    return repo.updateUser(tx, userId, { name });
  }

  setEmail(tx: Executor, userId: number, email: string): Promise<void> {
    return repo.updateUser(tx, userId, { email });
  }

  setPasswordHash(tx: Executor, userId: number, passwordHash: string): Promise<void> {
    return repo.updateUser(tx, userId, { passwordHash });
  }

  /** Deletes the account row; every table keyed to it goes with it (ON DELETE CASCADE). */
  deleteUser(tx: Executor, userId: number): Promise<void> {
    return repo.deleteUser(tx, userId);
  }

  findUserByEmail(email: string): Promise<repo.UserRow | undefined> {
    return repo.findUserByEmail(this.deps.db, email);
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
