import {
  avatarParamsSchema,
  changeRealNameSchema,
  changeUserNameSchema,
  checkEmailSchema,
  deleteUserSchema,
  endSessionSchema,
  forgotPasswordSchema,
  noFieldsSchema,
  resetPasswordSchema,
  sessionsReplySchema,
  setEmailSchema,
  setLanguageSchema,
  setOutlinerSettingsBodySchema,
  setPasswordSchema,
  settingFlagSchema,
  settingsReplySchema,
  uploadAvatarFieldsSchema,
  userSettingReplySchema,
  verifyEmailQuerySchema,
} from '../schemas/settings.ts';
import { defineCall } from './define.ts';

/** A yes/no preference: POST /api/settings/{name} {value}. */
const flag = <const N extends string>(name: N) =>
  defineCall({
    method: 'POST',
    path: `/api/settings/${name}`,
    summary: `Settings: ${name} {value}`,
    caller: 'session',
    body: settingFlagSchema,
    reply: settingsReplySchema,
  });

/**
 * The account's settings (part 2 §3): preferences, name, avatar, e-mail, password, sessions,
 * deletion, and the password reset. The password, the e-mail, the sessions and deleting the
 * account are a browser session's alone.
 */
export const settingsCalls = {
  load: defineCall({
    method: 'GET',
    path: '/interact_api/load_user_setting',
    summary: "The signed-in user's settings (part 2 §3)",
    caller: 'session',
    reply: userSettingReplySchema,
  }),
  setNewslettersNotif: flag('setNewslettersNotif'),
  setImportantAndAlertOnlyNotif: flag('setImportantAndAlertOnlyNotif'),
  setNotifyWhenJoin: flag('setNotifyWhenJoin'),
  setNotifyWhenFollow: flag('setNotifyWhenFollow'),
  setFollowAuth: flag('setFollowAuth'),
  setRssFeed: flag('setRssFeed'),
  setOpenTextView: defineCall({
    method: 'POST',
    path: '/api/settings/setOpenTextView',
    summary: 'Open bookmarks in the reader view (premium) {value}',
    caller: 'session',
    body: settingFlagSchema,
    reply: settingsReplySchema,
  }),
  setLanguage: defineCall({
    method: 'POST',
    path: '/api/settings/setLanguage',
    summary: 'The interface language {language}',
    caller: 'session',
    body: setLanguageSchema,
    reply: settingsReplySchema,
  }),
  setOutlinerSettings: defineCall({
    method: 'POST',
    path: '/api/settings/setOutlinerSettings',
    summary: 'Outliner settings {quota} or {source_link}',
    caller: 'session',
    body: setOutlinerSettingsBodySchema,
    reply: settingsReplySchema,
  }),
  changeRealName: defineCall({
    method: 'POST',
    path: '/api/settings/changeRealName',
    summary: 'Display name {firstName, lastName}',
    caller: 'session',
    body: changeRealNameSchema,
    reply: settingsReplySchema,
  }),
  checkEmail: defineCall({
    method: 'POST',
    path: '/api/settings/checkEmail',
    summary: 'Whether an address may become the account e-mail {email}',
    caller: 'session',
    scope: 'none',
    body: checkEmailSchema,
    reply: settingsReplySchema,
  }),
  setEmail: defineCall({
    method: 'POST',
    path: '/api/settings/setEmail',
    summary: 'Change the e-mail {password, email}: a verification mail',
    caller: 'session',
    scope: 'none',
    body: setEmailSchema,
    reply: settingsReplySchema,
  }),
  resendEmail: defineCall({
    method: 'POST',
    path: '/api/settings/resendEmail',
    summary: 'Send the verification mail again',
    caller: 'session',
    scope: 'none',
    body: noFieldsSchema,
    reply: settingsReplySchema,
  }),
  setPassword: defineCall({
    method: 'POST',
    path: '/api/settings/setPassword',
    summary: 'Change the password {current, new}; other sessions end',
    caller: 'session',
    scope: 'none',
    body: setPasswordSchema,
    reply: settingsReplySchema,
  }),
  sessions: defineCall({
    method: 'GET',
    path: '/api/settings/sessions',
    summary: "The account's active sessions",
    caller: 'session',
    scope: 'none',
    reply: sessionsReplySchema,
  }),
  endSession: defineCall({
    method: 'POST',
    path: '/api/settings/endSession',
    summary: 'Sign out one session of the account {id}',
    caller: 'session',
    scope: 'none',
    body: endSessionSchema,
    reply: settingsReplySchema,
  }),
  endOtherSessions: defineCall({
    method: 'POST',
    path: '/api/settings/endOtherSessions',
    summary: 'Sign out every other session of the account',
    caller: 'session',
    scope: 'none',
    body: noFieldsSchema,
    reply: settingsReplySchema,
  }),
  changeUserName: defineCall({
    method: 'POST',
    path: '/api/settings/changeUserName',
    summary: 'Change the user name {name}; every session ends',
    caller: 'session',
    body: changeUserNameSchema,
    reply: settingsReplySchema,
  }),
  deleteUser: defineCall({
    method: 'POST',
    path: '/api/settings/deleteUser',
    summary: 'Delete the account and everything in it {password}',
    caller: 'session',
    scope: 'none',
    body: deleteUserSchema,
    reply: settingsReplySchema,
  }),
  forgotPassword: defineCall({
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Mail a password reset link {email} (same reply whether or not it is an account)',
    caller: 'visitor',
    scope: 'none',
    body: forgotPasswordSchema,
    reply: settingsReplySchema,
  }),
  resetPassword: defineCall({
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password from a reset link {token, password}',
    caller: 'visitor',
    scope: 'none',
    body: resetPasswordSchema,
    reply: settingsReplySchema,
  }),
  /** the link in the verification mail: a page that redirects to /setting */
  verifyEmail: defineCall({
    method: 'GET',
    path: '/api/settings/verify-email',
    summary: 'Follow a verification link: the new address becomes the account e-mail; redirects to /setting',
    caller: 'visitor',
    scope: 'none',
    query: verifyEmailQuerySchema,
    produces: 'text/html',
  }),
  avatar: defineCall({
    method: 'GET',
    path: '/api/files/avatars/:userId/:name',
    summary: "A user's avatar (public)",
    caller: 'visitor',
    params: avatarParamsSchema,
    produces: 'image/png',
  }),
  uploadAvatar: defineCall({
    method: 'POST',
    path: '/api/settings/uploadAvatar',
    summary: 'Upload an avatar (multipart source: jpeg, png, gif or bmp under 2 MB; fields type, iframe, id)',
    caller: 'session',
    multipart: uploadAvatarFieldsSchema,
    reply: settingsReplySchema,
  }),
};

/** The yes/no preferences, each its own call. */
export type SettingFlagName =
  | 'setNewslettersNotif'
  | 'setImportantAndAlertOnlyNotif'
  | 'setNotifyWhenJoin'
  | 'setNotifyWhenFollow'
  | 'setFollowAuth'
  | 'setRssFeed';
