import { z } from 'zod';
import { PLAN_IDS } from '../plans.ts';
import { emailSchema, passwordSchema, usernameSchema } from './auth.ts';
import { flag, name, optional, text } from './fields.ts';

/** Part 2 §5, §7, §8: the settings texts, word for word where the spec gives them. */
export const SETTINGS_MSG = {
  emailSame: 'Please enter a new email address.',
  emailUsed: 'The email address has been used.',
  passwordIncorrect: 'Your password is incorrect.',
  currentEmpty: 'Current Password cannot be empty.',
  currentWrong: 'Please input the correct current password.',
  avatarTooLarge: 'The maximum file size is 2MB.',
  avatarType: 'Please choose a picture to upload(suport: .jpg, .png, .gif, .bmp).',
  renameError: 'We have met some error, please retry.',
  // success notifications
  emailChanged: 'Email has been changed, check your mail box to verify.',
  passwordChanged: 'You have changed your password successfully.',
  resendOk: 'Resend verification email success',
  avatarChanged: 'You have changed your avatar',
  realNameChanged: 'Change real name successfully.',
  // failure notifications
  disconnectFailed: (provider: string) => `Disconnect your ${provider} account fail.`,
  socialFailed: 'Social preferences update failed.',
  subscribeFailed: 'Subscribe settings update failed.',
  outlinerFailed: 'Outliner settings update failed.',
  avatarFailed: 'Change avatar failed.',
  resendFailed: 'Resend verification email failed.',
  emailFailed: 'Change email failed.',
  passwordFailed: 'Change password fail',
  // not given by the spec
  usernameChanged: 'Your username has been changed. Please sign in again with the new one.',
  saved: 'Saved.',
  premiumOnly: 'This setting is part of premium plans.',
  noUnverifiedEmail: 'There is no e-mail address waiting for verification.',
  emailVerified: 'Your e-mail address has been verified.',
  linkInvalid: 'This link is no longer valid. Please ask for a new one.',
  resetSent: 'If an account uses this address, we have sent it a link to reset the password.',
  passwordReset: 'Your password has been reset. Please sign in with the new one.',
  // deletion (§8)
  deletePasswordEmpty: 'Please enter your password.',
  deleteOk: 'Your account and everything in it have been deleted.',
  deletePersonalPremium: 'Please cancel your personal premium subscription in this page first.',
  deleteTeamPremium: 'Please cancel your team premium subscription in the team billing page first.',
  deleteCompanyAdmin:
    'You are the company administrator. Please quit your company before deleting your account.',
  deleteCompanyMember: 'Please quit your company before deleting your account.',
} as const;

export const LANGUAGES = ['en'] as const;

/** The operations of POST /api/settings/{operation} this build answers. */
export const SETTINGS_OPERATIONS = [
  'changeRealName',
  'changeUserName',
  'uploadAvatar',
  'checkEmail',
  'setEmail',
  'resendEmail',
  'setPassword',
  'setNewslettersNotif',
  'setImportantAndAlertOnlyNotif',
  'setNotifyWhenJoin',
  'setNotifyWhenFollow',
  'setFollowAuth',
  'setLanguage',
  'setOutlinerSettings',
  'setOpenTextView',
  'setRssFeed',
  'deleteUser',
] as const;

const NAME_PART_MAX = 64;
const namePart = optional(
  name()
    .trim()
    .max(NAME_PART_MAX, { error: `At most ${NAME_PART_MAX} characters.` }),
);

export const changeRealNameSchema = z.object({ firstName: namePart, lastName: namePart });
export type ChangeRealNameInput = z.output<typeof changeRealNameSchema>;
export const changeUserNameSchema = z.object({ name: usernameSchema });
export type ChangeUserNameInput = z.output<typeof changeUserNameSchema>;
export const checkEmailSchema = z.object({ email: emailSchema });
export type CheckEmailInput = z.output<typeof checkEmailSchema>;
export const setEmailSchema = z.object({
  password: z.string({ error: SETTINGS_MSG.passwordIncorrect }).max(1024),
  email: emailSchema,
});
export type SetEmailInput = z.output<typeof setEmailSchema>;
export const setPasswordSchema = z.object({
  current: z.string().max(1024).optional().default(''),
  new: passwordSchema,
});
export type SetPasswordInput = z.output<typeof setPasswordSchema>;
/** a yes/no preference: `value` as the forms send it */
export const settingFlagSchema = z.object({ value: flag });
export type SettingFlagInput = z.output<typeof settingFlagSchema>;
export const setLanguageSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'This language is not offered yet.' }),
});
export type SetLanguageInput = z.output<typeof setLanguageSchema>;
/** How many of the newest unread items a device keeps for reading offline (Preferences). */
export const OFFLINE_ITEMS_CHOICES = [0, 10, 25, 50, 100, 200] as const;
export const OFFLINE_ITEMS_DEFAULT = 50;
export const setOfflineItemsSchema = z.object({
  count: z.coerce
    .number({ error: 'count must be a number.' })
    .refine((n) => (OFFLINE_ITEMS_CHOICES as readonly number[]).includes(n), {
      error: `count must be one of ${OFFLINE_ITEMS_CHOICES.join(', ')}.`,
    }),
});
export type SetOfflineItemsInput = z.output<typeof setOfflineItemsSchema>;
export const setOutlinerSettingsBodySchema = z
  .object({ quota: flag.optional(), source_link: flag.optional() })
  .refine((d) => d.quota !== undefined || d.source_link !== undefined, {
    error: 'Send quota or source_link.',
  });
