import { MSG } from '../../../shared/messages.ts';
import { PLANS } from '../../../shared/plans.ts';
import {
  ACCOUNT_GUIDES,
  type ChangeRealNameInput,
  type ChangeUserNameInput,
  type CheckEmailInput,
  type ForgotPasswordInput,
  type GuidesSeenReply,
  type MarkGuideSeenInput,
  type ResetPasswordInput,
  SETTINGS_MSG,
  type SessionsReply,
  type SetEmailInput,
  type SetLanguageInput,
  type SetOfflineItemsInput,
  type SetOutlinerSettingsInput,
  type SetPasswordInput,
  type SettingFlagInput,
  type SettingsReply,
  type UserSettingReply,
} from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/client.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { type Clock, toSeconds } from '../../platform/clock.ts';
import { NotFoundError, PlanLimitError, ValidationError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { AccountsService } from '../accounts/service.ts';
import { DEFAULT_AVATAR_URL, effectivePlan } from '../accounts/user-info.ts';
import type { OutlinersService } from '../outliners/service.ts';
import type { PremiumInfoService } from '../premium/info.ts';
import { keyOfAvatarUrl } from './avatar.ts';
import { deleteAccount } from './deletion.ts';
import * as repo from './repo.ts';
import { PASSWORD_RESET_MAIL_JOB } from './reset-mail.ts';
import { linkTokenHash, newLinkToken, sameHash, VERIFY_EMAIL_TTL_MS } from './tokens.ts';

export interface SettingsDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  jobs: JobQueue;
  accounts: AccountsService;
  outliners: OutlinersService;
  /** the user's sign-in connections (modules/connections) */
  connections: { list(userId: number): Promise<UserSettingReply['connections']> };
  blobs: BlobStore;
  secret: string;
  /** the premium section's gifts, payment method and affiliate (premium/info.ts) */
  premium: Pick<PremiumInfoService, 'settingsSection'>;
}

/** Yes/no preferences: the operation, its column, whether it is premium. */
const FLAG_OPERATIONS = {
  setNewslettersNotif: { column: 'newsletter', failure: SETTINGS_MSG.subscribeFailed },
  setImportantAndAlertOnlyNotif: { column: 'importantOnly', failure: SETTINGS_MSG.subscribeFailed },
  setNotifyWhenJoin: { column: 'whenContactJoin', failure: SETTINGS_MSG.subscribeFailed },
  setNotifyWhenFollow: { column: 'whenFollow', failure: SETTINGS_MSG.socialFailed },
  setFollowAuth: { column: 'followAuth', failure: SETTINGS_MSG.socialFailed },
  setRssFeed: { column: 'privateRssFeed', failure: SETTINGS_MSG.subscribeFailed, premium: true },
} as const;
export type FlagOperation = keyof typeof FLAG_OPERATIONS;
export const FLAG_OPERATION_NAMES = Object.keys(FLAG_OPERATIONS) as FlagOperation[];

const ok = (message: string = SETTINGS_MSG.saved): SettingsReply => ({ code: 1, message });

export class SettingsService {
  constructor(private readonly deps: SettingsDeps) {}

  private async user(id: number) {
    const user = await this.deps.accounts.findUser(id);
    if (!user) throw new NotFoundError();
    return user;
  }

  private isPremium(user: SessionUser | { plan: string; planExpiresAt: Date | null }) {
    return PLANS[effectivePlan(user, this.deps.clock.now())].premium;
  }

