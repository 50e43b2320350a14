import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/factories/uploads.ts';
import { setPlan } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient, uniqueName } from '../../../../test/helpers/app.ts';
import { linkIn } from '../../../../test/helpers/mail-links.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { SETTINGS_MSG } from '../../../shared/schemas/settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const settingsOf = async (c: TestClient) => {
  const res = await c.get('/interact_api/load_user_setting');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const op = (c: TestClient, name: string, body: unknown = {}) => c.post(`/api/settings/${name}`, body);
const signIn = (c: TestClient, name: string, password: string) =>
  c.post('/api/auth/sign-in', { name_or_email: name, password });

function avatarUpload(c: TestClient, file: Buffer, filename: string) {
  const { payload, headers } = multipartBody([
    { name: 'type', value: 'user' },
    { name: 'iframe', value: '1' },
    { name: 'id', value: c.name! },
    { name: 'source', value: file, filename, contentType: 'application/octet-stream' },
  ]);
  return c.request({ method: 'POST', url: '/api/settings/uploadAvatar', payload, headers });
}

describe('load_user_setting', () => {
  it('answers the spec fields of the signed-in user and 401 to a visitor', async () => {
    const c = await t.signUp();
    const s = await settingsOf(c);
    expect(s).toMatchObject({
      email: `${c.name}@example.com`,
      unverifiedEmail: null,
      acctType: 'free',
      connections: {},
      notification: { newletter: true, importantNewsAndAlertOnly: false, whenContactJoin: true },
      openTextView: true,
      privateRssFeed: false,
      hidePassword: false,
      outliner: { quota: true, sourceLink: true },
      premium: { isPremium: false, gifts: [], giftCount: 0 },
      affiliate: null,
      avatar_url: '/avatar-default.svg',
    });
    expect(typeof s.createTime).toBe('number');
    expect((await t.visitor().get('/interact_api/load_user_setting')).statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('sets each flag for the caller only; premium ones need a plan', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await op(a, 'setNewslettersNotif', { value: 'false' })).json()).toEqual({
      code: 1,
      message: 'Saved.',
    });
    await op(a, 'setImportantAndAlertOnlyNotif', { value: true });
    await op(a, 'setNotifyWhenJoin', { value: '0' });
    await op(a, 'setNotifyWhenFollow', { value: 0 });
    await op(a, 'setFollowAuth', { value: 1 });
    await op(a, 'setOutlinerSettings', { quota: false });
    await op(a, 'setLanguage', { language: 'en' });
    const s = await settingsOf(a);
    expect(s.notification).toEqual({
      newletter: false,
      importantNewsAndAlertOnly: true,
      whenContactJoin: false,
      whenFollow: false,
    });
    expect(s.followAuth).toBe(true);
    expect(s.outliner.quota).toBe(false);
    expect((await settingsOf(b)).notification.newletter).toBe(true);

    const rss = await op(a, 'setRssFeed', { value: true });
    expect(rss.statusCode).toBe(402);
    expect(rss.json().message).toBe(SETTINGS_MSG.premiumOnly);
    expect((await op(a, 'setOpenTextView', { value: false })).statusCode).toBe(402);
    await setPlan(t.database, a, 'professional');
    expect((await op(a, 'setRssFeed', { value: true })).json().code).toBe(1);
    expect((await op(a, 'setOpenTextView', { value: false })).json().code).toBe(1);
    const p = await settingsOf(a);
    expect(p.privateRssFeed).toBe(true);
    expect(p.openTextView).toBe(false);
    expect(p.acctType).toBe('professional');
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const a = await t.signUp();
    expect((await op(a, 'setNewslettersNotif', {})).statusCode).toBe(400);
    expect((await op(a, 'setLanguage', { language: 'xx' })).statusCode).toBe(400);
    expect((await op(a, 'setOutlinerSettings', {})).statusCode).toBe(400);
    expect((await settingsOf(a)).notification.newletter).toBe(true);
    expect((await t.visitor().post('/api/settings/setNewslettersNotif', { value: true })).statusCode).toBe(
      401,
    );
  });
});

describe('offline items', () => {
  it('keeps 50 by default, sets one of the choices for the caller only, refuses others', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await settingsOf(a)).offlineItems).toBe(50);
    expect((await op(a, 'setOfflineItems', { count: 10 })).json()).toEqual({ code: 1, message: 'Saved.' });
    expect((await settingsOf(a)).offlineItems).toBe(10);
    expect((await settingsOf(b)).offlineItems).toBe(50);
    for (const count of [7, -1, 'many', 100_000]) {
      const refused = await op(a, 'setOfflineItems', { count });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().field).toBe('count');
    }
    expect((await settingsOf(a)).offlineItems).toBe(10);
    expect((await t.visitor().post('/api/settings/setOfflineItems', { count: 10 })).statusCode).toBe(401);
  });
});

