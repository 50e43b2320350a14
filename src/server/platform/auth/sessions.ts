import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';

export interface SessionUser {
  id: number;
  name: string;
  sessionId: number;
  /** read with the session so calls that depend on the plan need no second lookup */
  plan: string;
  planExpiresAt: Date | null;
  /** set when a personal token made the request (sessionId is then 0): its id and scope */
  token?: { id: number; scope: 'read' | 'write' };
}

export interface SessionPolicy {
  secret: string;
  idleMs: number;
  absoluteMs: number;
}

/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** 128-bit random token; only its keyed hash is stored. */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}

export function tokenHash(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  async create(userId: number, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.policy.absoluteMs);
    await this.db.insert(sessions).values({
      userId,
      tokenHash: tokenHash(this.policy.secret, token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: userAgent?.slice(0, 300),
    });
    return { token, expiresAt };
  }

  /** The session's user, or null when the token is unknown, idle too long or past its absolute expiry. */
  async resolve(token: string): Promise<SessionUser | null> {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        id: users.id,
        name: users.name,
        plan: users.plan,
        planExpiresAt: users.planExpiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash(this.policy.secret, token)))
      .limit(1);
    if (!row) return null;
    const now = this.clock.now().getTime();
    if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + this.policy.idleMs <= now) {
      await this.db.delete(sessions).where(eq(sessions.id, row.sessionId));
      return null;
    }
    if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, row.sessionId));
    }
    return {
      id: row.id,
      name: row.name,
      sessionId: row.sessionId,
      plan: row.plan,
      planExpiresAt: row.planExpiresAt,
    };
  }

  /** Whether the token still names a live session, without counting as activity (for long-lived sockets). */
  async isActive(token: string): Promise<boolean> {
    const [row] = await this.db
      .select({ lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(this.policy.secret, token)))
      .limit(1);
    const now = this.clock.now().getTime();
    return Boolean(
      row && row.expiresAt.getTime() > now && row.lastSeenAt.getTime() + this.policy.idleMs > now,
    );
  }

  async revoke(token: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash(this.policy.secret, token)));
  }

  async revokeAllFor(userId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  /** Removes expired rows of one user; called at sign-in so the table does not grow without bound. */
  async prune(userId: number): Promise<void> {
    const now = this.clock.now();
    await this.db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          or(
            lt(sessions.expiresAt, now),
            lt(sessions.lastSeenAt, new Date(now.getTime() - this.policy.idleMs)),
          ),
        ),
      );
  }
}
