import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { OFFLINE_ITEMS_DEFAULT } from '../../../shared/schemas/settings.ts';
import type { Executor } from '../../db/client.ts';
import { accountTokens, formerUserNames, sessions, userSettings, users } from '../../db/schema.ts';

export type SettingsRow = typeof userSettings.$inferSelect;
export type TokenKind = 'verify-email' | 'reset-password';

export const DEFAULT_SETTINGS: Omit<SettingsRow, 'userId' | 'updatedAt'> = {
  unverifiedEmail: null,
  newsletter: true,
  importantOnly: false,
  whenContactJoin: true,
  whenFollow: true,
  followAuth: false,
  privateRssFeed: false,
  language: 'en',
  offlineItems: OFFLINE_ITEMS_DEFAULT,
  guidesSeen: [],
};

export async function findSettings(ex: Executor, userId: number): Promise<SettingsRow> {
  const [row] = await ex.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return row ?? { userId, updatedAt: new Date(0), ...DEFAULT_SETTINGS };
}

export async function saveSettings(
  ex: Executor,
  userId: number,
  set: Partial<Omit<SettingsRow, 'userId' | 'updatedAt'>>,
  now: Date,
): Promise<void> {
  await ex
    .insert(userSettings)
    .values({ userId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...set, updatedAt: now } });
}

/** Adds a guide to the user's seen ones once, in one statement (two tabs may mark it together). */
export async function markGuideSeen(ex: Executor, userId: number, guide: string, now: Date): Promise<void> {
  await ex
    .insert(userSettings)
    .values({ userId, guidesSeen: [guide], updatedAt: now })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: {
        guidesSeen: sql`CASE WHEN ${guide} = ANY(${userSettings.guidesSeen}) THEN ${userSettings.guidesSeen}
          ELSE array_append(${userSettings.guidesSeen}, ${guide}) END`,
        updatedAt: now,
      },
    });
}

/** Whether another user has this e-mail as their address (or waiting for verification). */
export async function emailTaken(ex: Executor, email: string, exceptUserId: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/** Whether another user has this name now (a former name's reservation is AccountsService's). */
export async function nameTaken(ex: Executor, name: string, exceptUserId: number): Promise<boolean> {
  const [user] = await ex
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.name}) = lower(${name})`, ne(users.id, exceptUserId)))
    .limit(1);
  return user !== undefined;
}

/** Keeps the old name pointing at the user (its own earlier names are taken back by it). */
export async function rememberFormerName(ex: Executor, userId: number, oldName: string, now: Date) {
  await ex.delete(formerUserNames).where(sql`lower(${formerUserNames.name}) = lower(${oldName})`);
  await ex.insert(formerUserNames).values({ userId, name: oldName, changedAt: now });
}

export async function forgetFormerName(ex: Executor, userId: number, name: string) {
  await ex
    .delete(formerUserNames)
    .where(and(eq(formerUserNames.userId, userId), sql`lower(${formerUserNames.name}) = lower(${name})`));
}

/**
 * The current name of the user who once had `name`, or null; null too once someone else holds the
 * name (after its year of reservation): its pages are then theirs, never sent to the former owner.
 */
export async function renamedTo(ex: Executor, name: string): Promise<string | null> {
  const [row] = await ex
    .select({ name: users.name })
    .from(formerUserNames)
    .innerJoin(users, eq(users.id, formerUserNames.userId))
    .where(
      and(
        sql`lower(${formerUserNames.name}) = lower(${name})`,
        sql`NOT EXISTS (SELECT 1 FROM ${users} AS holder WHERE lower(holder.name) = lower(${name}))`,
      ),
    )
    .limit(1);
  return row?.name ?? null;
}

export async function insertToken(
  ex: Executor,
  values: {
    userId: number;
    kind: TokenKind;
    tokenHash: string;
    email?: string | null;
    expiresAt: Date;
    now: Date;
  },
) {
  await ex.insert(accountTokens).values({
    userId: values.userId,
    kind: values.kind,
    tokenHash: values.tokenHash,
    email: values.email ?? null,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Takes a live token of the kind: the row is deleted (single use) and returned. */
export async function takeToken(ex: Executor, kind: TokenKind, tokenHash: string, now: Date) {
  const [row] = await ex
    .delete(accountTokens)
    .where(and(eq(accountTokens.kind, kind), eq(accountTokens.tokenHash, tokenHash)))
    .returning();
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

export async function dropTokens(ex: Executor, userId: number, kind: TokenKind) {
  await ex.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind)));
}

export async function countLiveTokens(ex: Executor, userId: number, kind: TokenKind, since: Date) {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(accountTokens)
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), gt(accountTokens.createdAt, since)),
    );
  return row?.n ?? 0;
}

/** Ends every session of the user but `keep` (null: every one). */
export async function endSessions(ex: Executor, userId: number, keep: number | null) {
  await ex
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep === null ? undefined : ne(sessions.id, keep)));
}

/** The user's sessions, newest activity first. */
export async function listSessions(ex: Executor, userId: number) {
  return ex
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sql`${sessions.lastSeenAt} DESC`);
}

/** Ends one session of the user (another user's id matches nothing). */
export async function endSession(ex: Executor, userId: number, sessionId: number): Promise<boolean> {
  const rows = await ex
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
