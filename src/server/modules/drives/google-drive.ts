import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { localPath } from '../../../shared/local-path.ts';
import {
  GDRIVE_MSG,
  GDRIVE_RETURN_PARAM,
  GDRIVE_SCOPE,
  type GoogleDriveCallbackInput,
  type GoogleDriveConnectInput,
  type GoogleDriveExportInput,
  type GoogleDriveExportReply,
  type GoogleDriveReportInput,
  type GoogleDriveStatusReply,
} from '../../../shared/schemas/drives.ts';
import type { GoogleDriveConfig } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { googleDriveConnections } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { FetchError } from '../../platform/fetch-errors.ts';
import type { Fetcher } from '../../platform/fetcher.ts';
import { open, seal } from '../../platform/secret-box.ts';
import type { ExportService } from '../export/service.ts';
import { sanitizeNoteHtml } from '../notes/sanitize.ts';
import { collectDocument, documentName, driveDocumentName } from './names.ts';

export interface GoogleDriveDeps {
  db: Executor;
  clock: Clock;
  fetcher: Pick<Fetcher, 'send'>;
  exports: ExportService;
  secretsKey: string;
  /** undefined: the operator set no OAuth client, and every call but the status says so */
  config: GoogleDriveConfig | undefined;
}

/** The consent must come back within this time; the pending cookie lives as long. */
export const GDRIVE_PENDING_MS = 10 * 60_000;
/** An access token is refreshed this long before Google says it ends. */
const EXPIRY_MARGIN_MS = 60_000;
/** Drive v3 takes a multipart upload up to 5 MB; a larger document goes as a resumable upload. */
export const GDRIVE_MULTIPART_MAX = 5 * 1024 * 1024;
export const GDRIVE_MAX_BYTES = 200 * 1024 * 1024;
const GOOGLE_DOC = 'application/vnd.google-apps.document';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Drive converts an HTML media part into the Google Doc its metadata asks for. */
const HTML_TYPE = 'text/html; charset=UTF-8';

/** What the browser keeps between the connect call and Google's redirect back (sealed in a cookie). */
interface Pending {
  purpose: 'gdrive-oauth';
  userId: number;
  state: string;
  verifier: string;
  returnTo: string;
  expires: number;
}

interface Tokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  scope: string;
}

/** A grant Google no longer accepts: the connection is forgotten and the user asked to connect again. */
class GrantRevoked extends Error {}

/**
 * Send to Google Drive (issue 18 part 5): OAuth 2.0 authorization code with PKCE (S256) for the
 * drive.file scope, the state and verifier sealed in a short-lived cookie (no server memory between
 * requests), tokens sealed in google_drive_connections and refreshed when they end, and the export
 * uploaded with a Drive v3 multipart upload (resumable above 5 MB). Every request goes through the
 * SSRF-guarded fetcher.
 */
export class GoogleDriveService {
  constructor(private readonly deps: GoogleDriveDeps) {}

  async status(user: { id: number }): Promise<GoogleDriveStatusReply> {
    if (!this.deps.config) return { code: 1, configured: false, connected: false };
    return { code: 1, configured: true, connected: !!(await this.row(user)) };
  }

