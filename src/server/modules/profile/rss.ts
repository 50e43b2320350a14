import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PLANS } from '../../../shared/plans.ts';
import { RSS_ITEMS_MAX, rssLinks } from '../../../shared/rss.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import type { PrivateRssInput } from '../../../shared/schemas/profile.ts';
import { tagFilterText } from '../../../shared/search-query.ts';
import type { Db } from '../../db/client.ts';
import { rssFeeds } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, PlanLimitError } from '../../platform/errors.ts';
import type { AccountsService, PlanHolder } from '../accounts/service.ts';
import { effectivePlan } from '../accounts/user-info.ts';
import type { ItemsService } from '../items/service.ts';

export const PRIVATE_RSS_PREMIUM_MESSAGE = 'Go premium to use the private RSS feed';

export interface RssDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  items: ItemsService;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Text for XML: escaped, and without the control characters XML 1.0 forbids. */
export function xmlText(value: string): string {
  return [...value]
    .filter((ch) => {
      const c = ch.codePointAt(0)!;
      return c === 9 || c === 10 || c === 13 || (c >= 32 && c !== 0xfffe && c !== 0xffff);
    })
    .join('')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

export interface Feed {
  title: string;
  link: string;
  description: string;
  items: ItemReply[];
}

/** An RSS 2.0 document; every user string is escaped, links are absolute. */
export function renderRss(feed: Feed, base: string): string {
  const abs = (u: string) => (/^https?:\/\//i.test(u) ? u : `${base}${u}`);
  const entries = feed.items.map((i) => {
    const link = i.url || abs(i.permanent_url || `/user/${encodeURIComponent(i.user_name)}/b/${i.link_id}`);
    const tags = i.t_name
      .split(',')
      .filter(Boolean)
      .map((t) => `      <category>${xmlText(t)}</category>`);
    return [
      '    <item>',
      `      <title>${xmlText(i.title || link)}</title>`,
      `      <link>${xmlText(link)}</link>`,
      `      <description>${xmlText(i.description)}</description>`,
      `      <pubDate>${new Date(i.created_at * 1000).toUTCString()}</pubDate>`,
      `      <guid isPermaLink="false">${xmlText(`${base}/item/${i.link_id}`)}</guid>`,
      ...tags,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0">',
    '  <channel>',
    `    <title>${xmlText(feed.title)}</title>`,
    `    <link>${xmlText(abs(feed.link))}</link>`,
    `    <description>${xmlText(feed.description)}</description>`,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/**
 * RSS 2.0 feeds: a user's public items, one public tag's, and the private feed of a whole library
 * behind a secret token (setting privateRssFeed, premium only; only the token's hash is stored).
 */
export class RssService {
  constructor(private readonly deps: RssDeps) {}

  async publicFeed(name: string, tag?: string): Promise<Feed> {
    const owner = await this.deps.accounts.findUserByName(name);
    if (!owner) throw new NotFoundError('No such user.');
    const list = await this.deps.items.list(
      null,
      {
        username: owner.name,
        sort: 'created',
        count: RSS_ITEMS_MAX,
        page_num: 0,
        what: tag ? tagFilterText(tag) : '',
      },
      { publicOnly: true },
    );
    // a tag on private items only is no feed at all (its existence is private too)
    if (tag && list.total === 0) throw new NotFoundError();
    return {
      title: tag ? `${owner.name}'s public items tagged ${tag}` : `${owner.name}'s public library`,
      link: tag
        ? `/profile/${encodeURIComponent(owner.name)}/${encodeURIComponent(tag)}`
        : `/profile/${encodeURIComponent(owner.name)}`,
      description: tag ? `Public items of ${owner.name} tagged ${tag}` : `Public items of ${owner.name}`,
      items: list.items,
    };
  }

  /** The whole library (private items too) of the user whose token this is, while the feed is on. */
  async privateFeed(token: string): Promise<Feed> {
    const [row] = await this.deps.db
      .select({ userId: rssFeeds.userId })
      .from(rssFeeds)
      .where(eq(rssFeeds.tokenHash, hashToken(token)))
      .limit(1);
    const owner = row && (await this.deps.accounts.findUser(row.userId));
    if (!owner || !this.premium(owner)) throw new NotFoundError();
    const list = await this.deps.items.list(owner, { sort: 'created', count: RSS_ITEMS_MAX, page_num: 0 });
    return {
      title: `${owner.name}'s library`,
      link: `/user/${encodeURIComponent(owner.name)}`,
      description: `Every item of ${owner.name}`,
      items: list.items,
    };
  }

  /**
   * Turns the private feed on (a new secret token; any earlier address stops working) or off
   * (the token is deleted: the address answers 404). Returns the feed's path, '' when off.
   */
  async setPrivateFeed(
    user: PlanHolder,
    { enabled }: PrivateRssInput,
  ): Promise<{ enabled: boolean; path: string }> {
    if (!enabled) {
      await this.deps.db.delete(rssFeeds).where(eq(rssFeeds.userId, user.id));
      return { enabled: false, path: '' };
    }
    if (!this.premium(user)) throw new PlanLimitError(PRIVATE_RSS_PREMIUM_MESSAGE, -3);
    const token = randomBytes(24).toString('base64url');
    const tokenHash = hashToken(token);
    await this.deps.db
      .insert(rssFeeds)
      .values({ userId: user.id, tokenHash, createdAt: this.deps.clock.now() })
      .onConflictDoUpdate({ target: rssFeeds.userId, set: { tokenHash, createdAt: this.deps.clock.now() } });
    return { enabled: true, path: rssLinks.private(token) };
  }

  /** privateRssFeed for the settings page. */
  async privateFeedOn(userId: number): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ userId: rssFeeds.userId })
      .from(rssFeeds)
      .where(eq(rssFeeds.userId, userId));
    return row !== undefined;
  }

  private premium(user: Pick<PlanHolder, 'plan' | 'planExpiresAt'>): boolean {
    return PLANS[effectivePlan(user, this.deps.clock.now())].premium;
  }
}