describe('names', () => {
  it('changes the display name', async () => {
    const a = await t.signUp();
    const res = await op(a, 'changeRealName', { firstName: 'Ada', lastName: 'Lovelace' });
    expect(res.json()).toEqual({ code: 1, message: 'Change real name successfully.' });
    const info = (await a.get('/interact_api/load_user_info')).json();
    expect(info.real_name).toBe('Ada Lovelace');
  });

  it('changes the user name: rule, taken names, sessions end, old pages redirect', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const bad = await op(a, 'changeUserName', { name: '1abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Username must have 6 - 16 characters, begin with a letter, and no special characters.',
    );
    expect((await op(a, 'changeUserName', { name: b.name })).statusCode).toBe(400);
    const newName = uniqueName('renamed');
    const res = await op(a, 'changeUserName', { name: newName });
    expect(res.json().code).toBe(1);
    expect((await a.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    expect((await signIn(a, newName, 'secret123')).statusCode).toBe(200);
    const old = await t.visitor().get(`/profile/${a.name}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/profile/${newName}`);
    // the old name is not free for someone else
    expect((await op(b, 'changeUserName', { name: a.name })).statusCode).toBe(400);
  });
});

describe('avatar', () => {
  it('stores a resized picture with a cache-busted URL and serves it', async () => {
    const a = await t.signUp();
    const res = await avatarUpload(a, fixture('photo.jpg'), 'photo.jpg');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('You have changed your avatar');
    const m = body.avatar_url.match(/^\/api\/files\/avatars\/\d+\/[\w-]+\.png\?v=(\d+)$/);
    expect(m).not.toBeNull();
    expect(Number(m[1])).toBeLessThan(1000);
    expect((await settingsOf(a)).avatar_url).toBe(body.avatar_url);
    const img = await t.visitor().get(body.avatar_url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const bmp = await avatarUpload(a, fixture('flag.bmp'), 'flag.bmp');
    expect(bmp.statusCode).toBe(200);
    // the replaced picture is gone
    expect((await t.visitor().get(body.avatar_url)).statusCode).toBe(404);
  });

  it("refuses other types and large files with the spec's words", async () => {
    const a = await t.signUp();
    const webp = await avatarUpload(a, fixture('green.webp'), 'green.webp');
    expect(webp.statusCode).toBe(400);
    expect(webp.json().message).toBe('Please choose a picture to upload(suport: .jpg, .png, .gif, .bmp).');
    const big = Buffer.concat([fixture('blue-square.png'), Buffer.alloc(2 * 1024 * 1024)]);
    const large = await avatarUpload(a, big, 'big.png');
    expect(large.statusCode).toBe(400);
    expect(large.json().message).toBe('The maximum file size is 2MB.');
    expect((await settingsOf(a)).avatar_url).toBe('/avatar-default.svg');
  });
});

describe('e-mail', () => {
  it('checks, changes through the mailed link (single use), resends', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const same = await op(a, 'checkEmail', { email: `${a.name}@example.com` });
    expect(same.json().message).toBe('Please enter a new email address.');
    const used = await op(a, 'checkEmail', { email: `${b.name}@example.com` });
    expect(used.json().message).toBe('The email address has been used.');
    expect((await op(a, 'checkEmail', { email: `${a.name}@new.example.com` })).json().code).toBe(1);

    const newEmail = `${a.name}@new.example.com`.toLowerCase();
    const wrong = await op(a, 'setEmail', { password: 'nope123', email: newEmail });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your password is incorrect.');
    const set = await op(a, 'setEmail', { password: 'secret123', email: newEmail });
    expect(set.json()).toEqual({
      code: 1,
      message: 'Email has been changed, check your mail box to verify.',
    });
    let s = await settingsOf(a);
    expect(s.email).toBe(`${a.name}@example.com`);
    expect(s.unverifiedEmail).toBe(newEmail);

    expect((await op(a, 'resendEmail')).json()).toEqual({
      code: 1,
      message: 'Resend verification email success',
    });
    const { url } = linkIn(t.inbox, newEmail, '/api/settings/verify-email');
    const follow = await t.visitor().get(url.pathname + url.search);
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toBe('/setting?email_verified=1');
    s = await settingsOf(a);
    expect(s.email).toBe(newEmail);
    expect(s.unverifiedEmail).toBeNull();
    const again = await t.visitor().get(url.pathname + url.search);
    expect(again.headers.location).toBe('/setting?email_verified=0');
  });
});

describe('password', () => {
  it('needs the current one, checks the new one, and ends the other sessions', async () => {
    const name = uniqueName();
    const a = await t.signUp({ name });
    const other = t.visitor();
    expect((await signIn(other, name, 'secret123')).statusCode).toBe(200);
    const empty = await op(a, 'setPassword', { current: '', new: 'newsecret1' });
    expect(empty.json().message).toBe('Current Password cannot be empty.');
    const wrong = await op(a, 'setPassword', { current: 'wrong12', new: 'newsecret1' });
    expect(wrong.json().message).toBe('Please input the correct current password.');
    const short = await op(a, 'setPassword', { current: 'secret123', new: 'abc' });
    expect(short.json().message).toBe('Your password should be at least 6 characters, and not over 32.');
    const ok = await op(a, 'setPassword', { current: 'secret123', new: 'newsecret1' });
    expect(ok.json()).toEqual({ code: 1, message: 'You have changed your password successfully.' });
    expect((await a.get('/interact_api/load_user_setting')).statusCode).toBe(200);
    expect((await other.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    expect((await signIn(t.visitor(), name, 'secret123')).statusCode).toBe(400);
    expect((await signIn(t.visitor(), name, 'newsecret1')).statusCode).toBe(200);
  });
});
