import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config.ts';
import type { Fetcher } from '../../platform/fetcher.ts';

/** What a finished sign-in at a provider tells us about the account there. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  preferredUsername: string | null;
}

/** The secrets one authorization round trip needs back at the callback (kept in the sealed cookie). */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** openid-client's codes for an answer (state, ID token signature, claims, times) that does not check out. */
const UNVERIFIED = new Set([
  'OAUTH_INVALID_RESPONSE',
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
]);

/** The provider's answer came back but is not to be believed (forged, for another client, expired, another nonce or state). */
export function isUnverifiedAnswer(err: unknown): boolean {
  return err instanceof client.ClientError && UNVERIFIED.has(String(err.code));
}

/** Largest discovery, JWKS, token or userinfo answer read from a provider. */
const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * The provider's requests go through the SSRF-guarded fetcher (no redirects, capped answers):
 * openid-client v6 takes any fetch as `customFetch`, so this turns its calls into `Fetcher.send`.
 */
export function guardedFetch(fetcher: Fetcher): client.CustomFetch {
  return async (url, options) => {
    const body =
      options.body === undefined || options.body === null
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : options.body instanceof URLSearchParams
            ? options.body.toString()
            : Buffer.from(await new Response(options.body as BodyInit).arrayBuffer());
    const answer = await fetcher.send(url, {
      method: options.method,
      headers: options.headers,
      body,
      maxBytes: MAX_ANSWER_BYTES,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const empty = answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : new Uint8Array(answer.body), { status: answer.status, headers });
  };
}

/**
 * One OpenID Connect client per configured provider. Discovery happens on first use and is kept
 * (a failed one is retried next time); nothing of a sign-in in progress is kept here, so any
 * instance can answer any callback.
 */
export class OidcClients {
  private readonly discovered = new Map<string, Promise<client.Configuration>>();
  private readonly fetch: client.CustomFetch;

  constructor(
    private readonly providers: OidcProviderConfig[],
    fetcher: Fetcher,
  ) {
    this.fetch = guardedFetch(fetcher);
  }

  provider(id: string): OidcProviderConfig | undefined {
    return this.providers.find((p) => p.id === id);
  }

  list(): OidcProviderConfig[] {
    return this.providers;
  }

  private configuration(p: OidcProviderConfig): Promise<client.Configuration> {
    let found = this.discovered.get(p.id);
    if (!found) {
      const insecure = p.issuer.startsWith('http://');
      found = client.discovery(
        new URL(p.issuer),
        p.clientId,
        undefined,
        client.ClientSecretBasic(p.clientSecret),
        {
          [client.customFetch]: this.fetch,
          // The ID token's signature is checked against the provider's JWKS: openid-client checks
          // only its claims by default (trusting TLS), and a token endpoint reached over a
          // misconfigured proxy or plain http must not vouch for an account alone.
          // Plain http: only a test provider on 127.0.0.1; config.ts refuses http issuers otherwise.
          execute: [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])],
        },
      );
      found.catch(() => this.discovered.delete(p.id));
      this.discovered.set(p.id, found);
    }
    return found;
  }

  /** The provider's authorization URL with PKCE (S256), state and nonce; the checks go to the cookie. */
  async start(
    p: OidcProviderConfig,
    redirectUri: string,
  ): Promise<{ url: string; checks: AuthorizationChecks }> {
    const config = await this.configuration(p);
    const checks = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url: url.href, checks };
  }

  /**
   * Trades the code for tokens and reads the account's claims; the tokens are dropped. openid-client
   * checks the state, PKCE, and the ID token's issuer, audience, times and nonce, and (non-repudiation
   * checks, enabled at discovery) its signature by the provider's JWKS: a failure of those throws
   * an error `isUnverifiedAnswer` recognises.
   */
  async finish(
    p: OidcProviderConfig,
    callbackUrl: URL,
    checks: AuthorizationChecks,
  ): Promise<ProviderIdentity> {
    const config = await this.configuration(p);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const id = tokens.claims()!;
    let claims: Record<string, unknown> = id;
    // providers that follow the spec strictly put profile claims in userinfo only
    if (typeof id.email !== 'string' && tokens.access_token) {
      const info = await client.fetchUserInfo(config, tokens.access_token, id.sub);
      claims = { ...info, ...id };
    }
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    return {
      issuer: id.iss,
      subject: id.sub,
      email: str(claims.email),
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: str(claims.name),
      preferredUsername: str(claims.preferred_username),
    };
  }
}
