import { MSG } from '../../../shared/messages.ts';
import {
  PENDING_SIGN_IN_MS,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MSG,
  type TwoFactorCodeInput,
  type TwoFactorDisableInput,
  type TwoFactorEnabledReply,
  type TwoFactorSetupReply,
  type TwoFactorSignInInput,
  type TwoFactorStatusReply,
} from '../../../shared/schemas/two-factor.ts';
import type { Db } from '../../db/client.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import type { SignInThrottle } from '../../platform/auth/throttle.ts';
import { addressKey } from '../../platform/client-address.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, RateLimitedError, ValidationError } from '../../platform/errors.ts';
import { open, seal } from '../../platform/secret-box.ts';
import type { AccountsService } from '../accounts/service.ts';
import { sameHash } from '../settings/tokens.ts';
import { issuePending, readPending } from './pending.ts';
import * as repo from './repo.ts';
import {
  looksLikeTotp,
  matchingStep,
  newRecoveryCode,
  newSecret,
  otpauthUri,
  recoveryCodeHash,
} from './totp.ts';

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  throttle: SignInThrottle;
  /** seals the TOTP seeds (config SECRETS_KEY) */
  secretsKey: string;
  /** keys the recovery code hashes and signs pending sign-ins (config SESSION_SECRET) */
  secret: string;
}

/**
 * Optional TOTP second step (issue 19 point 6): enrolment from Settings confirmed by a first code,
 * ten single-use recovery codes, the code asked for after the password, and turning it off with
 * the password and a code. Code guesses are throttled like passwords (platform/auth/throttle.ts).
 */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  async status(userId: number): Promise<TwoFactorStatusReply> {
    const row = await repo.find(this.deps.db, userId);
    const enabled = Boolean(row?.enabledAt);
    return {
      code: 1,
      enabled,
      recoveryCodesLeft: enabled ? await repo.countRecoveryCodes(this.deps.db, userId) : 0,
    };
  }

  /** A fresh seed for the authenticator app; nothing changes at sign-in until it is confirmed. */
  async setup(user: { id: number; name: string }): Promise<TwoFactorSetupReply> {
    const secret = newSecret();
    const sealed = seal(this.deps.secretsKey, secret);
    if (!(await repo.saveSetup(this.deps.db, user.id, sealed, this.deps.clock.now())))
      throw new ValidationError(TWO_FACTOR_MSG.alreadyOn);
    return { code: 1, secret, uri: otpauthUri(secret, user.name) };
  }

  /** The first code from the app turns it on; the recovery codes are returned this once. */
  async enable(userId: number, { code }: TwoFactorCodeInput, ip: string): Promise<TwoFactorEnabledReply> {
    const row = await repo.find(this.deps.db, userId);
    if (row?.enabledAt) throw new ValidationError(TWO_FACTOR_MSG.alreadyOn);
    if (!row) throw new ValidationError(TWO_FACTOR_MSG.noSetup);
    const now = this.deps.clock.now();
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.throttled(userId, ip, async () => {
      const step = looksLikeTotp(code) ? matchingStep(this.seed(row), code, now) : null;
      if (step === null) return false;
      return this.deps.db.transaction(async (tx) => {
        if (!(await repo.enable(tx, userId, step, now))) return false;
        const hashes = recoveryCodes.map((c) => recoveryCodeHash(this.deps.secret, c));
        await repo.replaceRecoveryCodes(tx, userId, hashes);
        return true;
      });
    });
    return { code: 1, message: TWO_FACTOR_MSG.enabled, recoveryCodes };
  }

  /** Turning it off takes the password (when the account has one) and a code. */
  async disable(
    userId: number,
    { password, code }: TwoFactorDisableInput,
    ip: string,
  ): Promise<{ code: 1; message: string }> {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) throw new NotFoundError();
    if (!(await this.isEnabled(userId))) throw new ValidationError(TWO_FACTOR_MSG.notOn);
    if (user.passwordHash && !(await verifyPassword(user.passwordHash, password)))
      throw new ValidationError(TWO_FACTOR_MSG.passwordIncorrect, 'password');
    await this.throttled(userId, ip, () => this.checkCode(userId, code));
    await this.deps.db.transaction((tx) => repo.remove(tx, userId));
    return { code: 1, message: TWO_FACTOR_MSG.disabled };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return Boolean((await repo.find(this.deps.db, userId))?.enabledAt);
  }

  /** After a right password or a provider's answer: a pending sign-in to finish with a code, or null when none is needed. */
  async challenge(userId: number): Promise<string | null> {
    if (!(await this.isEnabled(userId))) return null;
    const expires = new Date(this.deps.clock.now().getTime() + PENDING_SIGN_IN_MS);
    return issuePending(this.deps.secret, userId, expires);
  }

  /** The second step: the user whose pending sign-in this code completes. */
  async completeSignIn({ pending, code }: TwoFactorSignInInput, ip: string): Promise<number> {
    const userId = pending ? readPending(this.deps.secret, pending, this.deps.clock.now()) : null;
    if (userId === null) throw new ValidationError(TWO_FACTOR_MSG.signInExpired, 'pending');
    await this.throttled(userId, ip, () => this.checkCode(userId, code));
    return userId;
  }

  /** A TOTP code not used before, or one of the recovery codes (then used up). */
  private async checkCode(userId: number, code: string): Promise<boolean> {
    const row = await repo.find(this.deps.db, userId);
    if (!row?.enabledAt) return false;
    if (looksLikeTotp(code)) {
      const step = matchingStep(this.seed(row), code, this.deps.clock.now());
      return step !== null && (await repo.markStepUsed(this.deps.db, userId, step));
    }
    const hash = recoveryCodeHash(this.deps.secret, code);
    const taken = await repo.takeRecoveryCode(this.deps.db, userId, hash);
    return taken !== null && sameHash(taken.codeHash, hash);
  }

  private seed(row: repo.TwoFactorRow): string {
    return open(this.deps.secretsKey, row.sealedSecret);
  }

  /**
   * Counts a code attempt against the account's and the address's budgets before it is checked
   * (so parallel guesses cannot slip past), and gives it back when the code was right.
   */
  private async throttled(userId: number, ip: string, check: () => Promise<boolean>): Promise<void> {
    const claim = await this.deps.throttle.claim([
      { kind: 'address', key: `ip:${addressKey(ip)}` },
      { kind: 'account', key: `2fa:${userId}` },
    ]);
    if ('waitSeconds' in claim) throw new RateLimitedError(MSG.signInThrottled, claim.waitSeconds);
    if (!(await check())) throw new ValidationError(TWO_FACTOR_MSG.codeWrong, 'code');
    await this.deps.throttle.succeeded(claim);
  }
}
