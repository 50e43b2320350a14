import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PLANS } from '../../../shared/plans.ts';
import { RSS_ITEMS_MAX, rssLinks } from '../../../shared/rss.ts';
import { parseSavedQuery, type SavedSearchFilter } from '../../../shared/saved-search-query.ts';
import type { LoadItemsInput } from '../../../shared/schemas/items.ts';
import type { CreateSavedSearchInput, SavedSearch } from '../../../shared/schemas/saved-searches.ts';
import { SAVED_SEARCHES_MAX } from '../../../shared/schemas/saved-searches.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { Clock } from '../../platform/clock.ts';
import { toSeconds } from '../../platform/clock.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import { effectivePlan } from '../accounts/user-info.ts';
import type { ItemsService } from '../items/service.ts';
import type { Feed } from '../profile/rss.ts';
import * as repo from './repo.ts';

type Owner = Pick<SessionUser, 'id' | 'name' | 'plan' | 'planExpiresAt'>;

export interface SavedSearchesDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  items: ItemsService;
  /** keys the feeds' secret addresses (the server's session secret) */
  secret: string;
}

/** The list call's parameters for a saved filter, one page of `count`. */
function listQuery(filter: SavedSearchFilter, owner: string, count: number): LoadItemsInput {
  return { ...filter, sort: filter.sort ?? 'updated', page_num: 0, count, username: owner };
}

/**
 * Saved searches (issue 33): a library query kept under a name, counted live by the list's own
 * filter (items/listing.ts), each with a private RSS feed for premium plans. A feed's address holds
 * an HMAC of the search's id and salt under the server's secret: nothing stored opens it, and
 * deleting the search ends it.
 */
export class SavedSearchesService {
  constructor(private readonly deps: SavedSearchesDeps) {}

  async list(user: Owner): Promise<{ searches: SavedSearch[] }> {
    const rows = await repo.listOf(this.deps.db, user.id);
    const searches: SavedSearch[] = [];
    for (const row of rows) searches.push(await this.present(user, row));
    return { searches };
  }

  async create(user: Owner, { name, query }: CreateSavedSearchInput) {
    const parsed = parseSavedQuery(query);
    if (!parsed.ok) throw new ValidationError(parsed.message, 'query');
    if ((await repo.countOf(this.deps.db, user.id)) >= SAVED_SEARCHES_MAX)
      throw new ValidationError(`At most ${SAVED_SEARCHES_MAX} saved searches.`, 'name');
    const row = await repo.insert(this.deps.db, {
      userId: user.id,
      name,
      query: parsed.query,
      feedSalt: randomBytes(16).toString('base64url'),
      createdAt: this.deps.clock.now(),
    });
    return { code: 1 as const, search: await this.present(user, row) };
  }

  async remove(user: { id: number }, id: number) {
    if (!(await repo.remove(this.deps.db, user.id, id))) throw new NotFoundError();
    return { code: 1 as const, id };
  }

  /** The feed of a saved search, for its secret address, while its owner is premium; else not found. */
  async feed(id: number, token: string): Promise<Feed> {
    const row = await repo.find(this.deps.db, id);
    if (!row || !this.tokenMatches(row, token)) throw new NotFoundError();
    const owner = await this.deps.accounts.findUser(row.userId);
    if (!owner || !this.premium(owner)) throw new NotFoundError();
    const parsed = parseSavedQuery(row.query);
    if (!parsed.ok) throw new NotFoundError();
    const list = await this.deps.items.list(owner, {
      ...listQuery(parsed.filter, owner.name, RSS_ITEMS_MAX),
      sort: 'created',
    });
    return {
      title: `${owner.name}'s search: ${row.name}`,
      link: `/user/${encodeURIComponent(owner.name)}?${row.query}`,
      description: `Items of ${owner.name} matching ${row.name}`,
      items: list.items,
    };
  }

  private async present(user: Owner, row: repo.SavedSearchRow): Promise<SavedSearch> {
    const parsed = parseSavedQuery(row.query);
    const count = parsed.ok ? await this.deps.items.count(user, listQuery(parsed.filter, user.name, 24)) : 0;
    return {
      id: row.id,
      name: row.name,
      query: row.query,
      count,
      feed_path: this.premium(user) ? rssLinks.savedSearch(row.id, this.tokenOf(row)) : null,
      created_at: toSeconds(row.createdAt)!,
    };
  }

  private tokenOf(row: repo.SavedSearchRow): string {
    return createHmac('sha256', this.deps.secret)
      .update(`saved-search:${row.id}:${row.feedSalt}`)
      .digest('base64url');
  }

  private tokenMatches(row: repo.SavedSearchRow, token: string): boolean {
    const want = Buffer.from(this.tokenOf(row));
    const got = Buffer.from(token);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  private premium(user: Pick<Owner, 'plan' | 'planExpiresAt'>): boolean {
    return PLANS[effectivePlan(user, this.deps.clock.now())].premium;
  }
}
