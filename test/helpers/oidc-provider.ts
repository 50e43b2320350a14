import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** An account at the test provider: the claims it shares (email and profile scopes). */
export interface PeerAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** adds or replaces an account */
  addAccount(account: PeerAccount): void;
  /** the account the next sign-in at the provider is for (no login form: the peer signs it in) */
  signInAs(sub: string): void;
  /**
   * Follows the authorization URL like a browser at the provider (its cookies kept) until it sends
   * the browser back to the app; returns that callback URL with its code and state.
   */
  authorize(authorizationUrl: string): Promise<URL>;
  /**
   * Changes the ID token of the next token answer as an attacker or a broken provider would:
   * `claims` merged into it, signed again with the provider's key, or with another key (`forged`).
   */
  tamperNextIdToken(change: IdTokenChange): void;
  /** token requests answered so far (a refused replay must not reach the provider) */
  readonly tokenRequests: number;
  close(): Promise<void>;
}

export interface IdTokenChange {
  claims?: Record<string, unknown>;
  forged?: boolean;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for API tests and
 * journeys. Its interaction (login and consent) finishes at once for the account chosen with
 * `signInAs`, so a test or a browser passes through it without forms. As the spec asks of
 * providers by default, profile and e-mail claims are given at userinfo, not in the ID token.
 */
export async function startOidcPeer(opts: {
  redirectUris: string[];
  /** a fixed port (journeys: the app must know the issuer when it starts); any free one by default */
  port?: number;
}): Promise<OidcPeer> {
  const accounts = new Map<string, PeerAccount>();
  let nextSub: string | null = null;
  let provider: Provider | undefined;
  let tokenRequests = 0;
  let tamper: IdTokenChange | null = null;
  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/token') {
      tokenRequests += 1;
      if (tamper) rewriteIdToken(res, tamper);
      tamper = null;
    }
    if (req.url?.startsWith('/interaction/')) {
      void finishInteraction(req, res).catch((err: Error) => {
        res.statusCode = 500;
        res.end(err.message);
      });
      return;
    }
    provider!.callback()(req, res);
  });
  const finishInteraction = async (
    req: Parameters<Provider['interactionDetails']>[0],
    res: Parameters<Provider['interactionDetails']>[1],
  ) => {
    const details = await provider!.interactionDetails(req, res);
    if (!nextSub || !accounts.has(nextSub)) throw new Error('oidc peer: no account chosen (signInAs)');
    const accountId = nextSub;
    const grant = new provider!.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider!.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'folio-test';
  const clientSecret = 'folio-test-secret-folio-test-secret';
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const jwk = key.export({ format: 'jwk' });
  let otherKey: KeyObject | undefined;
  /** the token answer's body rewritten as it leaves (oidc-provider has signed it already) */
  const rewriteIdToken = (res: ServerResponse, change: IdTokenChange) => {
    const end = res.end.bind(res) as (chunk: string) => ServerResponse;
    res.end = ((chunk: unknown) => {
      const answer = JSON.parse(String(chunk)) as { id_token?: string };
      if (answer.id_token) {
        const [header, payload] = answer.id_token.split('.') as [string, string];
        const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...change.claims };
        const signed = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
        otherKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
        const signature = sign('sha256', Buffer.from(signed), change.forged ? otherKey : key);
        answer.id_token = `${signed}.${signature.toString('base64url')}`;
      }
      const text = JSON.stringify(answer);
      res.setHeader('content-length', Buffer.byteLength(text));
      return end(text);
    }) as ServerResponse['end'];
  };
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...jwk, kid: 'test', use: 'sig', alg: 'RS256' } as never] },
    cookies: { keys: ['oidc-peer-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    features: { devInteractions: { enabled: false } },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  });
  // the peer logs nothing: a refused request is the test's to judge
  provider.on('server_error', () => {});

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (a) => accounts.set(a.sub, a),
    signInAs: (sub) => {
      nextSub = sub;
    },
    tamperNextIdToken: (change) => {
      tamper = change;
    },
    get tokenRequests() {
      return tokenRequests;
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (url.origin !== issuer) return url;
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location)
          throw new Error(`oidc peer answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
        url = new URL(location, url);
      }
      throw new Error('oidc peer: too many redirects');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
