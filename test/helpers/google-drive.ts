import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A file the peer received, as Drive v3 would keep it. */
export interface DriveFile {
  id: string;
  /** the metadata part's name and mimeType (a Google Doc when the mimeType says so) */
  name: string;
  mimeType: string | undefined;
  /** the media part's Content-Type */
  mediaType: string;
  body: Buffer;
  /** which consent the uploading token came from (1 for the first connection made, 2 for the next...) */
  grant: number;
  uploadType: 'multipart' | 'resumable';
}

interface Grant {
  id: number;
  refreshToken: string;
  revoked: boolean;
}

export const PEER_CLIENT_ID = 'folio-test-client.apps.example';
export const PEER_CLIENT_SECRET = 'folio-test-secret';

/** The configuration that points the app at a peer listening at base (http://127.0.0.1:port). */
export function googleDrivePeerEnv(base: string) {
  return {
    GOOGLE_DRIVE_CLIENT_ID: PEER_CLIENT_ID,
    GOOGLE_DRIVE_CLIENT_SECRET: PEER_CLIENT_SECRET,
    GOOGLE_DRIVE_AUTH_URL: `${base}/o/oauth2/v2/auth`,
    GOOGLE_DRIVE_TOKEN_URL: `${base}/token`,
    GOOGLE_DRIVE_API_URL: base,
  };
}

/**
 * A local Google OAuth 2.0 + Drive v3 peer on 127.0.0.1 for tests: the authorization endpoint
 * (a consent page with Allow / Deny links, or a straight redirect), the token endpoint (the
 * authorization_code grant checks the client secret, the redirect URI and the PKCE S256 verifier;
 * the refresh_token grant answers invalid_grant once revoked) and the upload endpoint
 * (multipart/related parsed part by part, and the resumable form), keeping every file.
 */
