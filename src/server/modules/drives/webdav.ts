import { eq } from 'drizzle-orm';
import {
  WEBDAV_MSG,
  type WebdavConnectInput,
  type WebdavExportInput,
  type WebdavExportReply,
  type WebdavStatusReply,
} from '../../../shared/schemas/drives.ts';
import type { Executor } from '../../db/client.ts';
import { webdavConnections } from '../../db/schema.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { FetchError } from '../../platform/fetch-errors.ts';
import type { Fetcher } from '../../platform/fetcher.ts';
import { open, seal } from '../../platform/secret-box.ts';
import type { ExportService } from '../export/service.ts';
import { collectDocument, driveDocumentName } from './names.ts';

export interface WebdavDeps {
  db: Executor;
  fetcher: Pick<Fetcher, 'send'>;
  exports: ExportService;
  secretsKey: string;
}

/** A document larger than this is not sent (it is buffered to send its length, as Nextcloud wants). */
export const WEBDAV_MAX_BYTES = 200 * 1024 * 1024;
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Send to WebDAV (issue 18 part 5): one folder per user, checked with a PROPFIND before it is saved;
 * the export is written into it as a .docx with a PUT. Every request goes through the SSRF-guarded
 * fetcher, so a private address is refused unless the configuration allows it.
 */
export class WebdavService {
  constructor(private readonly deps: WebdavDeps) {}

  async status(user: { id: number }): Promise<WebdavStatusReply> {
    const row = await this.row(user);
    return { code: 1, connected: !!row, url: row?.url ?? '', username: row?.username ?? '' };
  }

  async connect(
    user: { id: number },
    { url: rawUrl, username, password }: WebdavConnectInput,
  ): Promise<WebdavStatusReply & { message: string }> {
    const url = rawUrl.endsWith('/') ? rawUrl : `${rawUrl}/`;
    const existing = await this.row(user);
    let plain = password;
    if (!plain) {
      if (!existing) throw new ValidationError(WEBDAV_MSG.passwordRequired, 'password');
      plain = open(this.deps.secretsKey, existing.passwordSealed);
    }
    const res = await this.request(url, 'PROPFIND', username, plain, 400, {
      headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8' },
      body: '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>',
    });
    if (res.status === 401 || res.status === 403) throw new ValidationError(WEBDAV_MSG.badLogin, 'password');
    if (res.status !== 207 || !/collection/i.test(res.body.toString('utf8')))
      throw new ValidationError(WEBDAV_MSG.notFolder, 'url');
    const row = { url, username, passwordSealed: seal(this.deps.secretsKey, plain), updatedAt: new Date() };
    await this.deps.db
      .insert(webdavConnections)
      .values({ userId: user.id, ...row })
      .onConflictDoUpdate({ target: webdavConnections.userId, set: row });
    return { code: 1, connected: true, url, username, message: WEBDAV_MSG.connected };
  }

  async disconnect(user: { id: number }) {
    await this.deps.db.delete(webdavConnections).where(eq(webdavConnections.userId, user.id));
    return { code: 1 as const, message: WEBDAV_MSG.removed };
  }

  async send(user: { id: number }, { link_ids }: WebdavExportInput): Promise<WebdavExportReply> {
    const conn = await this.row(user);
    // the export checks every id as the caller's own before anything is built
    const file = await this.deps.exports.file(user, { link_ids, format: 'doc' });
    if (!conn) {
      file.body.destroy();
      throw new AppError(400, WEBDAV_MSG.notConnected);
    }
    const body = await collectDocument(file.body, WEBDAV_MAX_BYTES, WEBDAV_MSG.failed);
    const fileName = `${await driveDocumentName(this.deps.db, user, link_ids)}.docx`;
    const target = await this.put(conn, fileName, DOCX_TYPE, body);
    return { code: 0, message: WEBDAV_MSG.saved, data: { webViewLink: target, fileName } };
  }

  /**
   * Writes a file into the user's connected folder (a scheduled backup); answers its address.
   * Refuses when no folder is connected.
   */
  async sendFile(user: { id: number }, fileName: string, contentType: string, body: Buffer): Promise<string> {
    const conn = await this.row(user);
    if (!conn) throw new AppError(400, WEBDAV_MSG.notConnected);
    return this.put(conn, fileName, contentType, body);
  }

  async connected(user: { id: number }): Promise<boolean> {
    return !!(await this.row(user));
  }

  private async put(
    conn: typeof webdavConnections.$inferSelect,
    fileName: string,
    contentType: string,
    body: Buffer,
  ): Promise<string> {
    const target = new URL(encodeURIComponent(fileName), conn.url).toString();
    const res = await this.request(
      target,
      'PUT',
      conn.username,
      open(this.deps.secretsKey, conn.passwordSealed),
      502,
      { headers: { 'content-type': contentType }, body },
    );
    if (res.status === 401 || res.status === 403) throw new AppError(502, WEBDAV_MSG.badLogin);
    if (res.status < 200 || res.status > 299)
      throw new AppError(502, `${WEBDAV_MSG.failed} (HTTP ${res.status})`);
    return target;
  }

  private async row(user: { id: number }) {
    const [row] = await this.deps.db
      .select()
      .from(webdavConnections)
      .where(eq(webdavConnections.userId, user.id));
    return row;
  }

  private async request(
    url: string,
    method: string,
    username: string,
    password: string,
    failStatus: number,
    req: { headers: Record<string, string>; body: string | Buffer },
  ) {
    try {
      return await this.deps.fetcher.send(url, {
        method,
        headers: {
          ...req.headers,
          authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
        },
        body: req.body,
      });
    } catch (err) {
      if (err instanceof FetchError) {
        const message =
          err.code === 'blocked_address' || err.code === 'invalid_url'
            ? err.message
            : `${WEBDAV_MSG.unreachable} ${err.message}`;
        throw failStatus === 400 ? new ValidationError(message, 'url') : new AppError(502, message);
      }
      throw err;
    }
  }
}
