import { and, count, desc, eq } from 'drizzle-orm';
import { TOKENS_PER_USER_MAX } from '../../../shared/limits.ts';
import {
  type CreateTokenInput,
  type PersonalTokenRow,
  type PersonalTokenScope,
  TOKENS_MSG,
} from '../../../shared/schemas/tokens.ts';
import type { Db } from '../../db/client.ts';
import { personalTokens } from '../../db/schema.ts';
import { newPersonalToken, personalTokenHash } from '../../platform/auth/personal-tokens.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';

const DAY_MS = 86_400_000;

type Row = typeof personalTokens.$inferSelect;

function present(row: Row): PersonalTokenRow {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as PersonalTokenScope,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Making, listing and revoking personal access tokens (issue 30). The token is answered once and
 * only its keyed hash kept; using one is platform/auth (PersonalTokenStore, the token gate).
 */
export class TokensService {
  constructor(private readonly deps: { db: Db; clock: Clock; secret: string }) {}

  async create(user: SessionUser, input: CreateTokenInput): Promise<PersonalTokenRow & { token: string }> {
    const { db, clock, secret } = this.deps;
    return db.transaction(async (tx) => {
      const [held] = await tx
        .select({ n: count() })
        .from(personalTokens)
        .where(eq(personalTokens.userId, user.id));
      if ((held?.n ?? 0) >= TOKENS_PER_USER_MAX) throw new ValidationError(TOKENS_MSG.tooMany);
      const token = newPersonalToken();
      const now = clock.now();
      const [row] = await tx
        .insert(personalTokens)
        .values({
          userId: user.id,
          name: input.name,
          scope: input.scope,
          tokenHash: personalTokenHash(secret, token),
          createdAt: now,
          expiresAt: input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * DAY_MS) : null,
        })
        .returning();
      return { ...present(row as Row), token };
    });
  }

  async list(user: SessionUser): Promise<{ tokens: PersonalTokenRow[] }> {
    const rows = await this.deps.db
      .select()
      .from(personalTokens)
      .where(eq(personalTokens.userId, user.id))
      .orderBy(desc(personalTokens.createdAt), desc(personalTokens.id));
    return { tokens: rows.map(present) };
  }

  /** Another user's token id is the same 404 as an unknown one. */
  async revoke(user: SessionUser, id: number): Promise<{ code: 1 }> {
    const gone = await this.deps.db
      .delete(personalTokens)
      .where(and(eq(personalTokens.id, id), eq(personalTokens.userId, user.id)))
      .returning({ id: personalTokens.id });
    if (!gone.length) throw new NotFoundError();
    return { code: 1 };
  }
}
