import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './platform/s3-blob-store.ts';

/** Every setting comes from the environment; each has a default except the optional ones. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Folio <no-reply@folio.localhost>'),
  SUPPORT_EMAIL: z.string().email().default('support@folio.localhost'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d|true|false|[\w.:/]+(,[\w.:/]+)*)$/,
      'must be the number of proxies in front (0-9), true/false, or their addresses (comma-separated)',
    )
    .default('0'),
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(100_000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FETCH_ALLOW_PRIVATE: z.enum(['0', '1', 'true', 'false']).default('0'),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  FETCH_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  METRICS_ALLOW: z
    .string()
    .refine(
      (v) => v.split(',').every((e) => isAddressOrRange(e.trim())),
      'must be addresses or CIDR ranges, comma-separated (127.0.0.1,::1,10.0.0.0/8)',
    )
    .default('127.0.0.1,::1'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  LINK_CHECK_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  LINK_CHECK_DAILY_CAP: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  LINK_CHECK_HOST_SPACING_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  LINK_CHANGED_THRESHOLD: z.coerce.number().min(0).max(1).default(0.2),
  WEB_DIR: z.string().min(1).optional(),
  CONTENT_DIR: z.string().min(1).optional(),
  AFFILIATE_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(20),
  GOOGLE_DRIVE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_DRIVE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DRIVE_AUTH_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_DRIVE_TOKEN_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .default('https://oauth2.googleapis.com/token'),
  GOOGLE_DRIVE_API_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .default('https://www.googleapis.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must start with https://')
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).default('OpenID'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lowercase letters, digits, . and -)',
    )
    .optional(),
  S3_ENDPOINT: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('false'),
});

/** A third-party sign-in provider the operator configured (OpenID Connect). */
export interface OidcProviderConfig {
  /** the key in /account/thirdparty/{id} and in the settings' connections */
  id: 'google' | 'openid';
  /** shown on the buttons: Google, or OIDC_NAME */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  sessionSecret: string;
  /** SECRETS_KEY: seals stored third-party passwords (WebDAV, blogs); unless set, a key made once in DATA_DIR/secrets-key */
  secretsKey: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** true when PUBLIC_URL is https: Secure cookies with the __Host- prefix */
  secureCookies: boolean;
  /**
   * the proxies in front that append to X-Forwarded-For, as a count or their addresses: the client
   * address is the one the outermost of them saw, so addresses a client writes into the header
   * itself are ignored
   */
  trustProxy: number | string;
  /** an affiliate's share of a referred premium payment, in percent (issue 20) */
  affiliateCommissionPercent: number;
  /** multiplies every request rate limit of shared/limits.ts (suites that sign up many users raise it) */
  rateLimitFactor: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** let the page fetcher reach loopback and private networks (tests only; metadata stays refused) */
  fetchAllowPrivate: boolean;
  /** one page fetch, redirects and body included */
  fetchTimeoutMs: number;
  fetchConnectTimeoutMs: number;
  /** addresses and CIDR ranges that may read /metrics (METRICS_ALLOW); everyone else gets a 404 */
  metricsAllow: string[];
  /** how long a stop waits for requests and jobs in flight before handing the jobs back */
  shutdownTimeoutMs: number;
  /** how often an instance looks for due background jobs */
  jobsPollMs: number;
  /** link health (modules/health): each bookmark's re-check period, checks a day per instance, the
   * least time between two requests to one host (across instances), and the share of changed words
   * that makes a page "changed" */
  linkHealth: { intervalDays: number; dailyCap: number; hostSpacingMs: number; changedThreshold: number };
  /** the built web app; dist/web unless set (parallel end-to-end runs build into their own) */
  webDir: string | undefined;
  /** the operator's Markdown for About, Terms, Privacy, Blog and Tools; content/ fills the gaps */
  contentDir: string | undefined;
  /**
   * Send to Google Drive (issue 18 part 5): the operator's OAuth client; undefined unless both its id
   * and secret are set, and then the option says it is not configured. The URLs change only in tests.
   */
  googleDrive: GoogleDriveConfig | undefined;
  /** third-party sign-in (GOOGLE_CLIENT_*, OIDC_*): only these are offered */
  oidcProviders: OidcProviderConfig[];
  /** S3_*: files in this bucket instead of DATA_DIR/files; undefined unless S3_BUCKET is set */
  s3: S3Settings | undefined;
}