  async load(userId: number): Promise<UserSettingReply> {
    const user = await this.user(userId);
    const s = await repo.findSettings(this.deps.db, userId);
    const outliner = await this.deps.outliners.settings(userId);
    const plan = effectivePlan(user, this.deps.clock.now());
    const premium = PLANS[plan].premium;
    const billing = await this.deps.premium.settingsSection(userId);
    return {
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      avatar_url: user.avatarUrl ?? DEFAULT_AVATAR_URL,
      email: user.email,
      unverifiedEmail: s.unverifiedEmail,
      acctType: plan,
      createTime: toSeconds(user.createdAt)!,
      expireDate: premium ? toSeconds(user.planExpiresAt) : null,
      connections: await this.deps.connections.list(userId),
      notification: {
        newletter: s.newsletter,
        importantNewsAndAlertOnly: s.importantOnly,
        whenContactJoin: s.whenContactJoin,
        whenFollow: s.whenFollow,
      },
      followAuth: s.followAuth,
      openTextView: user.openTextView,
      privateRssFeed: premium && s.privateRssFeed,
      hidePassword: !user.passwordHash,
      language: s.language as 'en',
      offlineItems: s.offlineItems,
      outliner,
      premium: {
        isPremium: premium,
        gifts: billing.gifts,
        giftCount: billing.giftCount,
        canUpgrade: plan !== 'professional' && plan !== 'business',
        sinceDate: premium ? billing.sinceDate : null,
        nextBillingDate: premium ? toSeconds(user.nextBillingAt) : null,
        premiumStatus: !premium ? 'free' : user.planExpiresAt ? 'cancelled' : 'active',
        paymentMethod: premium ? billing.paymentMethod : null,
        servicePlan: plan,
      },
      affiliate: billing.affiliate,
      teamMember: plan === 'business' && Boolean(user.companyUri),
    };
  }

  async setFlag(
    user: SessionUser,
    operation: FlagOperation,
    { value }: SettingFlagInput,
  ): Promise<SettingsReply> {
    const op = FLAG_OPERATIONS[operation];
    if ('premium' in op && op.premium && !this.isPremium(user))
      throw new PlanLimitError(SETTINGS_MSG.premiumOnly);
    await repo.saveSettings(this.deps.db, user.id, { [op.column]: value }, this.deps.clock.now());
    return ok();
  }

  async setOpenTextView(user: SessionUser, { value }: SettingFlagInput): Promise<SettingsReply> {
    if (!this.isPremium(user)) throw new PlanLimitError(SETTINGS_MSG.premiumOnly);
    await this.deps.accounts.setOpenTextView(user.id, value);
    return ok();
  }

  async guidesSeen(userId: number): Promise<GuidesSeenReply> {
    const { guidesSeen } = await repo.findSettings(this.deps.db, userId);
    return { seen: ACCOUNT_GUIDES.filter((guide) => guidesSeen.includes(guide)) };
  }

  async markGuideSeen(userId: number, { guide }: MarkGuideSeenInput): Promise<SettingsReply> {
    await repo.markGuideSeen(this.deps.db, userId, guide, this.deps.clock.now());
    return ok();
  }

  async setLanguage(user: SessionUser, { language }: SetLanguageInput): Promise<SettingsReply> {
    await repo.saveSettings(this.deps.db, user.id, { language }, this.deps.clock.now());
    return ok();
  }

  async setOfflineItems(user: SessionUser, { count }: SetOfflineItemsInput): Promise<SettingsReply> {
    await repo.saveSettings(this.deps.db, user.id, { offlineItems: count }, this.deps.clock.now());
    return ok();
  }

  async setOutlinerSettings(user: SessionUser, data: SetOutlinerSettingsInput): Promise<SettingsReply> {
    await this.deps.outliners.setSettings(user.id, { data });
    return ok();
  }

  async changeRealName(
    user: SessionUser,
    { firstName, lastName }: ChangeRealNameInput,
  ): Promise<SettingsReply> {
    await this.deps.accounts.setRealName(user.id, firstName ?? '', lastName ?? '');
    return ok(SETTINGS_MSG.realNameChanged);
  }

