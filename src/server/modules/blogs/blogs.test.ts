import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { startXmlRpcBlog } from '../../../../test/helpers/xmlrpc-blog.ts';
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

async function countRows(table: 'blog_accounts') {
  const rows = await queryRows<{ n: number }>(
    t.database.db,
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

  it('an end point on a private address is refused', async () => {
    const carol = await prod.signUp();
    const n = blog.posts.length;
    const added = (await carol.post('/blog_this/add_blog', account())).json().blog;
    expect(added).toMatchObject({ valid: false, check: { code: -2 } });
    const res = await carol.post('/blog_this/add_post', {
      postInfos: String(added.id),
      content: { title: 'T', description: 'D' },
    });
    expect(res.json()).toMatchObject({ code: -1, msg: 'Published to blog failed!' });
    expect(blog.posts).toHaveLength(n);
  });
});