  /**
   * Starts a connection: answers Google's consent URL and the sealed pending state the route puts in
   * a cookie. redirectUri is this site's callback.
   */
  begin(
    user: { id: number },
    { return_to }: GoogleDriveConnectInput,
    redirectUri: string,
  ): { url: string; pending: string } {
    const config = this.configured();
    const pending: Pending = {
      purpose: 'gdrive-oauth',
      userId: user.id,
      state: randomBytes(24).toString('base64url'),
      verifier: randomBytes(48).toString('base64url'),
      returnTo: localPath(return_to ?? '/') ?? '/',
      expires: this.deps.clock.now().getTime() + GDRIVE_PENDING_MS,
    };
    const url = new URL(config.authUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: config.clientId,
      redirect_uri: redirectUri,
      scope: GDRIVE_SCOPE,
      state: pending.state,
      code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      // a refresh token, so a send an hour later still works without the user
      access_type: 'offline',
      prompt: 'consent',
    }).toString();
    return { url: url.toString(), pending: seal(this.deps.secretsKey, JSON.stringify(pending)) };
  }

  /**
   * Google's redirect back: checks the state against the sealed cookie of the same signed-in user,
   * trades the code (with the PKCE verifier and the client secret) for tokens and stores them sealed.
   * Answers the path to send the browser to, with ?google_drive=connected or failed.
   */
  async finish(
    user: { id: number } | null,
    query: GoogleDriveCallbackInput,
    sealedPending: string | undefined,
    redirectUri: string,
  ): Promise<string> {
    const pending = this.readPending(sealedPending);
    const back = (result: 'connected' | 'failed') => withParam(pending?.returnTo ?? '/', result);
    const config = this.deps.config;
    if (!config || !pending || !user || pending.userId !== user.id) return back('failed');
    const { code, state, error } = query;
    if (error || !code || !state || !sameText(state, pending.state)) return back('failed');
    try {
      const tokens = await this.token(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: pending.verifier,
        },
        null,
      );
      if (!tokens.refreshToken) {
        // without one the connection would stop working within the hour
        const existing = await this.row(user);
        tokens.refreshToken = existing?.refreshTokenSealed
          ? open(this.deps.secretsKey, existing.refreshTokenSealed)
          : null;
      }
      await this.save(user, tokens);
      return back('connected');
    } catch (err) {
      if (err instanceof AppError || err instanceof GrantRevoked) return back('failed');
      throw err;
    }
  }

  async disconnect(user: { id: number }) {
    await this.deps.db.delete(googleDriveConnections).where(eq(googleDriveConnections.userId, user.id));
    return { code: 1 as const, message: GDRIVE_MSG.removed };
  }

  /** Uploads the export of one's own items; a Word export becomes a Google Doc named '{title}_via Folio'. */
  async send(
    user: { id: number },
    { link_ids, format = 'doc' }: GoogleDriveExportInput,
  ): Promise<GoogleDriveExportReply> {
    // the export checks every id as the caller's own before anything is built
    const file = await this.deps.exports.file(user, { link_ids, format });
    const row = this.deps.config ? await this.row(user) : undefined;
    if (!row) {
      file.body.destroy();
      throw new AppError(400, this.deps.config ? GDRIVE_MSG.notConnected : GDRIVE_MSG.notConfigured);
    }
    const body = await collectDocument(file.body, GDRIVE_MAX_BYTES, GDRIVE_MSG.failed);
    const base = await driveDocumentName(this.deps.db, user, link_ids);
    const extension = file.fileName.slice(file.fileName.lastIndexOf('.'));
    const doc = format === 'doc';
    const metadata = doc ? { name: base, mimeType: GOOGLE_DOC } : { name: `${base}${extension}` };
    return this.deliver(user, row, metadata, doc ? DOCX_TYPE : file.contentType, body);
  }

  /**
   * Uploads a Generate Report as it was edited: a Google Doc named '{title}_via Folio' made from its
   * HTML, kept to the note editor's formatting (the report is written with the note's components).
   * Nothing of any item is read: the caller sends the words.
   */
  async sendReport(
    user: { id: number },
    { title, content }: GoogleDriveReportInput,
  ): Promise<GoogleDriveExportReply> {
    const row = this.deps.config ? await this.row(user) : undefined;
    if (!row) throw new AppError(400, this.deps.config ? GDRIVE_MSG.notConnected : GDRIVE_MSG.notConfigured);
    const heading = escapeHtml(title);
    const html =
      `<!doctype html><html><head><meta charset="utf-8"><title>${heading}</title></head>` +
      `<body><h1>${heading}</h1>${sanitizeNoteHtml(content)}</body></html>`;
    const metadata = { name: documentName(title), mimeType: GOOGLE_DOC };
    return this.deliver(user, row, metadata, HTML_TYPE, Buffer.from(html, 'utf8'));
  }

  /** Uploads a file as it is (a scheduled backup) into the connected Drive; answers its address. */
  async sendFile(user: { id: number }, fileName: string, contentType: string, body: Buffer): Promise<string> {
    const row = this.deps.config ? await this.row(user) : undefined;
    if (!row) throw new AppError(400, this.deps.config ? GDRIVE_MSG.notConnected : GDRIVE_MSG.notConfigured);
    const sent = await this.deliver(user, row, { name: fileName }, contentType, body);
    return sent.data.webViewLink;
  }

  async connected(user: { id: number }): Promise<boolean> {
    return !!(this.deps.config && (await this.row(user)));
  }

  /** One upload with the user's own tokens; a revoked grant forgets the connection. */
  private async deliver(
    user: { id: number },
    row: typeof googleDriveConnections.$inferSelect,
    metadata: { name: string; mimeType?: string },
    media: string,
    body: Buffer,
  ): Promise<GoogleDriveExportReply> {
    try {
      let tokens = await this.fresh(user, row);
      let res = await this.upload(tokens.accessToken, metadata, media, body);
      if (res.status === 401 && tokens.refreshToken) {
        // revoked or ended early: one refresh, then the upload once more
        tokens = await this.refresh(user, tokens.refreshToken);
        res = await this.upload(tokens.accessToken, metadata, media, body);
      }
      if (res.status === 401) throw new GrantRevoked();
      if (res.status < 200 || res.status > 299)
        throw new AppError(502, `${GDRIVE_MSG.failed} (HTTP ${res.status})`);
      const created = parseJson(res.body) as { id?: unknown; webViewLink?: unknown };
      if (typeof created.id !== 'string') throw new AppError(502, GDRIVE_MSG.failed);
      const webViewLink =
        typeof created.webViewLink === 'string'
          ? created.webViewLink
          : metadata.mimeType === GOOGLE_DOC
            ? `https://docs.google.com/document/d/${encodeURIComponent(created.id)}/edit`
            : `https://drive.google.com/file/d/${encodeURIComponent(created.id)}/view`;
      return { code: 0, message: GDRIVE_MSG.sent, data: { webViewLink, fileName: metadata.name } };
    } catch (err) {
      if (err instanceof GrantRevoked) {
        await this.disconnect(user);
        throw new AppError(400, `${GDRIVE_MSG.failed} ${GDRIVE_MSG.reconnect}`, -1, 'google_drive');
      }
      throw err;
    }
  }

  /** The stored tokens, refreshed first when the access token ends within a minute. */
  private async fresh(
    user: { id: number },
    row: typeof googleDriveConnections.$inferSelect,
  ): Promise<Tokens> {
    const key = this.deps.secretsKey;
    const tokens: Tokens = {
      accessToken: open(key, row.accessTokenSealed),
      refreshToken: row.refreshTokenSealed ? open(key, row.refreshTokenSealed) : null,
      expiresAt: row.expiresAt,
      scope: row.scope,
    };
    if (tokens.expiresAt.getTime() - EXPIRY_MARGIN_MS > this.deps.clock.now().getTime()) return tokens;
    if (!tokens.refreshToken) throw new GrantRevoked();
    return this.refresh(user, tokens.refreshToken);
  }

  private async refresh(user: { id: number }, refreshToken: string): Promise<Tokens> {
    const tokens = await this.token(
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      refreshToken,
    );
    await this.save(user, tokens);
    return tokens;
  }

  /** One call to the token endpoint; the client authenticates with its secret in the form (client_secret_post). */
  private async token(form: Record<string, string>, currentRefresh: string | null): Promise<Tokens> {
    const config = this.configured();
    const res = await this.call(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        ...form,
        client_id: config.clientId,
        client_secret: config.clientSecret,
      }).toString(),
    });
    const reply = parseJson(res.body) as Record<string, unknown>;
    // RFC 6749 §5.2: a refresh token revoked, ended or issued to another client
    if (res.status === 400 && reply.error === 'invalid_grant') throw new GrantRevoked();
    if (res.status !== 200 || typeof reply.access_token !== 'string')
      throw new AppError(502, `${GDRIVE_MSG.failed} (token HTTP ${res.status})`);
    const seconds = typeof reply.expires_in === 'number' ? reply.expires_in : 3600;
    return {
      accessToken: reply.access_token,
      refreshToken: typeof reply.refresh_token === 'string' ? reply.refresh_token : currentRefresh,
      expiresAt: new Date(this.deps.clock.now().getTime() + seconds * 1000),
      scope: typeof reply.scope === 'string' ? reply.scope : GDRIVE_SCOPE,
    };
  }

  private async upload(accessToken: string, metadata: object, media: string, body: Buffer) {
    const api = this.configured().apiUrl;
    const fields = 'fields=id,name,mimeType,webViewLink';
    const auth = { authorization: `Bearer ${accessToken}` };
    if (body.length <= GDRIVE_MULTIPART_MAX) {
      const boundary = `folio-${randomBytes(16).toString('hex')}`;
      const multipart = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
            `--${boundary}\r\nContent-Type: ${media}\r\n\r\n`,
        ),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return this.call(`${api}/upload/drive/v3/files?uploadType=multipart&${fields}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': `multipart/related; boundary=${boundary}` },
        body: multipart,
      });
    }
    // resumable: the metadata opens a session whose Location takes the bytes in one PUT
    const start = await this.call(`${api}/upload/drive/v3/files?uploadType=resumable&${fields}`, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json; charset=UTF-8',
        'x-upload-content-type': media,
        'x-upload-content-length': String(body.length),
      },
      body: JSON.stringify(metadata),
    });
    const location = start.headers.location;
    if (start.status !== 200 || typeof location !== 'string') return start;
    return this.call(new URL(location, api).toString(), {
      method: 'PUT',
      headers: { ...auth, 'content-type': media },
      body,
    });
  }

  private async call(
    url: string,
    req: { method: string; headers: Record<string, string>; body: string | Buffer },
  ) {
    try {
      return await this.deps.fetcher.send(url, req);
    } catch (err) {
      if (err instanceof FetchError)
        throw new AppError(502, `${GDRIVE_MSG.failed} ${GDRIVE_MSG.unreachable}`);
      throw err;
    }
  }

  private async save(user: { id: number }, tokens: Tokens) {
    const key = this.deps.secretsKey;
    const row = {
      accessTokenSealed: seal(key, tokens.accessToken),
      refreshTokenSealed: tokens.refreshToken ? seal(key, tokens.refreshToken) : null,
      expiresAt: tokens.expiresAt,
      scope: tokens.scope,
      updatedAt: this.deps.clock.now(),
    };
    await this.deps.db
      .insert(googleDriveConnections)
      .values({ userId: user.id, ...row })
      .onConflictDoUpdate({ target: googleDriveConnections.userId, set: row });
  }

  private readPending(sealed: string | undefined): Pending | null {
    if (!sealed) return null;
    try {
      const p = JSON.parse(open(this.deps.secretsKey, sealed)) as Pending;
      if (p.purpose !== 'gdrive-oauth' || p.expires < this.deps.clock.now().getTime()) return null;
      return p;
    } catch {
      return null;
    }
  }

  private configured(): GoogleDriveConfig {
    if (!this.deps.config) throw new AppError(400, GDRIVE_MSG.notConfigured);
    return this.deps.config;
  }

  private async row(user: { id: number }) {
    const [row] = await this.deps.db
      .select()
      .from(googleDriveConnections)
      .where(eq(googleDriveConnections.userId, user.id));
    return row;
  }
}

/** The return path with the result; one that would leave the site (sealed before it was checked) is '/'. */
function withParam(path: string, result: 'connected' | 'failed'): string {
  const url = new URL(localPath(path) ?? '/', 'http://folio.invalid');
  url.searchParams.set(GDRIVE_RETURN_PARAM, result);
  return `${url.pathname}${url.search}${url.hash}`;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function parseJson(body: Buffer): unknown {
  try {
    const value = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}
