import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { startXmlRpcBlog } from '../../../../test/helpers/xmlrpc-blog.ts';
import { BLOG_ACCOUNTS_MAX, BLOG_CHECKS_AT_ONCE } from '../../../shared/limits.ts';
import { queryRows } from '../../db/client.ts';
import { open } from '../../platform/secret-box.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let blog: Awaited<ReturnType<typeof startXmlRpcBlog>>;
let aliceBlog: number;

const account = (over: Record<string, string> = {}) => ({
  service: 'wordpress',
  label: 'My WordPress',
  url: 'http://blog.test/',
  end_point: blog.url,
  b_u_name: 'writer',
  b_password: 'pa55-word',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1' });
  alice = await t.signUp();
  bob = await t.signUp();
  blog = await startXmlRpcBlog({ user: 'writer', password: 'pa55-word' });
});
afterAll(async () => {
  await blog.close();
  await t.close();
});

async function countRows(table: 'blog_accounts', app = t) {
  const rows = await queryRows<{ n: number }>(
    app.database.db,
    sql.raw(`select count(*)::int as n from ${table}`),
  );
  return rows[0]!.n;
}

describe('blog accounts', () => {
  it('adds an account, checked valid, with the password stored encrypted', async () => {
    const res = await alice.post('/blog_this/add_blog', account());
    expect(res.statusCode).toBe(200);
    const { blog: item } = res.json();
    expect(item).toMatchObject({
      label: 'My WordPress',
      service: 'wordpress',
      valid: true,
      check: { code: 1 },
    });
    aliceBlog = item.id;
    const [row] = await queryRows<{ password_sealed: string }>(
      t.database.db,
      sql`select password_sealed from blog_accounts where id = ${aliceBlog}`,
    );
    expect(row!.password_sealed).not.toContain('pa55-word');
    expect(open(t.config.secretsKey, row!.password_sealed)).toBe('pa55-word');
  });

  it('load_blogs checks every blog: a wrong password is marked invalid with the blog text', async () => {
    const bad = (
      await alice.post('/blog_this/add_blog', account({ label: 'Wrong', b_password: 'nope' }))
    ).json().blog;
    expect(bad).toMatchObject({ valid: false, check: { code: -1, msg: 'Incorrect username or password.' } });
    const res = await alice.get('/interact_api/load_blogs');
    expect(res.statusCode).toBe(200);
    const blogs = res.json().blogs as { id: number; valid: boolean }[];
    expect(blogs.map((b) => [b.id, b.valid])).toEqual([
      [aliceBlog, true],
      [bad.id, false],
    ]);
    expect((await bob.get('/interact_api/load_blogs')).json().blogs).toEqual([]);
    expect((await alice.post('/blog_this/delete_blog', { id: String(bad.id) })).statusCode).toBe(200);
    expect((await alice.get('/interact_api/load_blogs')).json().blogs).toHaveLength(1);
  });

  it('bad input is refused with 400 and nothing written', async () => {
    const before = await countRows('blog_accounts');
    for (const body of [
      account({ service: 'medium' }),
      account({ end_point: 'ftp://blog.test/xmlrpc' }),
      account({ label: '' }),
      account({ b_password: '' }),
    ]) {
      expect((await alice.post('/blog_this/add_blog', body)).statusCode).toBe(400);
    }
    expect(await countRows('blog_accounts')).toBe(before);
    expect((await t.visitor().get('/interact_api/load_blogs')).statusCode).toBe(401);
  });

  it('a NUL byte or another control character in any text field is a 400 naming the field', async () => {
    const before = await countRows('blog_accounts');
    for (const [field, value] of [
      ['label', 'My\u0000blog'],
      ['b_u_name', 'writer\u0000'],
      ['url', 'http://blog.test/\u0000'],
      ['end_point', `${blog.url}\u0000`],
      ['b_password', 'pa55\u0000word'],
      ['service', 'wordpress\u0000'],
      ['label', 'bell\u0007'],
    ] as const) {
      const res = await alice.post('/blog_this/add_blog', account({ [field]: value }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, field).toBe(field);
    }
    expect(await countRows('blog_accounts')).toBe(before);
  });

  it('an end point the fetcher refuses is never saved, even where tests reach 127.0.0.1', async () => {
    const before = await countRows('blog_accounts');
    for (const end_point of [
      'http://169.254.169.254/xmlrpc.php',
      'http://[::ffff:169.254.169.254]/xmlrpc.php',
      'http://user:pw@blog.test/xmlrpc.php',
    ]) {
      const res = await alice.post('/blog_this/add_blog', account({ end_point }));
      expect(res.statusCode, end_point).toBe(400);
      expect(res.json().field, end_point).toBe('end_point');
    }
    expect(await countRows('blog_accounts')).toBe(before);
  });
});

describe('a user with many blog accounts', () => {
  let slow: Awaited<ReturnType<typeof startXmlRpcBlog>>;
  let dave: TestClient;
  beforeAll(async () => {
    // every answer takes a while, as a real blog's does, so checks sent together overlap
    slow = await startXmlRpcBlog({ user: 'writer', password: 'pa55-word', answerDelayMs: 20 });
    dave = await t.signUp();
  });
  afterAll(() => slow.close());

  it(`keeps at most ${BLOG_ACCOUNTS_MAX}; the next is refused with a clear message`, async () => {
    for (let i = 0; i < BLOG_ACCOUNTS_MAX; i++) {
      const res = await dave.post(
        '/blog_this/add_blog',
        account({ label: `Blog ${i}`, end_point: slow.url }),
      );
      expect(res.statusCode).toBe(200);
    }
    const before = await countRows('blog_accounts');
    const res = await dave.post('/blog_this/add_blog', account({ end_point: slow.url }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `You can keep at most ${BLOG_ACCOUNTS_MAX} blog accounts. Delete one to add another.`,
    );
    expect(await countRows('blog_accounts')).toBe(before);
  });

  it(`load_blogs checks them at most ${BLOG_CHECKS_AT_ONCE} at a time`, async () => {
    slow.load.calls = 0;
    slow.load.peakOpen = 0;
    const res = await dave.get('/interact_api/load_blogs');
    expect(res.statusCode).toBe(200);
    expect(res.json().blogs).toHaveLength(BLOG_ACCOUNTS_MAX);
    expect(res.json().blogs.every((b: { valid: boolean }) => b.valid)).toBe(true);
    expect(slow.load.calls).toBe(BLOG_ACCOUNTS_MAX);
    expect(slow.load.peakOpen).toBeLessThanOrEqual(BLOG_CHECKS_AT_ONCE);
  });
});

describe('publishing', () => {
  const post = (over: Record<string, unknown> = {}) => ({
    postInfos: String(aliceBlog),
    blogInfoType: '',
    api: '',
    end_point: '',
    b_u_name: '',
    b_password: '',
    'content[title]': 'My report',
    'content[description]': '<p>Highlights &amp; notes</p>',
    draft: '',
    ...over,
  });

  it('publishes with metaWeblog.newPost, and as a draft', async () => {
    const res = await alice.post('/blog_this/add_post', post());
    expect(res.json()).toMatchObject({ code: 1, msg: 'Published to blog success!' });
    expect(blog.posts.at(-1)).toMatchObject({
      user: 'writer',
      content: { title: 'My report', description: '<p>Highlights &amp; notes</p>' },
      publish: true,
    });
    const draft = await alice.post('/blog_this/add_post', post({ draft: '1' }));
    expect(draft.json().code).toBe(1);
    expect(blog.posts.at(-1)!.publish).toBe(false);
  });

  it('posts to an account given inline (blogInfoType 1)', async () => {
    const n = blog.posts.length;
    const res = await alice.post(
      '/blog_this/add_post',
      post({
        postInfos: '',
        blogInfoType: 1,
        api: 'metaweblog',
        end_point: blog.url,
        b_u_name: 'writer',
        b_password: 'pa55-word',
      }),
    );
    expect(res.json().code).toBe(1);
    expect(blog.posts).toHaveLength(n + 1);
  });

  it('a failing blog (fault) gives Published to blog failed!', async () => {
    blog.setMode('fault');
    try {
      const res = await alice.post('/blog_this/add_post', post());
      expect(res.json()).toMatchObject({
        code: -1,
        msg: 'Published to blog failed!',
        results: [{ ok: false, error: 'Blog is down for maintenance' }],
      });
    } finally {
      blog.setMode('ok');
    }
  });

  it('a slow blog times out through the fetch deadline', async () => {
    blog.setMode('slow');
    try {
      const pending = alice.post('/blog_this/add_post', post());
      await blog.callArrived;
      t.fetchDeadlines.expire();
      const res = await pending;
      expect(res.json()).toMatchObject({
        code: -1,
        msg: 'Published to blog failed!',
        results: [{ ok: false }],
      });
    } finally {
      blog.setMode('ok');
    }
  });

  it("another user's blog account is refused and nothing is posted", async () => {
    const n = blog.posts.length;
    expect((await bob.post('/blog_this/add_post', post())).statusCode).toBe(404);
    expect((await bob.post('/blog_this/delete_blog', { id: aliceBlog })).statusCode).toBe(404);
    expect(blog.posts).toHaveLength(n);
  });

  it('bad input is refused with 400 and nothing posted', async () => {
    const n = blog.posts.length;
    for (const body of [
      post({ 'content[title]': '' }),
      post({ postInfos: '' }),
      post({ postInfos: 'abc' }),
      post({ 'content[title]': 'My\u0000report' }),
    ]) {
      expect((await alice.post('/blog_this/add_post', body)).statusCode).toBe(400);
    }
    expect(blog.posts).toHaveLength(n);
  });
});

describe('in the production configuration', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp();
  });
  afterAll(() => prod.close());

  it('an end point on a private address is refused and never saved', async () => {
    const carol = await prod.signUp();
    const n = blog.posts.length;
    const before = await countRows('blog_accounts', prod);
    for (const end_point of [
      blog.url,
      'http://10.0.0.7/xmlrpc.php',
      'http://192.168.1.1/xmlrpc.php',
      'http://[::1]/xmlrpc.php',
      'http://localhost/xmlrpc.php',
    ]) {
      const res = await carol.post('/blog_this/add_blog', account({ end_point }));
      expect(res.statusCode, end_point).toBe(400);
      expect(res.json(), end_point).toMatchObject({
        field: 'end_point',
        message: expect.stringMatching(/^Refused to fetch/),
      });
    }
    expect(await countRows('blog_accounts', prod)).toBe(before);
    const inline = await carol.post('/blog_this/add_post', {
      postInfos: '',
      blogInfoType: '1',
      end_point: blog.url,
      b_u_name: 'writer',
      b_password: 'pa55-word',
      content: { title: 'T', description: 'D' },
    });
    expect(inline.json()).toMatchObject({ code: -1, msg: 'Published to blog failed!' });
    expect(blog.posts).toHaveLength(n);
  });
});
