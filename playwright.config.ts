import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { EXTENSION_BAR_DISMISSED, GUIDE_SEEN } from './e2e/cookies.ts';
import { googleDrivePeerEnv } from './test/helpers/google-drive.ts';

const PORT = Number(process.env.E2E_PORT ?? 3211);
/** e2e/google-drive.spec.ts starts its Google OAuth + Drive peer here (parallel runs differ by E2E_PORT) */
const GOOGLE_DRIVE_PEER_PORT = PORT + 20000;
/** the journeys' OpenID provider (e2e/connections.spec.ts) */
const OIDC_PEER_PORT = Number(process.env.E2E_OIDC_PORT ?? 3499);

// Workers load this file again; the env set by the runner process keeps one data directory for all.
process.env.FOLIO_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'folio-e2e-'));
const dataDir = process.env.FOLIO_E2E_DATA_DIR;

/**
 * Journeys run side by side, each test on its own (fullyParallel): every one signs up users of its
 * own and finds its mail by what it holds. The two specs whose peer listens on a port the server
 * was started with (connections, google-drive) keep their tests in one worker, in order
 * (`test.describe.configure({ mode: 'default' })`). Workers measured on the 2-core machine:
 * docs/testing.md, "Journeys speed"; E2E_WORKERS overrides.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 3);

export default defineConfig({
  testDir: 'e2e',
  workers: WORKERS,
  // Waits end as soon as their condition holds; the limits only bound a machine under load
  // (docs/testing.md), where a journey can take several times its idle duration.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // A journey that fails and then passes is named as flaky at the end of the run
  // (scripts/test-summary.mjs) rather than failing it: rare timing races of a loaded 2-core
  // machine (docs/testing.md) must not hold back a change that passes on a second try. Twice failed
  // is failed.
  retries: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    storageState: { cookies: [GUIDE_SEEN, EXTENSION_BAR_DISMISSED], origins: [] },
    headless: true,
    trace: 'retain-on-failure',
    // the offline journeys (phone, offline) allow the service worker; elsewhere it would fetch the
    // whole app in the background and keep reader copies, requests no other journey is about
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // Seeds users with the operator CLI first: PGlite admits one process, so not while the server runs.
    command: 'bash e2e/start-server.sh',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // journeys save pages from a test site on 127.0.0.1 and wait for their capture
      FETCH_ALLOW_PRIVATE: '1',
      JOBS_POLL_MS: '200',
      // every journey signs up from 127.0.0.1
      RATE_LIMIT_FACTOR: '1000',
      ...googleDrivePeerEnv(`http://127.0.0.1:${GOOGLE_DRIVE_PEER_PORT}`),
      // e2e/connections.spec.ts starts this OpenID provider (test/helpers/oidc-provider.ts) in its
      // beforeAll; the app discovers it on first use, so other journeys never need it running
      OIDC_ISSUER: `http://127.0.0.1:${OIDC_PEER_PORT}`,
      OIDC_CLIENT_ID: 'folio-test',
      OIDC_CLIENT_SECRET: 'folio-test-secret-folio-test-secret',
      OIDC_NAME: 'Test ID',
      ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
    },
  },
});