export type SetOutlinerSettingsInput = z.output<typeof setOutlinerSettingsBodySchema>;
export const deleteUserSchema = z.object({ password: z.string().max(1024).optional().default('') });

/** The guides whose "seen" the account keeps, so a new browser does not show them again. */
export const ACCOUNT_GUIDES = ['library'] as const;
export type AccountGuide = (typeof ACCOUNT_GUIDES)[number];
/** POST /api/settings/guides {guide}: the guide was shown */
export const markGuideSeenSchema = z.object({
  guide: z.enum(ACCOUNT_GUIDES, { error: 'This guide does not exist.' }),
});
export type MarkGuideSeenInput = z.output<typeof markGuideSeenSchema>;
/** GET /api/settings/guides */
export const guidesSeenReplySchema = z.object({ seen: z.array(z.enum(ACCOUNT_GUIDES)) });
export type GuidesSeenReply = z.output<typeof guidesSeenReplySchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;
export const resetPasswordSchema = z.object({
  token: text('The link is not valid.').min(1).max(200),
  password: passwordSchema,
});
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** A call that takes no fields (any sent are ignored). */
export const noFieldsSchema = z.object({}).passthrough();

/** GET /api/settings/verify-email?token= (the link in the verification mail) */
export const verifyEmailQuerySchema = z.object({ token: z.string().max(200).optional().default('') });

/** GET /api/files/avatars/{userId}/{name} */
export const avatarParamsSchema = z.object({ userId: z.string(), name: z.string() });

/** POST /api/settings/uploadAvatar: the multipart form's fields */
export const uploadAvatarFieldsSchema = z.object({
  source: z.string().describe('the picture'),
  type: z.string().optional(),
  iframe: z.string().optional(),
  id: z.string().optional(),
});

/** Every operation's reply: 1 success; deleteUser also 0, -1..-4 (§8). */
export const settingsReplySchema = z.object({
  code: z.number().int(),
  message: z.string(),
  avatar_url: z.string().optional(),
  companyCancelUri: z.string().optional(),
});
export type SettingsReply = z.infer<typeof settingsReplySchema>;

/** GET /interact_api/load_user_setting (part 2 §3 Settings) */
export const userSettingReplySchema = z.object({
  email: z.string(),
  unverifiedEmail: z.string().nullable(),
  acctType: z.enum(PLAN_IDS),
  /** seconds */
  createTime: z.number(),
  expireDate: z.number().nullable(),
  connections: z.record(z.string(), z.object({ _id: z.string(), identify: z.string() })),
  notification: z.object({
    newletter: z.boolean(),
    importantNewsAndAlertOnly: z.boolean(),
    whenContactJoin: z.boolean(),
    whenFollow: z.boolean(),
  }),
  followAuth: z.boolean(),
  openTextView: z.boolean(),
  privateRssFeed: z.boolean(),
  hidePassword: z.boolean(),
  language: z.enum(LANGUAGES),
  /** the newest unread items kept on the user's devices for reading offline */
  offlineItems: z.number(),
  outliner: z.object({ quota: z.boolean(), sourceLink: z.boolean() }),
  premium: z.object({
    isPremium: z.boolean(),
    gifts: z.array(
      z.object({
        purchaseDate: z.number(),
        recipient: z.string(),
        servicePlan: z.string(),
        status: z.string(),
        link: z.string(),
      }),
    ),
    giftCount: z.number(),
    canUpgrade: z.boolean(),
    sinceDate: z.number().nullable(),
    nextBillingDate: z.number().nullable(),
    premiumStatus: z.string(),
    paymentMethod: z.string().nullable(),
    servicePlan: z.enum(PLAN_IDS),
  }),
  affiliate: z.object({ link: z.string(), total: z.number(), available: z.number() }).nullable(),
  /** a team plan through a company: no personal subscription or e-mail subscriptions section */
  teamMember: z.boolean(),
  avatar_url: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type UserSettingReply = z.infer<typeof userSettingReplySchema>;

/** GET /api/settings/sessions: the account's active sessions (beyond the spec) */
export const sessionsReplySchema = z.object({
  code: z.literal(1),
  sessions: z.array(
    z.object({
      id: z.number(),
      device: z.string(),
      /** seconds */
      createdAt: z.number(),
      lastSeen: z.number(),
      current: z.boolean(),
    }),
  ),
});
export type SessionsReply = z.infer<typeof sessionsReplySchema>;
export const endSessionSchema = z.object({ id: z.coerce.number().int().positive() });