export interface GoogleDriveConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  /** the API's origin: uploads go to {apiUrl}/upload/drive/v3/files */
  apiUrl: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir, 'session-secret'),
    // its own file: a new session secret must not make the sealed passwords unreadable
    secretsKey: e.SECRETS_KEY ?? readOrCreateSecret(dataDir, 'secrets-key'),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    trustProxy: proxySetting(e.TRUST_PROXY),
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    affiliateCommissionPercent: e.AFFILIATE_COMMISSION_PERCENT,
    logLevel: e.LOG_LEVEL,
    fetchAllowPrivate: e.FETCH_ALLOW_PRIVATE === '1' || e.FETCH_ALLOW_PRIVATE === 'true',
    fetchTimeoutMs: e.FETCH_TIMEOUT_MS,
    fetchConnectTimeoutMs: e.FETCH_CONNECT_TIMEOUT_MS,
    jobsPollMs: e.JOBS_POLL_MS,
    metricsAllow: e.METRICS_ALLOW.split(',').map((a) => a.trim()),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    linkHealth: {
      intervalDays: e.LINK_CHECK_DAYS,
      dailyCap: e.LINK_CHECK_DAILY_CAP,
      hostSpacingMs: e.LINK_CHECK_HOST_SPACING_MS,
      changedThreshold: e.LINK_CHANGED_THRESHOLD,
    },
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : undefined,
    contentDir: e.CONTENT_DIR ? path.resolve(e.CONTENT_DIR) : undefined,
    googleDrive:
      e.GOOGLE_DRIVE_CLIENT_ID && e.GOOGLE_DRIVE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_DRIVE_CLIENT_ID,
            clientSecret: e.GOOGLE_DRIVE_CLIENT_SECRET,
            authUrl: e.GOOGLE_DRIVE_AUTH_URL,
            tokenUrl: e.GOOGLE_DRIVE_TOKEN_URL,
            apiUrl: e.GOOGLE_DRIVE_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
    oidcProviders: oidcProviders(e),
    s3: s3Settings(e),
  };
}

/** The bucket's settings when S3_BUCKET is set; other S3_* settings without it are a mistake. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)
      throw new ConfigError('Invalid configuration: S3_BUCKET is needed to store files in S3');
    return undefined;
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** A provider is offered only when its client id and secret (and, for OIDC_*, its issuer) are all set. */
function oidcProviders(e: z.infer<typeof envSchema>): OidcProviderConfig[] {
  const both = (id?: string, secret?: string, prefix = 'OIDC') => {
    if (Boolean(id) !== Boolean(secret))
      throw new ConfigError(
        `Invalid configuration: ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together`,
      );
    return Boolean(id);
  };
  const list: OidcProviderConfig[] = [];
  if (both(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, 'GOOGLE'))
    list.push({
      id: 'google',
      name: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: e.GOOGLE_CLIENT_ID!,
      clientSecret: e.GOOGLE_CLIENT_SECRET!,
    });
  if (both(e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET) || e.OIDC_ISSUER) {
    if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID)
      throw new ConfigError(
        'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together',
      );
    // plain http only where the fetcher may reach private addresses: a test provider on 127.0.0.1
    const allowHttp = e.FETCH_ALLOW_PRIVATE === '1' || e.FETCH_ALLOW_PRIVATE === 'true';
    if (!e.OIDC_ISSUER.startsWith('https://') && !allowHttp)
      throw new ConfigError('Invalid configuration: OIDC_ISSUER must start with https://');
    list.push({
      id: 'openid',
      name: e.OIDC_NAME,
      // exactly as written: discovery compares it with the provider's own (Authentik's ends in /)
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET!,
    });
  }
  return list;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function proxySetting(value: string): number | string {
  if (value === 'true') return 1;
  if (value === 'false') return 0;
  return /^\d$/.test(value) ? Number(value) : value;
}

/**
 * Fastify's form of `trustProxy`: a count trusts that many hops nearest the server (Fastify itself
 * no longer takes a count), addresses are trusted by address.
 */
export function fastifyTrustProxy(tp: number | string): string | ((address: string, hop: number) => boolean) {
  return typeof tp === 'string' ? tp : (_address, hop) => hop < tp;
}

function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
