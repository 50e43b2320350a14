import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userSettings, users } from '../../db/schema.ts';

/**
 * The account side of the Folio backup (modules/backup): the profile and preferences a backup keeps
 * (never the sign-in, the e-mail address, the plan or the quota counters), and their restore into
 * an account that has nothing yet.
 */
export interface BackupProfile {
  name: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  teacher: boolean;
  companyName: string | null;
  companyUri: string | null;
  showClassic: boolean;
  openTextView: boolean;
  createdAt: Date;
}

export interface BackupPreferences {
  newsletter: boolean;
  importantOnly: boolean;
  whenContactJoin: boolean;
  whenFollow: boolean;
  followAuth: boolean;
  privateRssFeed: boolean;
  language: string;
  guidesSeen: string[];
}

export async function profileOf(
  ex: Executor,
  userId: number,
): Promise<{ profile: BackupProfile; preferences: BackupPreferences | null } | undefined> {
  const [user] = await ex.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const [settings] = await ex.select().from(userSettings).where(eq(userSettings.userId, userId));
  return {
    profile: {
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      avatarUrl: user.avatarUrl,
      teacher: user.teacher,
      companyName: user.companyName,
      companyUri: user.companyUri,
      showClassic: user.showClassic,
      openTextView: user.openTextView,
      createdAt: user.createdAt,
    },
    preferences: settings
      ? {
          newsletter: settings.newsletter,
          importantOnly: settings.importantOnly,
          whenContactJoin: settings.whenContactJoin,
          whenFollow: settings.whenFollow,
          followAuth: settings.followAuth,
          privateRssFeed: settings.privateRssFeed,
          language: settings.language,
          guidesSeen: settings.guidesSeen,
        }
      : null,
  };
}

/** The profile (less the user name and creation time, which are this account's) and preferences. */
export async function restoreProfile(
  ex: Executor,
  userId: number,
  profile: Omit<BackupProfile, 'name' | 'createdAt'>,
  preferences: BackupPreferences | null,
  now: Date,
): Promise<void> {
  await ex.update(users).set(profile).where(eq(users.id, userId));
  if (!preferences) return;
  await ex
    .insert(userSettings)
    .values({ userId, ...preferences, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...preferences, updatedAt: now } });
}
