import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptKey, CARDS, cardFields, payByCard } from '../../../../test/factories/premium.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { linkIn } from '../../../../test/helpers/mail-links.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AFFILIATE_COMMISSION_PERCENT: '25' });
});
afterAll(async () => {
  await t?.close();
});

const info = async (c: TestClient) => (await c.get('/interact_api/load_user_premium_info')).json();
const planOf = async (c: TestClient) =>
  (
    await queryRows<{ plan: string; plan_expires_at: string | null; next_billing_at: string | null }>(
      t.database.db,
      sql`SELECT plan, plan_expires_at, next_billing_at FROM users WHERE name = ${c.name!}`,
    )
  )[0]!;
const YEAR_MS = 365 * 86_400_000;
/** The mail's link, then the page's Redeem button (a same-origin form post): where it lands. */
async function redeem(c: TestClient, url: URL) {
  expect((await c.get(url.pathname + url.search)).statusCode).toBe(200);
  const code = url.searchParams.get('code')!;
  const posted = await c.request({
    method: 'POST',
    url: '/premium/gift/redeem',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `code=${encodeURIComponent(code)}`,
  });
  return posted.headers.location;
}

describe('gifts', () => {
  it('a gift bought by card is mailed to the recipient at the SMTP peer and redeemed once', async () => {
    const buyer = await t.signUp();
    const recipient = await t.signUp();
    const to = `${recipient.name}@example.com`;
    const res = await buyer.post('/api/premium/gift', {
      recipient: to,
      method: 'credit',
      message: 'Enjoy',
      idempotency_key: attemptKey(),
      ...cardFields(CARDS.visa),
    });
    expect(res.json()).toEqual({ status: 1, redirect_to: '/setting?gift=sent', message: '' });
    const { url } = linkIn(t.inbox, to, '/premium/gift/redeem');
    const settings = (await buyer.get('/interact_api/load_user_setting')).json();
    expect(settings.premium.giftCount).toBe(1);
    expect(settings.premium.gifts[0]).toMatchObject({
      recipient: to,
      servicePlan: 'Professional',
      status: 'sent',
    });
    expect(settings.premium.gifts[0].link).toBe(url.toString());
    expect((await planOf(buyer)).plan).toBe('free');

    // signed out: sign in first, then back to the link
    const signedOut = await t.visitor().get(url.pathname + url.search);
    expect(signedOut.headers.location).toBe(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    expect(await redeem(recipient, url)).toBe('/premium?gift=redeemed');
    const row = await planOf(recipient);
    expect(row.plan).toBe('professional');
    expect(row.next_billing_at).toBeNull();
    expect(new Date(row.plan_expires_at!).getTime() - t.clock.now().getTime()).toBeGreaterThan(
      YEAR_MS - 86_400_000,
    );
    expect((await info(recipient)).servicePlan).toBe('professional');

    expect(await redeem(await t.signUp(), url)).toBe('/premium?gift=invalid');
    expect((await buyer.get('/interact_api/load_user_setting')).json().premium.gifts[0].status).toBe(
      'redeemed',
    );
    expect(await redeem(recipient, new URL('http://x/premium/gift/redeem?code=nope'))).toBe(
      '/premium?gift=invalid',
    );
  });

  it('a gift redeemed by a Professional subscriber moves the billing date a year', async () => {
    const buyer = await t.signUp();
    const pro = await t.signUp();
    await payByCard(pro, { plan: 'professional', term: 'premium1month' });
    const before = new Date((await planOf(pro)).next_billing_at!).getTime();
    await buyer.post('/api/premium/gift', {
      recipient: `${pro.name}@example.com`,
      method: 'credit',
      ...cardFields(CARDS.visa),
    });
    const { url } = linkIn(t.inbox, `${pro.name}@example.com`, '/premium/gift/redeem');
    await redeem(pro, url);
    const after = new Date((await planOf(pro)).next_billing_at!).getTime();
    expect(after - before).toBeGreaterThanOrEqual(YEAR_MS);
  });
});

describe('affiliates', () => {
  it('a referral through the affiliate link gets 10 % off the first year and the affiliate earns the commission', async () => {
    const affiliate = await t.signUp();
    const console1 = (await affiliate.get('/api/affiliate/info')).json();
    expect(console1).toMatchObject({ total: 0, available: 0, referrals: 0 });
    const link = new URL(console1.link);
    expect(link.pathname).toBe('/premium');
    const code = link.searchParams.get('daf')!;

    const buyer = await t.signUp();
    const landed = await buyer.get(`/interact_api/load_user_premium_info?daf=${code}`);
    expect(landed.json()).toMatchObject({ discount: 10, affiliate: code });
    const cookie = landed.cookies.find((c) => c.name === 'daf')!;
    expect(cookie.maxAge).toBe(60 * 86_400);
    // the page showed 53.1 (59 less 10 %)
    const res = await payByCard(buyer, { plan: 'professional', famount: '53.1' });
    expect(res.json().status).toBe(1);
    expect((await info(buyer)).nowPrice).toBe(59);

    // 25 % of 53.10 (AFFILIATE_COMMISSION_PERCENT=25)
    const console2 = (await affiliate.get('/api/affiliate/info')).json();
    expect(console2).toMatchObject({ total: 13.28, available: 13.28, referrals: 1 });
    expect((await affiliate.get('/interact_api/load_user_setting')).json().affiliate).toMatchObject({
      total: 13.28,
    });
    const commissions = await queryRows<{ amount_cents: number }>(
      t.database.db,
      sql`SELECT amount_cents FROM ledger WHERE kind = 'commission' AND user_id = (SELECT id FROM users WHERE name = ${affiliate.name!})`,
    );
    expect(commissions).toEqual([{ amount_cents: 1328 }]);

    // the affiliate's own link gives them no discount
    expect((await affiliate.get(`/interact_api/load_user_premium_info?daf=${code}`)).json().discount).toBe(0);
    // the list price with an affiliate cookie is refused as a changed amount
    const other = await t.signUp();
    await other.get(`/interact_api/load_user_premium_info?daf=${code}`);
    expect((await payByCard(other, { plan: 'professional', famount: '59' })).json().status).toBe(0);
  });

  it('the ledger sums: charges less refunds equal what buyers paid, commissions equal affiliate totals', async () => {
    const [charges] = await queryRows<{ total: string | null }>(
      t.database.db,
      sql`SELECT sum(CASE kind WHEN 'charge' THEN amount_cents WHEN 'refund' THEN -amount_cents ELSE 0 END) AS total FROM ledger`,
    );
    const [commissions] = await queryRows<{ ledger: string | null; earned: string | null }>(
      t.database.db,
      sql`SELECT (SELECT sum(amount_cents) FROM ledger WHERE kind = 'commission') AS ledger, (SELECT sum(total_cents) FROM affiliates) AS earned`,
    );
    // two gifts (59), one Professional monthly (6), one referred Professional year (53.10)
    expect(Number(charges!.total)).toBe(5900 * 2 + 600 + 5310);
    expect(Number(commissions!.ledger)).toBe(Number(commissions!.earned));
  });
});

// after the ledger's sums, which count the gifts bought above
describe('redeeming a gift from another site', () => {
  /** A top-level navigation from a link on another site: the session cookie (SameSite=Lax) goes along. */
  const crossSiteGet = (c: TestClient, url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        referer: 'https://evil.example/',
      },
    });

  it('a GET changes no plan: it shows a page whose button posts the redeem from the app', async () => {
    const buyer = await t.signUp();
    const recipient = await t.signUp();
    const to = `${recipient.name}@example.com`;
    await buyer.post('/api/premium/gift', {
      recipient: to,
      method: 'credit',
      idempotency_key: attemptKey(),
      ...cardFields(CARDS.visa),
    });
    const { url } = linkIn(t.inbox, to, '/premium/gift/redeem');
    const code = url.searchParams.get('code')!;

    const page = await crossSiteGet(recipient, url.pathname + url.search);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<script');
    expect((await planOf(recipient)).plan).toBe('free');

    // the page's form, posted from another site, is refused too
    const forged = await t.app.inject({
      method: 'POST',
      url: '/premium/gift/redeem',
      headers: {
        cookie: [...recipient.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `code=${encodeURIComponent(code)}`,
    });
    expect(forged.statusCode).toBe(403);
    expect((await planOf(recipient)).plan).toBe('free');

    // the page's own form: the redeem, then the spec's premium page with the outcome
    const action = /<form method="post" action="([^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    const field = /<input type="hidden" name="code" value="([^"]+)"/.exec(page.body)![1]!;
    const posted = await recipient.request({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code=${encodeURIComponent(field.replace(/&amp;/g, '&'))}`,
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/premium?gift=redeemed');
    expect((await planOf(recipient)).plan).toBe('professional');
  });
});
