import { createReadStream, existsSync, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { extensionCalls } from '../../../shared/api/extension.ts';
import { RENDERED_HTML_MAX, SCREENSHOT_MAX_CHARS } from '../../../shared/schemas/extension.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { ExtensionService } from './service.ts';

/** The JSON of a rendered page: its HTML, its screenshot and the form's fields, escaped. */
const RENDERED_BODY_LIMIT = 2 * (RENDERED_HTML_MAX + SCREENSHOT_MAX_CHARS) + 64 * 1024;

/** The browser extension's calls, and its packed build for the install page. */
export function registerExtensionRoutes(
  app: FastifyInstance,
  deps: { extension: ExtensionService; auth: Auth; zipFile: string },
) {
  const bind = binder(app, deps.auth);
  bind(extensionCalls.saveRendered, ({ user, body }) => deps.extension.saveRendered(user, body), {
    bodyLimit: RENDERED_BODY_LIMIT,
  });
  bind(extensionCalls.byUrl, ({ user, query }) => deps.extension.byUrl(user, query));
  bind(extensionCalls.download, async ({ reply }) => {
    // built by npm run build:extension (npm start runs it); a checkout without it has nothing to give
    if (!existsSync(deps.zipFile)) throw new NotFoundError('The extension has not been built.');
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', 'attachment; filename="folio-extension.zip"')
      .header('content-length', String(statSync(deps.zipFile).size))
      .header('cache-control', 'no-cache')
      .send(createReadStream(deps.zipFile));
  });
}
