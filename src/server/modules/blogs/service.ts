import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { BLOG_ACCOUNTS_MAX, BLOG_CHECKS_AT_ONCE } from '../../../shared/limits.ts';
import {
  type AddBlogInput,
  type AddPostInput,
  type AddPostReply,
  BLOG_MESSAGES,
  type BlogItem,
  type BlogService,
} from '../../../shared/schemas/blogs.ts';
import type { Db, Executor } from '../../db/client.ts';
import { blogAccounts } from '../../db/schema.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import { BlockedAddressError, FetchError, InvalidUrlError } from '../../platform/fetch-errors.ts';
import type { Fetcher } from '../../platform/fetcher.ts';
import { open, seal } from '../../platform/secret-box.ts';
import { XmlRpcFault, xmlRpcCall } from './xmlrpc.ts';

type Row = typeof blogAccounts.$inferSelect;
interface Target {
  id: number | null;
  endPoint: string;
  userName: string;
  password: string;
}
type Check = BlogItem['check'];

/**
 * Blog accounts and publishing (issue 18 part 4): the MetaWeblog / Blogger XML-RPC APIs that
 * WordPress, Typepad, LiveJournal, Drupal and most others answer, every call through the
 * SSRF-guarded fetcher. Passwords are stored sealed with AES-256-GCM under SECRETS_KEY.
 */
export class BlogsService {
  constructor(private readonly deps: { db: Db; fetcher: Fetcher; secretsKey: string }) {}

