import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemShareLinks, mailContacts, sentMessages } from '../../db/schema.ts';

export type ShareLinkRow = typeof itemShareLinks.$inferSelect;

export async function findByKey(ex: Executor, key: string): Promise<ShareLinkRow | undefined> {
  const [row] = await ex.select().from(itemShareLinks).where(eq(itemShareLinks.shareKey, key));
  return row;
}

export function linksOfItems(ex: Executor, itemIds: number[]): Promise<ShareLinkRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return ex.select().from(itemShareLinks).where(inArray(itemShareLinks.itemId, itemIds));
}

/** Inserts the item's link unless it has one; either way returns the live one. */
export async function ensureLink(
  ex: Executor,
  link: { itemId: number; userId: number; shareKey: string },
): Promise<ShareLinkRow> {
  await ex.insert(itemShareLinks).values(link).onConflictDoNothing({ target: itemShareLinks.itemId });
  const [row] = await ex.select().from(itemShareLinks).where(eq(itemShareLinks.itemId, link.itemId));
  return row!;
}

export async function deleteLink(ex: Executor, itemId: number): Promise<void> {
  await ex.delete(itemShareLinks).where(eq(itemShareLinks.itemId, itemId));
}

/** Mails the user sent since `since`. */
export async function sentSince(ex: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(sentMessages)
    .where(and(eq(sentMessages.userId, userId), gte(sentMessages.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertSent(
  ex: Executor,
  row: { userId: number; subject: string; recipientCount: number; itemIds: number[]; createdAt: Date },
): Promise<number> {
  const [inserted] = await ex.insert(sentMessages).values(row).returning({ id: sentMessages.id });
  return inserted!.id;
}

export async function deleteSent(ex: Executor, id: number): Promise<void> {
  await ex.delete(sentMessages).where(eq(sentMessages.id, id));
}

/** Serialises one user's sends, so two at once cannot both pass the daily limit. */
export async function lockSender(ex: Executor, userId: number): Promise<void> {
  await ex.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`send_msg:${userId}`}, 0))`);
}

export async function touchContacts(ex: Executor, userId: number, emails: string[], at: Date): Promise<void> {
  if (emails.length === 0) return;
  await ex
    .insert(mailContacts)
    .values(emails.map((email) => ({ userId, email, lastSentAt: at })))
    .onConflictDoUpdate({
      target: [mailContacts.userId, mailContacts.email],
      set: { lastSentAt: at },
    });
}

export function contactsOf(ex: Executor, userId: number, limit: number) {
  return ex
    .select({ id: mailContacts.id, email: mailContacts.email })
    .from(mailContacts)
    .where(eq(mailContacts.userId, userId))
    .orderBy(desc(mailContacts.lastSentAt), mailContacts.id)
    .limit(limit);
}

export function contactsByIds(ex: Executor, userId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return ex
    .select({ id: mailContacts.id, email: mailContacts.email })
    .from(mailContacts)
    .where(and(eq(mailContacts.userId, userId), inArray(mailContacts.id, ids)));
}

/**
 * Duplicates' merge: `to` takes the share link of the first of `from` that has one, unless it has its
 * own (the address people were given keeps working). True when a link moved.
 */
export async function moveShareLink(ex: Executor, fromIds: number[], toId: number): Promise<boolean> {
  if (fromIds.length === 0) return false;
  const held = await ex
    .select({ id: itemShareLinks.id })
    .from(itemShareLinks)
    .where(eq(itemShareLinks.itemId, toId));
  if (held.length > 0) return false;
  const [first] = await ex
    .select({ id: itemShareLinks.id })
    .from(itemShareLinks)
    .where(inArray(itemShareLinks.itemId, fromIds))
    .orderBy(itemShareLinks.id)
    .limit(1);
  if (!first) return false;
  await ex.update(itemShareLinks).set({ itemId: toId }).where(eq(itemShareLinks.id, first.id));
  return true;
}