  /**
   * A new name; the old one keeps leading to the user and stays theirs for a year (nobody else may
   * take it meanwhile). The caller ends the sessions.
   */
  async changeUserName(user: SessionUser, { name }: ChangeUserNameInput): Promise<SettingsReply> {
    const now = this.deps.clock.now();
    const current = await this.user(user.id);
    await this.deps.db.transaction(async (tx) => {
      if (await repo.nameTaken(tx, name, user.id)) throw new ValidationError(SETTINGS_MSG_USED, 'name');
      if (await this.deps.accounts.nameReserved(name, user.id, tx))
        throw new ValidationError(MSG.usernameReserved, 'name');
      if (current.name === name) return;
      await repo.forgetFormerName(tx, user.id, name);
      if (current.name.toLowerCase() !== name.toLowerCase())
        await repo.rememberFormerName(tx, user.id, current.name, now);
      await this.deps.accounts.rename(tx, user.id, name);
      await repo.endSessions(tx, user.id, null);
    });
    return ok(SETTINGS_MSG.usernameChanged);
  }

  /** Points the user at a stored avatar and drops the one it replaces. */
  async setAvatar(userId: number, url: string): Promise<void> {
    const old = await this.user(userId);
    await this.deps.accounts.setAvatarUrl(userId, url);
    const oldKey = keyOfAvatarUrl(old.avatarUrl);
    if (oldKey) await this.deps.blobs.delete(oldKey);
  }

  async deleteUser(userId: number, password: string): Promise<SettingsReply> {
    return deleteAccount(this.deps, await this.user(userId), password);
  }

  async sessions(user: SessionUser): Promise<SessionsReply> {
    const rows = await repo.listSessions(this.deps.db, user.id);
    return {
      code: 1,
      sessions: rows.map((r) => ({
        id: r.id,
        device: r.userAgent ?? 'Unknown device',
        createdAt: toSeconds(r.createdAt)!,
        lastSeen: toSeconds(r.lastSeenAt)!,
        current: r.id === user.sessionId,
      })),
    };
  }

  async endSession(user: SessionUser, sessionId: number): Promise<SettingsReply> {
    if (!(await repo.endSession(this.deps.db, user.id, sessionId))) throw new NotFoundError();
    return ok('Signed out.');
  }

  async endOtherSessions(user: SessionUser): Promise<SettingsReply> {
    await repo.endSessions(this.deps.db, user.id, user.sessionId);
    return ok('Signed out of every other session.');
  }

  renamedTo(name: string): Promise<string | null> {
    return repo.renamedTo(this.deps.db, name);
  }

  async checkEmail(user: SessionUser, { email }: CheckEmailInput): Promise<SettingsReply> {
    const current = await this.user(user.id);
    if (current.email.toLowerCase() === email.toLowerCase())
      throw new ValidationError(SETTINGS_MSG.emailSame, 'email');
    if (await repo.emailTaken(this.deps.db, email, user.id))
      throw new ValidationError(SETTINGS_MSG.emailUsed, 'email');
    return ok('');
  }

  /** The new address waits as unverifiedEmail until the mailed link is followed. */
  async setEmail(
    user: SessionUser,
    { password, email }: SetEmailInput,
    origin: string,
  ): Promise<SettingsReply> {
    const current = await this.user(user.id);
    if (!(await verifyPassword(current.passwordHash, password)))
      throw new ValidationError(SETTINGS_MSG.passwordIncorrect, 'password');
    await this.checkEmail(user, { email });
    await repo.saveSettings(this.deps.db, user.id, { unverifiedEmail: email }, this.deps.clock.now());
    await this.sendVerification(user.id, email, origin);
    return ok(SETTINGS_MSG.emailChanged);
  }

  async resendEmail(user: SessionUser, origin: string): Promise<SettingsReply> {
    const s = await repo.findSettings(this.deps.db, user.id);
    if (!s.unverifiedEmail) throw new ValidationError(SETTINGS_MSG.noUnverifiedEmail, 'email');
    await this.sendVerification(user.id, s.unverifiedEmail, origin);
    return ok(SETTINGS_MSG.resendOk);
  }