  /**
   * POST /blog_this/add_blog. An end point the fetcher would refuse (a private or metadata address,
   * a URL with credentials) is never stored; at most BLOG_ACCOUNTS_MAX accounts a user, counted
   * under a per-user lock so two adds at once cannot both take the last place.
   */
  async add(userId: number, v: AddBlogInput): Promise<BlogItem> {
    if ((await this.countOf(this.deps.db, userId)) >= BLOG_ACCOUNTS_MAX)
      throw new ValidationError(BLOG_MESSAGES.tooMany);
    try {
      await this.deps.fetcher.checkUrl(v.end_point);
    } catch (err) {
      if (err instanceof InvalidUrlError || err instanceof BlockedAddressError)
        throw new ValidationError(err.message, 'end_point');
      // a name that does not resolve now is only an invalid account, as the check below reports
    }
    const target = { id: null, endPoint: v.end_point, userName: v.b_u_name, password: v.b_password };
    const check = await this.check(target);
    const row = await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`blog_accounts:${userId}`}, 0))`);
      if ((await this.countOf(tx, userId)) >= BLOG_ACCOUNTS_MAX)
        throw new ValidationError(BLOG_MESSAGES.tooMany);
      const [inserted] = await tx
        .insert(blogAccounts)
        .values({
          userId,
          service: v.service,
          label: v.label,
          url: v.url,
          endPoint: v.end_point,
          userName: v.b_u_name,
          passwordSealed: seal(this.deps.secretsKey, v.b_password),
          valid: check.code === 1,
        })
        .returning();
      return inserted!;
    });
    return item(row, check);
  }

  /**
   * GET /interact_api/load_blogs: every account, its validity checked afresh, BLOG_CHECKS_AT_ONCE at
   * a time so one listing never floods the blogs (or the fetcher) with parallel calls.
   */
  async list(userId: number): Promise<BlogItem[]> {
    const rows = await this.deps.db
      .select()
      .from(blogAccounts)
      .where(eq(blogAccounts.userId, userId))
      .orderBy(asc(blogAccounts.id));
    return mapAtMost(BLOG_CHECKS_AT_ONCE, rows, async (row) => {
      const check = await this.check(this.target(row));
      if ((check.code === 1) !== row.valid)
        await this.deps.db
          .update(blogAccounts)
          .set({ valid: check.code === 1 })
          .where(eq(blogAccounts.id, row.id));
      return item({ ...row, valid: check.code === 1 }, check);
    });
  }

  private async countOf(ex: Executor, userId: number): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(blogAccounts).where(eq(blogAccounts.userId, userId));
    return row?.n ?? 0;
  }

  async remove(userId: number, id: number): Promise<void> {
    const gone = await this.deps.db
      .delete(blogAccounts)
      .where(and(eq(blogAccounts.id, id), eq(blogAccounts.userId, userId)))
      .returning({ id: blogAccounts.id });
    if (gone.length === 0) throw new NotFoundError();
  }

  /** POST /blog_this/add_post: metaWeblog.newPost to each chosen blog. */
  async addPost(userId: number, v: AddPostInput): Promise<AddPostReply> {
    const targets = await this.targets(userId, v);
    const publish = !isOn(v.draft);
    const results = await mapAtMost(BLOG_CHECKS_AT_ONCE, targets, async (t) => {
      try {
        const postId = await xmlRpcCall(this.deps.fetcher, t.endPoint, 'metaWeblog.newPost', [
          '1',
          t.userName,
          t.password,
          { title: v.content.title, description: v.content.description },
          publish,
        ]);
        return { id: t.id, ok: true, postId: String(postId), error: '' };
      } catch (err) {
        return { id: t.id, ok: false, postId: '', error: failure(err).msg };
      }
    });
    const ok = results.every((r) => r.ok);
    return { code: ok ? 1 : -1, msg: ok ? BLOG_MESSAGES.published : BLOG_MESSAGES.failed, results };
  }

  private async targets(userId: number, v: AddPostInput): Promise<Target[]> {
    if (String(v.blogInfoType ?? '') === '1' && v.end_point) {
      if (!/^https?:\/\//i.test(v.end_point) || !v.b_u_name)
        throw new ValidationError('end_point and b_u_name are required.');
      return [{ id: null, endPoint: v.end_point, userName: v.b_u_name, password: v.b_password }];
    }
    const ids = blogIds(v.postInfos);
    if (ids.length === 0) throw new ValidationError(BLOG_MESSAGES.needOneBlog);
    const rows = await this.deps.db
      .select()
      .from(blogAccounts)
      .where(and(inArray(blogAccounts.id, ids), eq(blogAccounts.userId, userId)));
    // another user's account is as unknown as a missing one
    if (rows.length !== ids.length) throw new NotFoundError();
    return rows.map((r) => this.target(r));
  }

  private target(row: Row): Target {
    return {
      id: row.id,
      endPoint: row.endPoint,
      userName: row.userName,
      password: open(this.deps.secretsKey, row.passwordSealed),
    };
  }

  /** blogger.getUsersBlogs: an array answer is valid (code 1), a fault -1 with its text, transport -2. */
  private async check(t: Target): Promise<Check> {
    try {
      const answer = await xmlRpcCall(this.deps.fetcher, t.endPoint, 'blogger.getUsersBlogs', [
        '',
        t.userName,
        t.password,
      ]);
      if (!Array.isArray(answer)) return { code: -1, msg: BLOG_MESSAGES.formatError };
      return { code: 1, msg: '' };
    } catch (err) {
      return failure(err);
    }
  }
}

function failure(err: unknown): Check {
  if (err instanceof XmlRpcFault) return { code: -1, msg: err.faultString || BLOG_MESSAGES.formatError };
  if (err instanceof FetchError) return { code: -2, msg: err.message };
  if (err instanceof Error && err.message.startsWith('XML-RPC'))
    return { code: -1, msg: BLOG_MESSAGES.formatError };
  throw err;
}

function item(row: Row, check: Check): BlogItem {
  return {
    id: row.id,
    label: row.label,
    url: row.url,
    service: row.service as BlogService,
    valid: row.valid,
    check,
  };
}

function blogIds(postInfos: string | number[]): number[] {
  let list: unknown[] = [];
  if (Array.isArray(postInfos)) list = postInfos;
  else if (postInfos.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(postInfos) as unknown;
      list = Array.isArray(parsed)
        ? parsed.map((p) => (p && typeof p === 'object' ? (p as { id?: unknown }).id : p))
        : [];
    } catch {
      throw new ValidationError('postInfos is not valid.');
    }
  } else list = postInfos.split(',').filter((s) => s.trim() !== '');
  const ids = list.map((x) => Number(x));
  if (ids.some((n) => !Number.isInteger(n) || n <= 0)) throw new ValidationError('postInfos is not valid.');
  return [...new Set(ids)];
}

/** fn over every value, at most `limit` running at once; the answers in the values' order. */
async function mapAtMost<T, R>(limit: number, values: T[], fn: (value: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(values.length);
  let next = 0;
  const worker = async () => {
    while (next < values.length) {
      const i = next++;
      results[i] = await fn(values[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, worker));
  return results;
}

function isOn(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === '1' || flag === 'true' || flag === 'on';
}
