import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig } from './config.ts';

const dir = () => mkdtempSync(path.join(tmpdir(), 'folio-config-'));

describe('config', () => {
  it('keeps SECRETS_KEY apart from the session secret: set, or made once in DATA_DIR', () => {
    const dataDir = dir();
    const made = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(32) });
    expect(made.secretsKey).toBe(readFileSync(path.join(dataDir, 'secrets-key'), 'utf8').trim());
    expect(made.secretsKey).not.toBe(made.sessionSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).secretsKey).toBe(made.secretsKey);
    expect(loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: 'k'.repeat(32) }).secretsKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: 'short' })).toThrow(ConfigError);
  });

  it('has the documented defaults', () => {
    const dataDir = dir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, dataDir, databaseUrl: undefined, secureCookies: false });
    expect(config).toMatchObject({
      fetchAllowPrivate: false,
      fetchTimeoutMs: 15_000,
      fetchConnectTimeoutMs: 5_000,
      jobsPollMs: 2_000,
      linkHealth: { intervalDays: 30, dailyCap: 20_000, hostSpacingMs: 10_000, changedThreshold: 0.2 },
    });
  });

  it('reads the link-health settings and refuses a threshold above 1', () => {
    const config = loadConfig({
      DATA_DIR: dir(),
      LINK_CHECK_DAYS: '7',
      LINK_CHECK_DAILY_CAP: '100',
      LINK_CHECK_HOST_SPACING_MS: '2000',
      LINK_CHANGED_THRESHOLD: '0.5',
    });
    expect(config.linkHealth).toEqual({
      intervalDays: 7,
      dailyCap: 100,
      hostSpacingMs: 2000,
      changedThreshold: 0.5,
    });
    expect(() => loadConfig({ DATA_DIR: dir(), LINK_CHANGED_THRESHOLD: '2' })).toThrow();
  });

  it('stores files in S3 only when S3_BUCKET is set, and names what is missing', () => {
    const dataDir = dir();
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        S3_BUCKET: 'folio-files',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'folio-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // on AWS itself: no endpoint, credentials from the instance's role
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'folio', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-1',
      accessKeyId: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'Bad_Bucket' })).toThrow(
      'Invalid configuration: S3_BUCKET must be a bucket name',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'folio', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      'S3_BUCKET is needed to store files in S3',
    );
  });

  it('reads the fetcher and job settings', () => {
    const config = loadConfig({
      DATA_DIR: dir(),
      FETCH_ALLOW_PRIVATE: '1',
      FETCH_TIMEOUT_MS: '500',
      FETCH_CONNECT_TIMEOUT_MS: '200',
      JOBS_POLL_MS: '100',
    });
    expect(config).toMatchObject({
      fetchAllowPrivate: true,
      fetchTimeoutMs: 500,
      fetchConnectTimeoutMs: 200,
      jobsPollMs: 100,
    });
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dataDir = dir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'folio.example' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ FETCH_ALLOW_PRIVATE: 'yes please' }, 'FETCH_ALLOW_PRIVATE'],
    [{ FETCH_TIMEOUT_MS: '0' }, 'FETCH_TIMEOUT_MS'],
    [{ TRUST_PROXY: 'all of them' }, 'TRUST_PROXY'],
    [{ RATE_LIMIT_FACTOR: '0' }, 'RATE_LIMIT_FACTOR'],
  ])('stops with one line naming the variable for %j', (env, name) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir(), ...env });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect((error as Error).message).not.toContain('\n');
  });

  it('uses secure cookies behind an https PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: dir(), PUBLIC_URL: 'https://folio.example/' })).toMatchObject({
      secureCookies: true,
      publicUrl: 'https://folio.example',
    });
  });

  it('reads TRUST_PROXY as a count of proxies or their addresses', () => {
    const tp = (TRUST_PROXY?: string) => loadConfig({ DATA_DIR: dir(), TRUST_PROXY }).trustProxy;
    expect([tp(), tp('0'), tp('false'), tp('1'), tp('true'), tp('2')]).toEqual([0, 0, 0, 1, 1, 2]);
    expect(tp('10.0.0.0/8,loopback')).toBe('10.0.0.0/8,loopback');
    // a count trusts the hops nearest the server: with one proxy, the address it appended is the client
    const trust = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([trust('10.0.0.1', 0), trust('6.6.6.6', 1)]).toEqual([true, false]);
    expect(fastifyTrustProxy('loopback')).toBe('loopback');
  });

  it('reads METRICS_ALLOW as addresses and ranges, and SHUTDOWN_TIMEOUT_MS', () => {
    const base = loadConfig({ DATA_DIR: dir() });
    expect(base).toMatchObject({ metricsAllow: ['127.0.0.1', '::1'], shutdownTimeoutMs: 25_000 });
    const set = loadConfig({
      DATA_DIR: dir(),
      METRICS_ALLOW: '10.0.0.0/8, fd00::/8',
      SHUTDOWN_TIMEOUT_MS: '5000',
    });
    expect(set).toMatchObject({ metricsAllow: ['10.0.0.0/8', 'fd00::/8'], shutdownTimeoutMs: 5000 });
    for (const bad of ['everyone', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ DATA_DIR: dir(), METRICS_ALLOW: bad })).toThrow(/METRICS_ALLOW/);
    }
  });
});