  private async sendVerification(userId: number, email: string, origin: string) {
    const token = newLinkToken();
    const now = this.deps.clock.now();
    await repo.dropTokens(this.deps.db, userId, 'verify-email');
    await repo.insertToken(this.deps.db, {
      userId,
      kind: 'verify-email',
      tokenHash: linkTokenHash(this.deps.secret, token),
      email,
      now,
      expiresAt: new Date(now.getTime() + VERIFY_EMAIL_TTL_MS),
    });
    const link = `${origin}/api/settings/verify-email?token=${token}`;
    await this.deps.mailer.send({
      to: email,
      subject: 'Verify your new e-mail address',
      text: `Follow this link within 24 hours to use this address for your Folio account:\n\n${link}\n\nIf you did not ask for this, ignore this mail.`,
    });
  }

  /** Follows a verification link: the waiting address becomes the account's. */
  async verifyEmail(token: string): Promise<boolean> {
    const hash = linkTokenHash(this.deps.secret, token);
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.takeToken(tx, 'verify-email', hash, this.deps.clock.now());
      if (!row?.email || !sameHash(row.tokenHash, hash)) return false;
      const s = await repo.findSettings(tx, row.userId);
      if (s.unverifiedEmail?.toLowerCase() !== row.email.toLowerCase()) return false;
      if (await repo.emailTaken(tx, row.email, row.userId)) return false;
      await this.deps.accounts.setEmail(tx, row.userId, row.email);
      await repo.saveSettings(tx, row.userId, { unverifiedEmail: null }, this.deps.clock.now());
      return true;
    });
  }

  /** A new password; every other session ends. The current one is needed unless none is set. */
  async setPassword(user: SessionUser, { current, new: next }: SetPasswordInput): Promise<SettingsReply> {
    const row = await this.user(user.id);
    if (row.passwordHash) {
      if (!current) throw new ValidationError(SETTINGS_MSG.currentEmpty, 'current');
      if (!(await verifyPassword(row.passwordHash, current)))
        throw new ValidationError(SETTINGS_MSG.currentWrong, 'current');
    }
    const passwordHash = await hashPassword(next);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.accounts.setPasswordHash(tx, user.id, passwordHash);
      await repo.endSessions(tx, user.id, user.sessionId);
      await repo.dropTokens(tx, user.id, 'reset-password');
    });
    return ok(SETTINGS_MSG.passwordChanged);
  }

  /**
   * Queues the reset mail (reset-mail.ts) for any well-formed address: a known and an unknown one do
   * the same work here and get the same reply.
   */
  async forgotPassword({ email }: ForgotPasswordInput, origin: string): Promise<SettingsReply> {
    const address = email.toLowerCase();
    await this.deps.jobs.enqueue(
      this.deps.db,
      PASSWORD_RESET_MAIL_JOB,
      { email: address, origin },
      {
        dedupeKey: address,
      },
    );
    return ok(SETTINGS_MSG.resetSent);
  }

  /** Sets the password from a reset link (single use); every session of the user ends. */
  async resetPassword({ token, password }: ResetPasswordInput): Promise<SettingsReply> {
    const hash = linkTokenHash(this.deps.secret, token);
    const passwordHash = await hashPassword(password);
    await this.deps.db.transaction(async (tx) => {
      const row = await repo.takeToken(tx, 'reset-password', hash, this.deps.clock.now());
      if (!row || !sameHash(row.tokenHash, hash))
        throw new ValidationError(SETTINGS_MSG.linkInvalid, 'token');
      await this.deps.accounts.setPasswordHash(tx, row.userId, passwordHash);
      await repo.dropTokens(tx, row.userId, 'reset-password');
      await repo.endSessions(tx, row.userId, null);
    });
    return ok(SETTINGS_MSG.passwordReset);
  }
}

const SETTINGS_MSG_USED = 'The username has been used.';