export async function startGoogleDrivePeer(
  opts: { consent?: 'redirect' | 'page'; expiresIn?: number; port?: number } = {},
) {
  const files: DriveFile[] = [];
  const codes = new Map<
    string,
    { clientId: string; redirectUri: string; challenge: string; used: boolean }
  >();
  const grants: Grant[] = [];
  const accessTokens = new Map<string, Grant>();
  const sessions = new Map<string, { metadata: { name?: string; mimeType?: string }; grant: Grant }>();
  const stats = { tokenCalls: 0, refreshes: 0, rejectedUploads: 0 };
  let base = '';

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', base);
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(value));
    };
    try {
      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return authorize(url, res);
      if (req.method === 'POST' && url.pathname === '/token') return token(req, raw, json);
      if (url.pathname === '/upload/drive/v3/files') return upload(req, url, raw, json);
      json(404, { error: { code: 404, message: 'Not Found' } });
    } catch (err) {
      json(400, { error: { code: 400, message: (err as Error).message } });
    }
  });

  function authorize(url: URL, res: ServerResponse) {
    const p = url.searchParams;
    const redirectUri = p.get('redirect_uri') ?? '';
    if (
      p.get('client_id') !== PEER_CLIENT_ID ||
      p.get('response_type') !== 'code' ||
      p.get('code_challenge_method') !== 'S256' ||
      !p.get('code_challenge') ||
      !(p.get('scope') ?? '').split(' ').includes('https://www.googleapis.com/auth/drive.file') ||
      !/^https?:\/\//.test(redirectUri)
    ) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Error 400: invalid_request');
      return;
    }
    const code = randomBytes(16).toString('hex');
    codes.set(code, {
      clientId: PEER_CLIENT_ID,
      redirectUri,
      challenge: p.get('code_challenge') ?? '',
      used: false,
    });
    const back = (params: Record<string, string>) => {
      const target = new URL(redirectUri);
      for (const [k, v] of Object.entries({ ...params, state: p.get('state') ?? '' }))
        target.searchParams.set(k, v);
      return target.toString();
    };
    if (opts.consent !== 'page') {
      res.writeHead(302, { location: back({ code }) }).end();
      return;
    }
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><title>Sign in - Google Accounts (test)</title><body>` +
        `<h1>Folio wants to access your Google Account</h1><p>See, edit, create and delete only the specific Google Drive files you use with this app.</p>` +
        `<a href="${esc(back({ code }))}">Allow</a> <a href="${esc(back({ error: 'access_denied' }))}">Deny</a></body></html>`,
    );
  }

  function token(req: IncomingMessage, raw: Buffer, json: (status: number, value: unknown) => void) {
    stats.tokenCalls += 1;
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return json(400, { error: 'invalid_request' });
    const form = new URLSearchParams(raw.toString('utf8'));
    if (form.get('client_id') !== PEER_CLIENT_ID || form.get('client_secret') !== PEER_CLIENT_SECRET)
      return json(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    const issue = (grant: Grant, withRefresh: boolean) => {
      const access = `ya29.${randomBytes(16).toString('hex')}`;
      accessTokens.set(access, grant);
      return json(200, {
        access_token: access,
        expires_in: opts.expiresIn ?? 3599,
        scope: 'https://www.googleapis.com/auth/drive.file',
        token_type: 'Bearer',
        ...(withRefresh ? { refresh_token: grant.refreshToken } : {}),
      });
    };
    if (form.get('grant_type') === 'authorization_code') {
      const entry = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !entry ||
        entry.used ||
        entry.redirectUri !== form.get('redirect_uri') ||
        !/^[\w.~-]{43,128}$/.test(verifier) ||
        challenge !== entry.challenge
      )
        return json(400, { error: 'invalid_grant', error_description: 'Bad Request' });
      entry.used = true;
      // a grant (a connection) exists once its code is traded
      const grant: Grant = {
        id: grants.length + 1,
        refreshToken: randomBytes(16).toString('hex'),
        revoked: false,
      };
      grants.push(grant);
      return issue(grant, true);
    }
    if (form.get('grant_type') === 'refresh_token') {
      stats.refreshes += 1;
      const grant = grants.find((g) => g.refreshToken === form.get('refresh_token'));
      if (!grant || grant.revoked)
        return json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      return issue(grant, false);
    }
    return json(400, { error: 'unsupported_grant_type' });
  }

  function upload(
    req: IncomingMessage,
    url: URL,
    raw: Buffer,
    json: (status: number, value: unknown, headers?: Record<string, string>) => void,
  ) {
    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    const grant = bearer ? accessTokens.get(bearer) : undefined;
    if (!grant || grant.revoked) {
      stats.rejectedUploads += 1;
      return json(401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    }
    const type = url.searchParams.get('uploadType');
    const created = (file: Omit<DriveFile, 'id' | 'grant'>, g: Grant) => {
      const id = randomBytes(12).toString('base64url');
      files.push({ ...file, id, grant: g.id });
      const doc = file.mimeType === 'application/vnd.google-apps.document';
      return json(200, {
        id,
        name: file.name,
        mimeType: file.mimeType ?? file.mediaType,
        webViewLink: doc
          ? `https://docs.google.com/document/d/${id}/edit?usp=drivesdk`
          : `https://drive.google.com/file/d/${id}/view?usp=drivesdk`,
      });
    };
    if (req.method === 'POST' && type === 'multipart') {
      const boundary = /boundary="?([^";]+)"?/.exec(String(req.headers['content-type']))?.[1];
      if (!String(req.headers['content-type']).startsWith('multipart/related') || !boundary)
        throw new Error('Multipart upload needs multipart/related with a boundary.');
      const [meta, media] = parseMultipart(raw, boundary);
      if (!meta || !media || !/^application\/json/.test(meta.type))
        throw new Error('Multipart upload needs a JSON metadata part then a media part.');
      const metadata = JSON.parse(meta.body.toString('utf8')) as { name?: string; mimeType?: string };
      if (!metadata.name) throw new Error('The metadata has no name.');
      return created(
        {
          name: metadata.name,
          mimeType: metadata.mimeType,
          mediaType: media.type,
          body: media.body,
          uploadType: 'multipart',
        },
        grant,
      );
    }
    if (req.method === 'POST' && type === 'resumable') {
      const metadata = JSON.parse(raw.toString('utf8')) as { name?: string; mimeType?: string };
      const id = randomBytes(12).toString('hex');
      sessions.set(id, { metadata, grant });
      return json(
        200,
        {},
        { location: `${base}/upload/drive/v3/files?uploadType=resumable&upload_id=${id}` },
      );
    }
    const session = sessions.get(url.searchParams.get('upload_id') ?? '');
    if (req.method === 'PUT' && type === 'resumable' && session) {
      sessions.delete(url.searchParams.get('upload_id') ?? '');
      return created(
        {
          name: session.metadata.name ?? 'Untitled',
          mimeType: session.metadata.mimeType,
          mediaType: String(req.headers['content-type'] ?? ''),
          body: raw,
          uploadType: 'resumable',
        },
        session.grant,
      );
    }
    throw new Error(`Unsupported upload: ${req.method} uploadType=${type}`);
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    files,
    stats,
    /** the environment that points the app at this peer */
    env: googleDrivePeerEnv(base),
    /** every access token stops working (as when Google ends them early); refresh tokens still work */
    expireAccessTokens() {
      accessTokens.clear();
    },
    /** the user revoked the app in their Google account: nothing of that grant works any more */
    revoke(grantId: number) {
      const g = grants.find((x) => x.id === grantId);
      if (g) g.revoked = true;
    },
    grantCount: () => grants.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** multipart/related (RFC 2387) split into parts with their Content-Type and bytes. */
function parseMultipart(raw: Buffer, boundary: string): { type: string; body: Buffer }[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { type: string; body: Buffer }[] = [];
  let at = raw.indexOf(delimiter);
  if (at < 0) throw new Error('No boundary in the body.');
  for (;;) {
    const start = at + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === '--') break;
    const next = raw.indexOf(delimiter, start);
    if (next < 0) throw new Error('The multipart body is not closed.');
    const part = raw.subarray(start + 2, next - 2); // after CRLF, before the CRLF that ends the part
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) throw new Error('A part has no header block.');
    const headers = part.subarray(0, split).toString('utf8');
    const type = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? '';
    parts.push({ type, body: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}
