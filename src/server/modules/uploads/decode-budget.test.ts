import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneBitBmp } from '../../../../test/generators/bmp.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { DECODE_BUDGET_BYTES, DecodeBudget, decodeBudget } from './decode-budget.ts';
import { makeThumbnails } from './thumbnails.ts';

/** A promise the test settles itself: a decode that holds its pixels until told. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

describe('the decode budget', () => {
  it('admits reservations in arrival order and never above its bytes; a larger one runs alone', async () => {
    const budget = new DecodeBudget(100);
    const started: string[] = [];
    const gates = { a: gate(), b: gate(), c: gate(), d: gate() };
    const run = (name: keyof typeof gates, bytes: number) =>
      budget.use(bytes, async () => {
        started.push(name);
        await gates[name].opened;
      });
    const a = run('a', 60);
    const b = run('b', 60); // does not fit beside a
    const c = run('c', 30); // would fit, but waits behind b
    const d = run('d', 150); // above the whole budget: alone
    await Promise.resolve();
    expect(started).toEqual(['a']);
    gates.a.open();
    await a;
    await expect.poll(() => started).toEqual(['a', 'b', 'c']);
    gates.b.open();
    gates.c.open();
    await Promise.all([b, c]);
    await expect.poll(() => started).toEqual(['a', 'b', 'c', 'd']);
    gates.d.open();
    await d;
    expect(budget.seen).toEqual({ peakInUse: 150, peakHolders: 2, decodes: 4 });
  });
});

describe('four large BMPs at once', () => {
  let t: TestApp;
  let users: TestClient[];
  beforeAll(async () => {
    t = await createTestApp();
    users = await Promise.all([t.signUp(), t.signUp(), t.signUp(), t.signUp()]);
  });
  afterAll(() => t.close());

  /** the accounting counted from here on */
  const measureFromNow = () => {
    Object.assign(decodeBudget.seen, { peakInUse: 0, peakHolders: 0 });
    return decodeBudget.seen.decodes;
  };

  const upload = (c: TestClient, file: Buffer) => {
    const { payload, headers } = multipartBody([
      { name: 'type', value: 'user' },
      { name: 'iframe', value: '1' },
      { name: 'id', value: c.name! },
      { name: 'source', value: file, filename: 'me.bmp', contentType: 'application/octet-stream' },
    ]);
    return c.request({ method: 'POST', url: '/api/settings/uploadAvatar', payload, headers });
  };

  it('as avatars: each decoded within the budget shared by every decode of the process', async () => {
    // 2 MB on disk (under the avatar cap), 49 MB decoded
    const bmp = oneBitBmp(4096, 4000);
    const picture = 4096 * 4000 * 3;
    const before = measureFromNow();
    const replies = await Promise.all(users.map((u) => upload(u, bmp)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(decodeBudget.seen.decodes - before).toBe(4);
    expect(decodeBudget.seen.peakInUse).toBeLessThanOrEqual(DECODE_BUDGET_BYTES);
    expect(decodeBudget.seen.peakHolders).toBeLessThanOrEqual(Math.floor(DECODE_BUDGET_BYTES / picture));
  });

  it('as thumbnails: 6000x6000 pictures (108 MB decoded each) are decoded one at a time', async () => {
    const bmp = oneBitBmp(6000, 6000);
    const before = measureFromNow();
    const made = await Promise.all([1, 2, 3, 4].map(() => makeThumbnails(bmp, 'bmp')));
    expect(made.map((m) => [m.width, m.height])).toEqual(Array(4).fill([6000, 6000]));
    expect(decodeBudget.seen.decodes - before).toBe(4);
    expect(decodeBudget.seen.peakInUse).toBeLessThanOrEqual(DECODE_BUDGET_BYTES);
    expect(decodeBudget.seen.peakHolders).toBe(1);
  });
});
