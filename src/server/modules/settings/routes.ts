import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { settingsCalls } from '../../../shared/api/settings.ts';
import { AVATAR_MAX_BYTES } from '../../../shared/limits.ts';
import { SETTINGS_MSG } from '../../../shared/schemas/settings.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { binder } from '../../platform/contract.ts';
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

const PAGE_OF_USER = /^\/(profile|user)\/([^/?]+)(.*)$/;

export async function registerSettingsRoutes(app: FastifyInstance, deps: SettingsRouteDeps) {
  const { settings, auth, blobs } = deps;
  const bind = binder(app, auth);
  const origin = (request: FastifyRequest) => deps.publicUrl ?? `${request.protocol}://${request.host}`;

  bind(settingsCalls.load, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return settings.load(user.id);
  });

  for (const name of FLAG_OPERATION_NAMES) {
    bind(settingsCalls[name], ({ user, body }) => settings.setFlag(user, name, body));
  }
  bind(settingsCalls.setOpenTextView, ({ user, body }) => settings.setOpenTextView(user, body));
  bind(settingsCalls.guidesSeen, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return settings.guidesSeen(user.id);
  });
  bind(settingsCalls.markGuideSeen, ({ user, body }) => settings.markGuideSeen(user.id, body));
  bind(settingsCalls.setLanguage, ({ user, body }) => settings.setLanguage(user, body));
  bind(settingsCalls.setOfflineItems, ({ user, body }) => settings.setOfflineItems(user, body));
  bind(settingsCalls.setOutlinerSettings, ({ user, body }) => settings.setOutlinerSettings(user, body));
  bind(settingsCalls.changeRealName, ({ user, body }) => settings.changeRealName(user, body));
  bind(settingsCalls.checkEmail, ({ user, body }) => settings.checkEmail(user, body));
  bind(settingsCalls.setEmail, ({ user, body, request }) => settings.setEmail(user, body, origin(request)));
  bind(settingsCalls.resendEmail, ({ user, request }) => settings.resendEmail(user, origin(request)));
  bind(settingsCalls.setPassword, ({ user, body }) => settings.setPassword(user, body));

  bind(settingsCalls.sessions, ({ user }) => settings.sessions(user));
  bind(settingsCalls.endSession, ({ user, body }) => settings.endSession(user, body.id));
  bind(settingsCalls.endOtherSessions, ({ user }) => settings.endOtherSessions(user));

  bind(settingsCalls.changeUserName, async ({ user, body, request, reply }) => {
    const result = await settings.changeUserName(user, body);
    await auth.endSession(request, reply);
    return result;
  });

  bind(settingsCalls.deleteUser, async ({ user, body, request, reply }) => {
    const result = await settings.deleteUser(user.id, body.password);
    if (result.code === 1) await auth.endSession(request, reply);
    return result;
  });

  bind(settingsCalls.forgotPassword, ({ body, request }) => settings.forgotPassword(body, origin(request)));
  bind(settingsCalls.resetPassword, ({ body }) => settings.resetPassword(body));
  bind(settingsCalls.verifyEmail, async ({ query, reply }) => {
    const verified = query.token ? await settings.verifyEmail(query.token) : false;
    return reply.redirect(`/setting?email_verified=${verified ? 1 : 0}`);
  });

  bind(settingsCalls.avatar, async ({ params, request, reply }) => {
    const key = avatarKey(params.userId, params.name);
    if (!key) throw new NotFoundError();
    return send(request, reply, blobs, {
      key,
      contentType: 'image/png',
      fileName: params.name,
      etag: params.name.replace(/\.png$/, ''),
      private: false,
      size: null,
    });
  });

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
    binder(scope, auth)(settingsCalls.uploadAvatar, async ({ user, request }) => {
      const url = await receiveAvatar(request, blobs, user.id);
      await settings.setAvatar(user.id, url);
      return { code: 1, message: SETTINGS_MSG.avatarChanged, avatar_url: url };
    });
  });
}
