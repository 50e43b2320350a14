import { sql } from 'drizzle-orm';
import { PLANS } from '../../../shared/plans.ts';
import { SETTINGS_MSG, type SettingsReply } from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/client.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Clock } from '../../platform/clock.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { UserRow } from '../accounts/repo.ts';
import type { AccountsService } from '../accounts/service.ts';
import { effectivePlan } from '../accounts/user-info.ts';

/** Every blob area keyed `<area>/<userId>/…` that holds only that user's files. */
export const USER_BLOB_AREAS = ['items', 'notes', 'pages', 'avatars', 'library-exports'] as const;

/**
 * deleteUser (§8): refused with -1..-4 while a subscription or a company holds the account, 0 on a
 * wrong password (400 on an empty one); otherwise the user row goes (every table's rows of the user go with it by their
 * ON DELETE CASCADE keys), then the user's counters, then every blob of the user's areas.
 */
export async function deleteAccount(
  deps: { db: Db; blobs: BlobStore; clock: Clock; accounts: AccountsService },
  user: UserRow,
  password: string,
): Promise<SettingsReply> {
  // an empty field is a form sent too soon, not a wrong guess: say what is missing
  if (user.passwordHash && password === '')
    throw new ValidationError(SETTINGS_MSG.deletePasswordEmpty, 'password');
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, password)))
    return { code: 0, message: SETTINGS_MSG.passwordIncorrect };
  const plan = effectivePlan(user, deps.clock.now());
  const subscribed = PLANS[plan].premium && user.nextBillingAt !== null && user.planExpiresAt === null;
  if (user.companyUri && plan === 'business') return { code: -4, message: SETTINGS_MSG.deleteCompanyMember };
  if (user.companyName) return { code: -3, message: SETTINGS_MSG.deleteCompanyAdmin };
  if (subscribed && plan === 'business') return { code: -2, message: SETTINGS_MSG.deleteTeamPremium };
  if (subscribed) return { code: -1, message: SETTINGS_MSG.deletePersonalPremium };

  await deps.db.transaction(async (tx) => {
    await deps.accounts.deleteUser(tx, user.id);
    // keyed by account, not by a foreign key (platform/auth/throttle.ts, rate limits per user)
    await tx.execute(sql`DELETE FROM auth_throttle WHERE key IN (${`acct:${user.id}`}, ${`2fa:${user.id}`})`);
    await tx.execute(sql`DELETE FROM rate_limit_hits WHERE key LIKE ${`%user:${user.id}`}`);
  });
  for (const area of USER_BLOB_AREAS) {
    const keys: string[] = [];
    for await (const blob of deps.blobs.list(`${area}/${user.id}`)) keys.push(blob.key);
    for (const key of keys) await deps.blobs.delete(key);
  }
  return { code: 1, message: SETTINGS_MSG.deleteOk };
}
