import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { personalTokens, users } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import { type SessionUser, tokenHash } from './sessions.ts';

export type PersonalTokenScope = 'read' | 'write';

/** Tokens start with this, so secret scanners and people can tell one when they see it. */
export const PERSONAL_TOKEN_PREFIX = 'folio_pat_';

/** last_used_at is written at most this often, so a busy script does not cost a write per call. */
const LAST_USED_INTERVAL_MS = 60_000;

/** 256 random bits after the prefix (docs/decisions.md); only the keyed hash is stored. */
export function newPersonalToken(): string {
  return PERSONAL_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function personalTokenHash(secret: string, token: string): string {
  return tokenHash(secret, `pat:${token}`);
}

/**
 * The token of `Authorization: Bearer <token>` (case-insensitive scheme), or null when the request
 * carries none. A malformed header counts as a token, so it is refused rather than ignored.
 */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^bearer\s+(\S*)\s*$/i.exec(header);
  return match ? (match[1] ?? '') : null;
}

/** Resolves personal tokens to their user, as SessionStore resolves session cookies. */
export class PersonalTokenStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  /** The token's user with the token's id and scope, or null when unknown, revoked or expired. */
  async resolve(token: string): Promise<SessionUser | null> {
    if (!token.startsWith(PERSONAL_TOKEN_PREFIX)) return null;
    const [row] = await this.db
      .select({
        tokenId: personalTokens.id,
        scope: personalTokens.scope,
        expiresAt: personalTokens.expiresAt,
        lastUsedAt: personalTokens.lastUsedAt,
        id: users.id,
        name: users.name,
        plan: users.plan,
        planExpiresAt: users.planExpiresAt,
      })
      .from(personalTokens)
      .innerJoin(users, eq(users.id, personalTokens.userId))
      .where(eq(personalTokens.tokenHash, personalTokenHash(this.secret, token)))
      .limit(1);
    if (!row) return null;
    const now = this.clock.now().getTime();
    if (row.expiresAt && row.expiresAt.getTime() <= now) return null;
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_INTERVAL_MS) {
      await this.db
        .update(personalTokens)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(personalTokens.id, row.tokenId));
    }
    return {
      id: row.id,
      name: row.name,
      // no session stands behind a token: 0 names none (session ids start at 1)
      sessionId: 0,
      plan: row.plan,
      planExpiresAt: row.planExpiresAt,
      token: { id: row.tokenId, scope: row.scope as PersonalTokenScope },
    };
  }

  /** Whether the token still works, without counting as a use (for long-lived sockets). */
  async isActive(token: string): Promise<boolean> {
    const [row] = await this.db
      .select({ expiresAt: personalTokens.expiresAt })
      .from(personalTokens)
      .where(eq(personalTokens.tokenHash, personalTokenHash(this.secret, token)))
      .limit(1);
    return Boolean(row && (!row.expiresAt || row.expiresAt.getTime() > this.clock.now().getTime()));
  }
}
