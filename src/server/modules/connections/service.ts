import { randomInt } from 'node:crypto';
import { USERNAME_PATTERN } from '../../../shared/schemas/auth.ts';
import { CONNECTIONS_MSG, type ConnectionsList } from '../../../shared/schemas/connections.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import type { UserRow } from '../accounts/repo.ts';
import { type AccountsService, isUniqueViolation } from '../accounts/service.ts';
import type { ProviderIdentity } from './oidc.ts';
import * as repo from './repo.ts';

export interface ConnectionsDeps {
  db: Db;
  accounts: AccountsService;
}

/** What the callback did: which user is signed in (or was connected) now. */
export type Outcome = { kind: 'signed-in' | 'signed-up' | 'connected'; user: UserRow };

/** A provider as the messages name it. */
export interface ProviderRef {
  id: string;
  name: string;
}

export class ConnectionsService {
  constructor(private readonly deps: ConnectionsDeps) {}

  /** A callback's round trip, answered once only (repo.spendState): false for a replay. */
  spendFlow(flow: { state: string; expiresAt: number }, now: Date): Promise<boolean> {
    return repo.spendState(this.deps.db, flow.state, new Date(flow.expiresAt), now);
  }

  /** load_user_setting's connections: keyed by provider, {_id, identify}. */
  async list(userId: number): Promise<ConnectionsList> {
    const rows = await repo.listOfUser(this.deps.db, userId);
    return Object.fromEntries(rows.map((r) => [r.provider, { _id: String(r.id), identify: r.identify }]));
  }

  /**
   * Removes one of the user's connections; refuses to remove the last way in (no password and no
   * other connection). Another user's id is not found.
   */
  async disconnect(userId: number, id: number): Promise<{ provider: string }> {
    // read before the transaction: on PGlite a query outside it would wait for it to end
    const user = await this.deps.accounts.findUser(userId);
    if (!user) throw new NotFoundError();
    return this.deps.db.transaction(async (tx) => {
      const rows = await repo.listOfUser(tx, userId);
      const row = rows.find((r) => r.id === id);
      if (!row) throw new NotFoundError(CONNECTIONS_MSG.notFound);
      if (!user.passwordHash && rows.length === 1)
        throw new ValidationError(CONNECTIONS_MSG.onlySignIn, 'id');
      await repo.deleteOwn(tx, userId, id);
      return { provider: row.provider };
    });
  }

  /** Connects the account at the provider to a signed-in user (the Settings popup). */
  async connect(userId: number, p: ProviderRef, who: ProviderIdentity): Promise<Outcome> {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) throw new NotFoundError();
    const existing = await repo.findBySubject(this.deps.db, who.issuer, who.subject);
    if (existing?.userId === userId) return { kind: 'connected', user };
    if (existing) throw new ValidationError(CONNECTIONS_MSG.takenByOther(p.name));
    const mine = await repo.listOfUser(this.deps.db, userId);
    if (mine.some((r) => r.provider === p.id)) throw new ValidationError(CONNECTIONS_MSG.oneEach(p.name));
    try {
      await repo.insert(this.deps.db, { userId, provider: p.id, ...this.identityOf(who) });
    } catch (err) {
      // a second callback racing this one: the unique indexes decide
      if (isUniqueViolation(err)) throw new ValidationError(CONNECTIONS_MSG.takenByOther(p.name));
      throw err;
    }
    return { kind: 'connected', user };
  }

  /** Signs in the user the account is connected to, or signs a new user up with no password. */
  async signInOrUp(p: ProviderRef, who: ProviderIdentity): Promise<Outcome> {
    const existing = await repo.findBySubject(this.deps.db, who.issuer, who.subject);
    if (existing) {
      const user = await this.deps.accounts.findUser(existing.userId);
      if (user) return { kind: 'signed-in', user };
    }
    if (!who.email) throw new ValidationError(CONNECTIONS_MSG.noEmail(p.name));
    if (!who.emailVerified) throw new ValidationError(CONNECTIONS_MSG.emailUnverified(p.name));
    // never joined to an account by its e-mail alone: whoever controls the provider account would
    // get into the Folio account that happens to share the address
    if (await this.deps.accounts.findUserByEmail(who.email))
      throw new ValidationError(CONNECTIONS_MSG.emailTaken(p.name));
    const email = who.email;
    for (let attempt = 0; ; attempt++) {
      const name = await this.freeName(who, attempt);
      try {
        const user = await this.deps.db.transaction(async (tx) => {
          const created = await this.deps.accounts.createWithoutPassword(tx, { name, email });
          await repo.insert(tx, { userId: created.id, provider: p.id, ...this.identityOf(who) });
          return created;
        });
        return { kind: 'signed-up', user };
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 3) throw err;
        // the name was taken meanwhile: try another; a taken address or subject answers as above
        if (await this.deps.accounts.findUserByEmail(email))
          throw new ValidationError(CONNECTIONS_MSG.emailTaken(p.name));
        if (await repo.findBySubject(this.deps.db, who.issuer, who.subject))
          throw new ValidationError(CONNECTIONS_MSG.takenByOther(p.name));
      }
    }
  }

  private identityOf(who: ProviderIdentity) {
    return {
      issuer: who.issuer,
      subject: who.subject,
      identify: who.email ?? who.preferredUsername ?? who.name ?? who.subject,
    };
  }

  /** A user name nobody has, from the provider's user name, the e-mail's local part or the name. */
  private async freeName(who: ProviderIdentity, attempt: number): Promise<string> {
    const base = deriveUsername(who);
    if (attempt === 0 && (await this.deps.accounts.nameAvailable(base))) return base;
    for (let n = 2; n < 100; n++) {
      const name = `${base.slice(0, 16 - String(n).length)}${n}`;
      if (await this.deps.accounts.nameAvailable(name)) return name;
    }
    return `${base.slice(0, 10)}${randomInt(100_000, 1_000_000)}`;
  }
}

/** A user name of the allowed shape (a letter, then 5-15 letters, digits, _ or -). */
export function deriveUsername(who: Pick<ProviderIdentity, 'preferredUsername' | 'email' | 'name'>): string {
  const sources = [who.preferredUsername, who.email?.split('@')[0], who.name];
  for (const source of sources) {
    if (!source) continue;
    let name = source
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[\s.]+/g, '_')
      .replace(/[^A-Za-z0-9_-]/g, '')
      .replace(/^[^A-Za-z]+/, '')
      .slice(0, 16);
    if (!name) continue;
    while (name.length < 6) name += randomInt(0, 10);
    if (USERNAME_PATTERN.test(name)) return name;
  }
  return `user${randomInt(100_000, 1_000_000)}`;
}
