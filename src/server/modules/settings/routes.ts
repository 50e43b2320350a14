import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AVATAR_MAX_BYTES } from '../../../shared/limits.ts';
import {
  changeRealNameSchema,
  changeUserNameSchema,
  checkEmailSchema,
  deleteUserSchema,
  endSessionSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  SETTINGS_MSG,
  sessionsReplySchema,
  setEmailSchema,
  setLanguageSchema,
  setOutlinerSettingsBodySchema,
  setPasswordSchema,
  settingFlagSchema,
  settingsReplySchema,
  userSettingReplySchema,
} from '../../../shared/schemas/settings.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { send } from '../../platform/send-file.ts';
import { avatarKey, receiveAvatar } from './avatar.ts';
import { FLAG_OPERATION_NAMES, type SettingsService } from './service.ts';

export interface SettingsRouteDeps {
  settings: SettingsService;
  auth: Auth;
  blobs: BlobStore;
  publicUrl: string | undefined;
}

const response = { 200: settingsReplySchema };
const PAGE_OF_USER = /^\/(profile|user)\/([^/?]+)(.*)$/;

export async function registerSettingsRoutes(app: FastifyInstance, deps: SettingsRouteDeps) {
  const { settings, auth, blobs } = deps;
  const r = contract(app);
  const preValidation = signedIn(auth);
  const origin = (request: FastifyRequest) => deps.publicUrl ?? `${request.protocol}://${request.host}`;
  const me = (request: FastifyRequest): Promise<SessionUser> => auth.requireUser(request);

  r.get(
    '/interact_api/load_user_setting',
    {
      preValidation,
      schema: {
        summary: "The signed-in user's settings (part 2 §3)",
        response: { 200: userSettingReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return settings.load((await me(request)).id);
    },
  );

  const op = <S extends z.ZodType>(
    name: string,
    summary: string,
    body: S,
    handle: (
      user: SessionUser,
      body: z.infer<S>,
      request: FastifyRequest,
    ) => Promise<z.infer<typeof settingsReplySchema>>,
  ) =>
    r.post(`/api/settings/${name}`, { preValidation, schema: { summary, body, response } }, async (request) =>
      handle(await me(request), request.body as z.infer<S>, request),
    );

  for (const name of FLAG_OPERATION_NAMES) {
    op(name, `Settings: ${name} {value}`, settingFlagSchema, (user, body) =>
      settings.setFlag(user, name, body),
    );
  }
  op(
    'setOpenTextView',
    'Open bookmarks in the reader view (premium) {value}',
    settingFlagSchema,
    (user, body) => settings.setOpenTextView(user, body),
  );
  op('setLanguage', 'The interface language {language}', setLanguageSchema, (user, body) =>
    settings.setLanguage(user, body),
  );
  op(
    'setOutlinerSettings',
    'Outliner settings {quota} or {source_link}',
    setOutlinerSettingsBodySchema,
    (user, body) => settings.setOutlinerSettings(user, body),
  );
  op('changeRealName', 'Display name {firstName, lastName}', changeRealNameSchema, (user, body) =>
    settings.changeRealName(user, body),
  );
  op(
    'checkEmail',
    'Whether an address may become the account e-mail {email}',
    checkEmailSchema,
    (user, body) => settings.checkEmail(user, body),
  );
  op(
    'setEmail',
    'Change the e-mail {password, email}: a verification mail',
    setEmailSchema,
    (user, body, request) => settings.setEmail(user, body, origin(request)),
  );
  op('resendEmail', 'Send the verification mail again', z.object({}).passthrough(), (user, _b, request) =>
    settings.resendEmail(user, origin(request)),
  );
  op(
    'setPassword',
    'Change the password {current, new}; other sessions end',
    setPasswordSchema,
    (user, body) => settings.setPassword(user, body),
  );

  r.get(
    '/api/settings/sessions',
    {
      preValidation,
      schema: { summary: "The account's active sessions", response: { 200: sessionsReplySchema } },
    },
    async (request) => settings.sessions(await me(request)),
  );
  op('endSession', 'Sign out one session of the account {id}', endSessionSchema, (user, body) =>
    settings.endSession(user, body.id),
  );
  op('endOtherSessions', 'Sign out every other session of the account', z.object({}).passthrough(), (user) =>
    settings.endOtherSessions(user),
  );

  r.post(
    '/api/settings/changeUserName',
    {
      preValidation,
      schema: {
        summary: 'Change the user name {name}; every session ends',
        body: changeUserNameSchema,
        response,
      },
    },
    async (request, reply) => {
      const result = await settings.changeUserName(await me(request), request.body);
      await auth.endSession(request, reply);
      return result;
    },
  );

  r.post(
    '/api/settings/deleteUser',
    {
      preValidation,
      schema: {
        summary: 'Delete the account and everything in it {password}',
        body: deleteUserSchema,
        response,
      },
    },
    async (request, reply) => {
      const result = await settings.deleteUser((await me(request)).id, request.body.password);
      if (result.code === 1) await auth.endSession(request, reply);
      return result;
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      schema: {
        summary: 'Mail a password reset link {email} (same reply whether or not it is an account)',
        public: true,
        body: forgotPasswordSchema,
        response,
      },
    },
    async (request) => settings.forgotPassword(request.body, origin(request)),
  );
  r.post(
    '/api/auth/reset-password',
    {
      schema: {
        summary: 'Set a new password from a reset link {token, password}',
        public: true,
        body: resetPasswordSchema,
        response,
      },
    },
    async (request) => settings.resetPassword(request.body),
  );
  r.get(
    '/api/settings/verify-email',
    {
      schema: {
        summary:
          'Follow a verification link: the new address becomes the account e-mail; redirects to /setting',
        public: true,
        querystring: z.object({ token: z.string().max(200).optional().default('') }),
        produces: 'text/html',
      },
    },
    async (request, reply) => {
      const verified = request.query.token ? await settings.verifyEmail(request.query.token) : false;
      return reply.redirect(`/setting?email_verified=${verified ? 1 : 0}`);
    },
  );

  r.get(
    '/api/files/avatars/:userId/:name',
    {
      schema: {
        summary: "A user's avatar (public)",
        public: true,
        params: z.object({ userId: z.string(), name: z.string() }),
        produces: 'image/png',
      },
    },
    async (request, reply) => {
      const key = avatarKey(request.params.userId, request.params.name);
      if (!key) throw new NotFoundError();
      return send(request, reply, blobs, {
        key,
        contentType: 'image/png',
        fileName: request.params.name,
        etag: request.params.name.replace(/\.png$/, ''),
        private: false,
        size: null,
      });
    },
  );

  // an old user name's pages lead to the renamed user (§2: old profile URLs redirect)
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const m = PAGE_OF_USER.exec(request.url);
    if (!m) return;
    let oldName: string;
    try {
      oldName = decodeURIComponent(m[2]!);
    } catch {
      return;
    }
    const renamed = await settings.renamedTo(oldName);
    if (renamed) return reply.redirect(`/${m[1]}/${encodeURIComponent(renamed)}${m[3]}`, 301);
  });

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 2, fields: 10, parts: 12 },
      throwFileSizeLimit: false,
    });
    contract(scope).post(
      '/api/settings/uploadAvatar',
      {
        preValidation,
        schema: {
          summary:
            'Upload an avatar (multipart source: jpeg, png, gif or bmp under 2 MB; fields type, iframe, id)',
          multipart: z.object({
            source: z.string().describe('the picture'),
            type: z.string().optional(),
            iframe: z.string().optional(),
            id: z.string().optional(),
          }),
          response,
        },
      },
      async (request) => {
        const user = await me(request);
        const url = await receiveAvatar(request, blobs, user.id);
        await settings.setAvatar(user.id, url);
        return { code: 1, message: SETTINGS_MSG.avatarChanged, avatar_url: url };
      },
    );
  });
}
